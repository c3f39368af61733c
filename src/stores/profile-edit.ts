/**
 * The member editors' stores: /edit/user, /edit/photographer and /edit/photographer/detail. The enabling
 * rules and requests are the pure functions of src/lib/member-forms; these add the calls. A save returns
 * to /mypage with a flash message there. A failed save stays on the form with the Korean reason
 * (`$saveError`) and everything the member typed, as the event form does: deliberately unlike the spec,
 * which returns to /mypage even after a failure (docs/api.md, Choices). What the member types is kept
 * in the tab as a draft (src/lib/profile-drafts) until it is saved: a session ended mid-form leads to
 * the login page and back here with nothing lost.
 */
import { atom, type WritableAtom } from 'nanostores';
import { isApiRequestError } from '#client/api';
import { navigate, readStorageJson, removeStorage, writeStorageJson } from '#client/browser';
import { memberCopy } from '#lib/copy-member';
import type { Address } from '#lib/domain';
import { cleanImage, hasUnfinished, slotImages } from '#lib/image-list';
import {
  MAX_PORTFOLIO,
  PROFILE_PICKS,
  introInput,
  pageEditorFields,
  photographerEditState,
  photographerPageRequest,
  photographerProfileRequest,
  pickToggles,
  userEditState,
  userProfileRequest,
  withNameInput,
  withUserInstagram,
  type NameField,
  type NameKind,
  type PageEditorFields,
  type PhotographerEditState,
  type UserEditState,
} from '#lib/member-forms';
import {
  fetchPhotographer,
  updatePhotographerPage,
  updatePhotographerProfile,
  updateUserProfile,
} from '#client/member-api';
import {
  photographerDraft,
  profileDraftKey,
  userDraft,
  withPageDraft,
  withPhotographerDraft,
  withUserDraft,
  type PageDraft,
  type ProfileEditor,
} from '#lib/profile-drafts';
import { normaliseInstagramIdInput, PAGE_MESSAGES } from '#lib/rules/member';
import { createImageList, createSingleImage, isSingleUploading } from './image-uploads';
import { $gate, enterMemberPage, errorMessage, setFlash } from './member';
import { checkName } from './name-check';
import { showToast } from './ui';

export const $saving = atom(false);
export const $nameError = atom<string | null>(null);
/** Why the last save failed, in Korean, shown above the save button until the next try. */
export const $saveError = atom<string | null>(null);

/** The storage key of each open editor's draft (its member's); null until the editor is loaded. */
const draftKeys: Record<ProfileEditor, string | null> = { user: null, photographer: null, page: null };

function writeDraft(editor: ProfileEditor, draft: unknown): void {
  const key = draftKeys[editor];
  if (key) writeStorageJson('session', key, draft);
}

/**
 * The loaded state with this member's kept draft applied (saying so when it changes anything); from now
 * on every change is kept.
 */
function withKeptDraft<T>(
  editor: ProfileEditor,
  memberId: number,
  loaded: T,
  apply: (raw: unknown) => T | null,
  same: (a: T, b: T) => boolean,
): T {
  draftKeys[editor] = profileDraftKey(editor, memberId);
  const raw = readStorageJson('session', draftKeys[editor]);
  const restored = raw === null ? null : apply(raw);
  if (!restored || same(restored, loaded)) return loaded;
  showToast(memberCopy.eventForm.draftRestored);
  return restored;
}

const sameJson =
  <T>(project: (v: T) => unknown) =>
  (a: T, b: T) =>
    JSON.stringify(project(a)) === JSON.stringify(project(b));

let keeping = false;

/** Every change of an open editor is written to its draft (once per page: the stores outlive opens). */
function keepDrafts(): void {
  if (keeping) return;
  keeping = true;
  $userEdit.listen((s) => s && writeDraft('user', userDraft(s)));
  $photographerEdit.listen((s) => s && writeDraft('photographer', photographerDraft(s)));
  const page = () => {
    const s = $pageEditor.get();
    if (s) writeDraft('page', { ...s, portfolio: slotImages(portfolio.$slots.get()) } satisfies PageDraft);
  };
  $pageEditor.listen(page);
  portfolio.$slots.listen(page);
}

