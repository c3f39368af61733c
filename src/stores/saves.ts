/**
 * Saved state of the events and photographers on the page, and the save toggle (spec §4 Save toggle).
 *
 * The server renders every card as "not saved" with the public count (the HTML is the same for every
 * visitor); once live, the page's save buttons (`src/client/save-buttons.ts`) or toggles fill the real
 * state with ONE call:
 * - list pages: `GET /users/me/saves?promotionIds=…&photographerIds=…` for all ids on the page (ids
 *   already asked for are skipped, so a second caller asks for nothing);
 * - the event detail page: `GET /promotions/{id}/details`, which also counts the page view.
 *
 * Toggling without a stored access token opens the login-required dialog and calls nothing. Otherwise
 * the state and count change at once; a failure rolls them back and says why: only a 401 asks the
 * visitor to log in, an unfinished sign-up (403 REGISTRATION_REQUIRED) goes to /signup, anything else
 * (a deleted event, a network error) is a toast with its cause.
 */
import { map } from 'nanostores';
import { api, isApiRequestError } from '#client/api';
import { hasAccessToken } from '#client/auth';
import { copy } from '#lib/copy';
import { navigate, readStorage, removeStorage, writeStorage } from '#client/browser';
import { rememberReturnPath, safeReturnPath } from '#lib/return-to';
import { markUnregistered } from './session';
import { carryNotice, openLoginRequired, showToast } from './ui';

export type SaveKind = 'promotion' | 'photographer';

export interface SaveEntry {
  saved: boolean;
  /** Null while only the saved state is known: the toggle shows the count the server rendered. */
  count: number | null;
  pending: boolean;
}

export interface SaveBatch {
  promotionIds: readonly number[];
  photographerIds: readonly number[];
}

export const $saves = map<Record<string, SaveEntry>>({});

export function saveKey(kind: SaveKind, id: number): string {
  return `${kind}:${id}`;
}

const collection = (kind: SaveKind) => (kind === 'promotion' ? '/promotions' : '/photographers');

/**
 * Puts a card's public count in the store unless a count is there already. The page's saved-state
 * answer may come before a card's toggle mounts: it leaves the state and no count, which this fills.
 */
export function seedSave(kind: SaveKind, id: number, count: number): void {
  const key = saveKey(kind, id);
  const entry = $saves.get()[key];
  if (!entry) $saves.setKey(key, { saved: false, count: Math.max(0, count), pending: false });
  else if (entry.count === null) $saves.setKey(key, { ...entry, count: Math.max(0, count) });
}

/** How many toggles of each entry this page has started: an answer asked for before one is stale. */
const toggles = new Map<string, number>();
const togglesOf = (key: string) => toggles.get(key) ?? 0;

/**
 * The saved state (and live count) an answer gave. `toggledBefore`: the entry's toggles when it was
 * asked for; a toggle started since (in flight or done) wins over it.
 */
function setSaved(kind: SaveKind, id: number, saved: boolean, count?: number, toggledBefore?: number): void {
  const key = saveKey(kind, id);
  const entry = $saves.get()[key] ?? { saved: false, count: null, pending: false };
  if (entry.pending || (toggledBefore !== undefined && togglesOf(key) !== toggledBefore)) return;
  $saves.setKey(key, { ...entry, saved, count: count ?? entry.count });
}

const asked = new Set<string>();

/**
 * Fills the saved state of every id of the page with one call; ids already asked for are skipped, so
 * each toggle may call this with the page's whole batch. Without a token there is nothing to ask.
 * Failures are ignored (the cards stay "not saved"; a 401 signs out through the API client).
 */
interface SavedStateAnswer {
  promotionIds: number[];
  photographerIds: number[];
  promotionCounts?: Record<string, number>;
  photographerCounts?: Record<string, number>;
}

