/**
 * The photographer's 신청 관리 (issue 40): /my/inbox lists their events that take applications on
 * 담아봐 with their counts; /my/inbox/{promotionId} lists one event's applicants, newest first, with a
 * filter by state, and makes the author's moves of the transition table (`authorMoves`): 선정하기 with
 * the shoot's date, time and place, 미선정 with an optional message, 선정 취소 with a reason, and from the
 * shoot's date 촬영 완료 and 불참. A refusal keeps the card as it was and says why.
 */
import { atom } from 'nanostores';
import { isApiRequestError } from '#client/api';
import { fetchApplicationInbox, fetchEventApplications, moveApplication } from '#client/application-api';
import type { ApplicationStatus } from '#lib/applications';
import type { ApplicationInboxEvent, ApplicationMoveBody, ApplicationResponse } from '#lib/contract';
import { applicationCopy } from '#lib/copy-applications';
import { memberCopy } from '#lib/copy-member';
import { withLoadedPage, type PagedList } from '#lib/page';
import { paths } from '#lib/paths';
import { denyPage, enterMemberPage, errorMessage } from './member';
import { openConfirm, showToast } from './ui';

// --- /my/inbox ---

export interface InboxState {
  status: 'loading' | 'ready' | 'error';
  events: ApplicationInboxEvent[];
  error: string | null;
}

export const $inbox = atom<InboxState>({ status: 'loading', events: [], error: null });

export async function openInbox(): Promise<void> {
  const me = await enterMemberPage('member');
  if (!me) return;
  $inbox.set({ ...$inbox.get(), status: 'loading', error: null });
  try {
    $inbox.set({ status: 'ready', events: await fetchApplicationInbox(), error: null });
  } catch (err) {
    if (isApiRequestError(err) && err.status === 401) return;
    console.error('application inbox not loaded', err);
    $inbox.set({ status: 'error', events: [], error: applicationCopy.inbox.loadFailed });
  }
}

// --- /my/inbox/{promotionId} ---

export const INBOX_PAGE_SIZE = 20;

export interface InboxEventState extends PagedList<ApplicationResponse> {
  promotionId: number | null;
  /** The event and its counts (from the inbox), null until loaded. */
  event: ApplicationInboxEvent | null;
  filter: ApplicationStatus | null;
  error: string | null;
  pending: readonly number[];
}

export const $inboxEvent = atom<InboxEventState>({
  status: 'loading',
  promotionId: null,
  event: null,
  filter: null,
  items: [],
  nextPage: 0,
  hasNext: false,
  error: null,
  pending: [],
});

async function loadApplicants(page: number): Promise<void> {
  const s = $inboxEvent.get();
  if (s.promotionId === null) return;
  const { promotionId, filter } = s;
  $inboxEvent.set({ ...s, status: page === 0 ? 'loading' : 'loadingMore', error: null });
  try {
    const answer = await fetchEventApplications(promotionId, filter, page, INBOX_PAGE_SIZE);
    const now = $inboxEvent.get();
    // A newer filter asked meanwhile: this answer is stale.
    if (now.filter !== filter || now.promotionId !== promotionId) return;
    $inboxEvent.set(withLoadedPage(now, page, answer));
  } catch (err) {
    if (isApiRequestError(err) && err.status === 401) return;
    if (isApiRequestError(err) && (err.status === 403 || err.status === 404)) {
      denyPage(err.status === 403 ? errorMessage(err) : memberCopy.access.eventMissing, paths.inbox);
      return;
    }
    console.error('applicants not loaded', err);
    $inboxEvent.set({ ...$inboxEvent.get(), status: 'error', error: applicationCopy.inbox.loadFailed });
  }
}

async function refreshCounts(): Promise<void> {
  const id = $inboxEvent.get().promotionId;
  try {
    const event = (await fetchApplicationInbox()).find((e) => e.promotionId === id) ?? null;
    if ($inboxEvent.get().promotionId === id) $inboxEvent.set({ ...$inboxEvent.get(), event });
  } catch (err) {
    console.warn('inbox counts not loaded', err);
  }
}

export async function openInboxEvent(promotionId: number): Promise<void> {
  const me = await enterMemberPage('member');
  if (!me) return;
  $inboxEvent.set({ ...$inboxEvent.get(), promotionId, filter: null, items: [], event: null });
  await Promise.all([loadApplicants(0), refreshCounts()]);
}

export function setInboxFilter(filter: ApplicationStatus | null): Promise<void> {
  const s = $inboxEvent.get();
  if (s.filter === filter) return Promise.resolve();
  $inboxEvent.set({ ...s, filter, items: [], hasNext: false });
  return loadApplicants(0);
}

export function loadMoreApplicants(): Promise<void> {
  const s = $inboxEvent.get();
  if (s.status !== 'ready' || !s.hasNext) return Promise.resolve();
  return loadApplicants(s.nextPage);
}

export function retryApplicants(): Promise<void> {
  return loadApplicants(0);
}

function setPending(id: number, on: boolean): void {
  const s = $inboxEvent.get();
  const pending = s.pending.filter((p) => p !== id);
  $inboxEvent.set({ ...s, pending: on ? [...pending, id] : pending });
}

/**
 * One of the author's moves. Resolves when done (the card shows the new state, the counts follow);
 * a refusal throws the API's error for a sheet to show, the card unchanged.
 */
export async function authorMove(a: ApplicationResponse, body: ApplicationMoveBody): Promise<void> {
  setPending(a.id, true);
  try {
    const moved = await moveApplication(a.id, body);
    const s = $inboxEvent.get();
    $inboxEvent.set({ ...s, items: s.items.map((x) => (x.id === moved.id ? moved : x)) });
    showToast(applicationCopy.moved[body.to]);
    void refreshCounts();
  } finally {
    setPending(a.id, false);
  }
}

/** 촬영 완료 or 불참, after its confirm; a refusal is a toast with the reason. */
export function askShootOutcome(a: ApplicationResponse, to: 'COMPLETED' | 'NO_SHOW'): void {
  const c = applicationCopy.confirm[to];
  openConfirm({
    title: c.title,
    content: c.content,
    confirmLabel: c.label,
    onConfirm: async () => {
      try {
        await authorMove(a, { to });
      } catch (err) {
        if (isApiRequestError(err) && err.status === 401) return;
        console.error('shoot outcome not saved', err);
        showToast(isApiRequestError(err) && err.status < 500 ? errorMessage(err) : applicationCopy.moveFailed, 'error');
      }
    },
  });
}