/** Sends, then back to /mypage with a flash message; after a failure the form stays as typed, with why. */
async function saveAndReturn(
  editor: ProfileEditor,
  call: () => Promise<unknown>,
  successMessage: string,
): Promise<void> {
  if ($saving.get()) return;
  $saving.set(true);
  $saveError.set(null);
  try {
    await call();
    const key = draftKeys[editor];
    draftKeys[editor] = null;
    if (key) removeStorage('session', key);
    setFlash(successMessage);
    navigate('/mypage', { replace: true });
  } catch (err) {
    $saving.set(false);
    // A 401 has already signed the member out and left the page.
    if (isApiRequestError(err) && err.status === 401) return;
    console.error('profile save failed', err);
    $saveError.set(memberCopy.edit.saveFailed(errorMessage(err)));
  }
}

/** An editor opens without the failure of an earlier visit. */
function resetSave(): void {
  $saving.set(false);
  $saveError.set(null);
}

/** Changes an open editor's state; nothing while it is not loaded. */
function updaterOf<T>(store: WritableAtom<T | null>): (change: (s: T) => T) => void {
  return (change) => {
    const s = store.get();
    if (s) store.set(change(s));
  };
}

/** An editor's name field: its kind, typing in it and its duplicate check (`$nameError` says a failed one). */
export interface NameEditing {
  kind: NameKind;
  set: (input: string) => void;
  check: () => Promise<void>;
}

/** Typing in an editor's name field, and its duplicate check: the same for a nickname and a name. */
function nameEditing<T extends { nickname: NameField }>(kind: NameKind, store: WritableAtom<T | null>): NameEditing {
  const update = updaterOf(store);
  return {
    kind,
    set(input: string): void {
      update((s) => ({ ...s, nickname: withNameInput(s.nickname, input) }));
      $nameError.set(null);
    },
    check(): Promise<void> {
      return checkName(kind, {
        read: () => store.get()?.nickname ?? null,
        write: (nickname) => update((s) => ({ ...s, nickname })),
        setError: (message) => $nameError.set(message),
      });
    },
  };
}

/**
 * Sends an editor's request when its state makes one (the button is greyed otherwise): back to /mypage
 * after a save, the form kept as typed after a failure.
 */
function submitEditor<B>(
  editor: ProfileEditor,
  body: B | null,
  send: (body: B) => Promise<unknown>,
  successMessage: string,
): Promise<void> {
  if (!body) return Promise.resolve();
  return saveAndReturn(editor, () => send(body), successMessage);
}

/** Opens an editor of the member's own photographer profile: the member and the profile, or null. */
async function openOwnPhotographer() {
  resetSave();
  const me = await enterMemberPage('photographer');
  if (!me) return null;
  $gate.set({ status: 'checking' });
  const p = await loadOwnPhotographer(me.id);
  return p ? { me, p } : null;
}

// --- /edit/user ---

export const $userEdit = atom<UserEditState | null>(null);

const updateUser = updaterOf($userEdit);

export const userPicture = createSingleImage('USER_PROFILE_IMAGE', (image) =>
  updateUser((s) => ({ ...s, profileImage: image })),
);

export async function openUserEditor(): Promise<void> {
  resetSave();
  const me = await enterMemberPage('user');
  if (!me) return;
  $userEdit.set(
    withKeptDraft(
      'user',
      me.id,
      userEditState(me),
      (raw) => withUserDraft(userEditState(me), raw),
      sameJson(userDraft),
    ),
  );
  keepDrafts();
}

export const userName = nameEditing('USER', $userEdit);

export function setUserInstagram(input: string): void {
  updateUser((s) => withUserInstagram(s, input));
}

/** The delete-picture link: the member goes back to no picture (saved with the button). */
export function deleteUserPicture(): void {
  userPicture.clear();
  updateUser((s) => ({ ...s, profileImage: null }));
}