export async function loadSavedState(batch: SaveBatch): Promise<void> {
  if (!hasAccessToken()) return;
  const promotionIds = batch.promotionIds.filter((id) => !asked.has(saveKey('promotion', id)));
  const photographerIds = batch.photographerIds.filter((id) => !asked.has(saveKey('photographer', id)));
  if (promotionIds.length === 0 && photographerIds.length === 0) return;
  promotionIds.forEach((id) => asked.add(saveKey('promotion', id)));
  photographerIds.forEach((id) => asked.add(saveKey('photographer', id)));
  const before = (kind: SaveKind, id: number) => togglesOf(saveKey(kind, id));
  const toggledP = new Map(promotionIds.map((id) => [id, before('promotion', id)]));
  const toggledG = new Map(photographerIds.map((id) => [id, before('photographer', id)]));
  try {
    const answer = await api.get<SavedStateAnswer>('/users/me/saves', {
      query: { promotionIds: promotionIds.join(','), photographerIds: photographerIds.join(',') },
    });
    const savedP = new Set(answer.promotionIds);
    const savedG = new Set(answer.photographerIds);
    // Live counts: the page is a shared copy whose counts may be up to a minute old.
    promotionIds.forEach((id) =>
      setSaved('promotion', id, savedP.has(id), answer.promotionCounts?.[String(id)], toggledP.get(id)),
    );
    photographerIds.forEach((id) =>
      setSaved('photographer', id, savedG.has(id), answer.photographerCounts?.[String(id)], toggledG.get(id)),
    );
  } catch (err) {
    console.warn('saved state not loaded', err);
  }
}

/**
 * The live saved state and count of one entry, after another tab changed it: the count this page
 * shows was rendered before that change (issue 44, item 20).
 */
async function refreshCount(kind: SaveKind, id: number): Promise<void> {
  try {
    const answer = await api.get<SavedStateAnswer>('/users/me/saves', {
      query: kind === 'promotion' ? { promotionIds: String(id) } : { photographerIds: String(id) },
    });
    const saved = (kind === 'promotion' ? answer.promotionIds : answer.photographerIds).includes(id);
    const counts = kind === 'promotion' ? answer.promotionCounts : answer.photographerCounts;
    setSaved(kind, id, saved, counts?.[String(id)]);
  } catch (err) {
    console.warn('saved count not refreshed', err);
  }
}

export interface PromotionViewer {
  saveCount: number;
  isSaved: boolean;
  author: { id: number } | null;
}

const detailCalls = new Map<number, Promise<PromotionViewer | null>>();

/**
 * The event detail page's one call: `GET /promotions/{id}/details` counts this page view (once per
 * page load, whoever asks) and gives the fresh count and, for a member, the saved state.
 */
export function loadPromotionDetail(id: number): Promise<PromotionViewer | null> {
  let call = detailCalls.get(id);
  if (!call) {
    const toggledBefore = togglesOf(saveKey('promotion', id));
    call = api
      .get<PromotionViewer>(`/promotions/${id}/details`)
      .then((d) => {
        setSaved('promotion', id, d.isSaved, d.saveCount, toggledBefore);
        return d;
      })
      .catch((err: unknown) => {
        console.warn('event details not loaded', err);
        return null;
      });
    detailCalls.set(id, call);
  }
  return call;
}

// --- a save tapped before signing up (issue 44, item 12) ---

const PENDING_SAVE_KEY = 'pendingSave';

interface PendingSave {
  kind: SaveKind;
  id: number;
  /** The page it was tapped on: done only when the sign-up returns there. */
  from: string;
}

function herePath(): string {
  const here = globalThis.location as Location | undefined;
  return here ? `${here.pathname}${here.search ?? ''}` : '/';
}

function rememberPendingSave(kind: SaveKind, id: number): void {
  const from = safeReturnPath(herePath());
  if (from) writeStorage('session', PENDING_SAVE_KEY, JSON.stringify({ kind, id, from } satisfies PendingSave));
}

