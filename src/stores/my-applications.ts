/**
 * 내 신청 (/my/applications, issue 40): the member's applications, newest first, a page at a time, and
 * what the applicant does with them: 참여 확정 and 신청 취소 (each behind a confirm), 수정 while the
 * author has not decided, and the calendar file of an agreed shoot. The moves a card offers are the
 * transition table's (`applicantMoves`); a refusal is a toast with the server's Korean reason.
 */
import { atom } from 'nanostores';
import { isApiRequestError } from '#client/api';
import { downloadCalendar, editApplication, fetchMyApplications, moveApplication } from '#client/application-api';
import type { ApplicationMove } from '#lib/applications';
import type { ApplicationBody, ApplicationResponse } from '#lib/contract';
import { applicationCopy } from '#lib/copy-applications';
import { withLoadedPage, type PagedList } from '#lib/page';
import { enterMemberPage, errorMessage } from './member';
import { openConfirm, showToast } from './ui';

export const MY_APPLICATIONS_PAGE_SIZE = 20;

export interface MyApplicationsState extends PagedList<ApplicationResponse> {
  error: string | null;
  /** Applications with a call in flight (their buttons wait). */
  pending: readonly number[];
}

const INITIAL: MyApplicationsState = {
  status: 'loading',
  items: [],
  nextPage: 0,
  hasNext: false,
  error: null,
  pending: [],
};

export const $myApplications = atom<MyApplicationsState>(INITIAL);

async function load(page: number): Promise<void> {
  const before = $myApplications.get();
  $myApplications.set({ ...before, status: page === 0 ? 'loading' : 'loadingMore', error: null });
  try {
    const answer = await fetchMyApplications(page, MY_APPLICATIONS_PAGE_SIZE);
    $myApplications.set({ ...withLoadedPage($myApplications.get(), page, answer), error: null });
  } catch (err) {
    if (isApiRequestError(err) && err.status === 401) return;
    console.error('my applications not loaded', err);
    $myApplications.set({ ...$myApplications.get(), status: 'error', error: applicationCopy.my.loadFailed });
  }
}

export async function openMyApplications(): Promise<void> {
  const me = await enterMemberPage('member');
  if (me) await load(0);
}

export function loadMoreApplications(): Promise<void> {
  const s = $myApplications.get();
  if (s.status !== 'ready' || !s.hasNext) return Promise.resolve();
  return load(s.nextPage);
}

export function retryMyApplications(): Promise<void> {
  const s = $myApplications.get();
  return load(s.items.length > 0 ? s.nextPage : 0);
}

function replace(a: ApplicationResponse): void {
  const s = $myApplications.get();
  $myApplications.set({ ...s, items: s.items.map((x) => (x.id === a.id ? a : x)) });
}

function setPending(id: number, on: boolean): void {
  const s = $myApplications.get();
  const pending = s.pending.filter((p) => p !== id);
  $myApplications.set({ ...s, pending: on ? [...pending, id] : pending });
}

async function move(a: ApplicationResponse, to: ApplicationMove): Promise<void> {
  setPending(a.id, true);
  try {
    replace(await moveApplication(a.id, { to }));
    showToast(applicationCopy.moved[to]);
  } catch (err) {
    if (isApiRequestError(err) && err.status === 401) return;
    console.error('application move failed', err);
    showToast(isApiRequestError(err) && err.status < 500 ? errorMessage(err) : applicationCopy.moveFailed, 'error');
  } finally {
    setPending(a.id, false);
  }
}

/** 참여 확정 or 신청 취소, each after its confirm. */
export function askApplicantMove(a: ApplicationResponse, to: 'CONFIRMED' | 'WITHDRAWN'): void {
  const c = applicationCopy.confirm[to];
  openConfirm({ title: c.title, content: c.content, confirmLabel: c.label, onConfirm: () => move(a, to) });
}

/** 수정: the edited intake; a refusal throws for the sheet to show. */
export async function saveApplicationEdit(a: ApplicationResponse, body: ApplicationBody): Promise<void> {
  replace(await editApplication(a.id, body));
  showToast(applicationCopy.sheet.saved);
}

/** 캘린더에 추가: the shoot's `.ics`, fetched with the token and saved by the browser. */
export async function addToCalendar(a: ApplicationResponse): Promise<void> {
  try {
    await downloadCalendar(a.id);
  } catch (err) {
    if (isApiRequestError(err) && err.status === 401) return;
    console.error('calendar file not downloaded', err);
    showToast(
      isApiRequestError(err) && err.status > 0 && err.status < 500
        ? errorMessage(err)
        : applicationCopy.my.calendarFailed,
      'error',
    );
  }
}