export function submitUserProfile(): Promise<void> {
  const s = $userEdit.get();
  const body = s ? userProfileRequest(s, isSingleUploading(userPicture.$upload.get())) : null;
  return submitEditor('user', body, updateUserProfile, memberCopy.edit.saved);
}

// --- /edit/photographer ---

export const $photographerEdit = atom<PhotographerEditState | null>(null);

const updatePhotographer = updaterOf($photographerEdit);

export const photographerPicture = createSingleImage('USER_PROFILE_IMAGE', (image) =>
  updatePhotographer((s) => ({ ...s, profileImage: image })),
);

/** Loads the member's photographer profile (GET /photographers/{id}); true when it is there. */
async function loadOwnPhotographer(meId: number) {
  try {
    return await fetchPhotographer(meId);
  } catch (err) {
    if (isApiRequestError(err) && err.status === 401) return null;
    console.error('own photographer profile not loaded', err);
    $gate.set({ status: 'error', message: errorMessage(err) });
    return null;
  }
}

export async function openPhotographerEditor(): Promise<void> {
  const own = await openOwnPhotographer();
  if (!own) return;
  const { me, p } = own;
  const loaded = photographerEditState(p);
  $photographerEdit.set(
    withKeptDraft(
      'photographer',
      me.id,
      loaded,
      (raw) => withPhotographerDraft(loaded, raw),
      sameJson(photographerDraft),
    ),
  );
  keepDrafts();
  $gate.set({ status: 'ready', me });
}

export const photographerName = nameEditing('PHOTOGRAPHER', $photographerEdit);

/** The editor's type and region chips. */
export const photographerChips = pickToggles(PROFILE_PICKS, updatePhotographer);

export function submitPhotographerProfile(): Promise<void> {
  const s = $photographerEdit.get();
  const body = s ? photographerProfileRequest(s, isSingleUploading(photographerPicture.$upload.get())) : null;
  return submitEditor('photographer', body, updatePhotographerProfile, memberCopy.edit.saved);
}

// --- /edit/photographer/detail ---

export const $pageEditor = atom<PageEditorFields | null>(null);

export const portfolio = createImageList({
  fileType: 'PHOTOGRAPHER_PORTFOLIO_IMAGE',
  max: MAX_PORTFOLIO,
  limitMessage: PAGE_MESSAGES.portfolioTooMany,
});

const updatePage = updaterOf($pageEditor);

export async function openPageEditor(): Promise<void> {
  const own = await openOwnPhotographer();
  if (!own) return;
  const { me, p } = own;
  const loaded = { fields: pageEditorFields(p), portfolio: p.portfolio.map(cleanImage) };
  const kept = withKeptDraft(
    'page',
    me.id,
    loaded,
    (raw) => withPageDraft(loaded.fields, loaded.portfolio, raw),
    sameJson((v) => withPageDraft(v.fields, v.portfolio, { ...v.fields, portfolio: v.portfolio })),
  );
  portfolio.reset(kept.portfolio);
  $pageEditor.set(kept.fields);
  keepDrafts();
  $gate.set({ status: 'ready', me });
}

export function setAddress(address: Address | null): void {
  updatePage((s) => ({ ...s, address }));
}

export function setPageInstagram(input: string): void {
  updatePage((s) => ({ ...s, instagramId: normaliseInstagramIdInput(input) }));
}

export function setContactLink(input: string): void {
  updatePage((s) => ({ ...s, contactLink: input.replace(/[\r\n]+/g, '') }));
}

export function setIntro(input: string): void {
  updatePage((s) => ({ ...s, description: introInput(input) }));
}

export function submitPhotographerPage(): Promise<void> {
  const s = $pageEditor.get();
  const slots = portfolio.$slots.get();
  const body = s ? photographerPageRequest(s, slotImages(slots), hasUnfinished(slots)) : null;
  return submitEditor('page', body, updatePhotographerPage, memberCopy.edit.pageSaved);
}