function readPendingSave(): PendingSave | null {
  try {
    const raw = JSON.parse(readStorage('session', PENDING_SAVE_KEY) ?? 'null') as Partial<PendingSave> | null;
    if (!raw || (raw.kind !== 'promotion' && raw.kind !== 'photographer')) return null;
    if (!Number.isSafeInteger(raw.id) || typeof raw.from !== 'string') return null;
    return { kind: raw.kind, id: raw.id as number, from: raw.from };
  } catch {
    return null;
  }
}

/**
 * At the end of a sign-up: the save tapped before it, when the sign-up returns to the page it was
 * tapped on (`returnPath`, lib/return-to); a save left by a prompt the visitor dismissed is dropped.
 * Resolves whether a save was made (a 409, saved meanwhile, counts as made).
 */
export async function completePendingSave(returnPath: string | null): Promise<boolean> {
  const pending = readPendingSave();
  removeStorage('session', PENDING_SAVE_KEY);
  if (!pending || pending.from !== returnPath) return false;
  try {
    await api.post<void>(`${collection(pending.kind)}/${pending.id}/save`);
    return true;
  } catch (err) {
    if (isApiRequestError(err) && err.status === 409) return true;
    console.warn('pending save not made', err);
    return false;
  }
}

/** After the rollback: what the member is told (or where they are sent) for this failure. */
function explainSaveFailure(err: unknown, saving: boolean): void {
  const status = isApiRequestError(err) ? err.status : 0;
  if (status === 401) {
    openLoginRequired();
    return;
  }
  if (status === 403 && isApiRequestError(err) && err.code === 'REGISTRATION_REQUIRED') {
    // Told why on /signup, and brought back here with the save done once sign-up is finished.
    markUnregistered();
    carryNotice(copy.browse.save.signupReason);
    rememberReturnPath(herePath());
    navigate('/signup');
    return;
  }
  if (!isApiRequestError(err)) console.error('save toggle failed', err);
  const cause = isApiRequestError(err) ? err.message : copy.api.unexpected;
  showToast(copy.browse.save.failed(saving, cause), 'error');
}

/** The save toggle: login-required dialog without a token; optimistic change, rollback on failure. */
export async function toggleSave(kind: SaveKind, id: number): Promise<void> {
  const key = saveKey(kind, id);
  const before = $saves.get()[key] ?? { saved: false, count: 0, pending: false };
  if (before.pending) return;
  if (!hasAccessToken()) {
    rememberPendingSave(kind, id);
    openLoginRequired();
    return;
  }
  const saving = !before.saved;
  const count = before.count ?? 0;
  toggles.set(key, togglesOf(key) + 1);
  $saves.setKey(key, { saved: saving, count: Math.max(0, count + (saving ? 1 : -1)), pending: true });
  try {
    if (saving) await api.post<void>(`${collection(kind)}/${id}/save`);
    else await api.delete(`${collection(kind)}/${id}/unsave`);
    $saves.setKey(key, { ...($saves.get()[key] ?? before), pending: false });
  } catch (err) {
    const status = isApiRequestError(err) ? err.status : 0;
    if (saving && status === 409) {
      // Saved already (another tab): the state is right now, the count this page holds may not be.
      $saves.setKey(key, { saved: true, count: before.count, pending: false });
      void refreshCount(kind, id);
    } else if (!saving && status === 404 && isApiRequestError(err) && err.code.endsWith('_SAVE_NOT_FOUND')) {
      $saves.setKey(key, { saved: false, count: before.count, pending: false });
      void refreshCount(kind, id);
    } else {
      $saves.setKey(key, { ...before, pending: false });
      if (saving && status === 403) rememberPendingSave(kind, id);
      explainSaveFailure(err, saving);
    }
  }
}

/** For tests: forget what was asked for and every entry. */
export function resetSaves(): void {
  asked.clear();
  detailCalls.clear();
  toggles.clear();
  $saves.set({});
}
