/**
 * The member pages' gate and my page (spec §2 My page, §4 Sign-out, §6): who may open the page, the
 * member's own data loaded with the stored token (never rendered by the server), the saved counts, and
 * log out and withdrawal behind their confirm dialogs.
 */
import { atom } from 'nanostores';
import { fetchMe, isApiRequestError } from '#client/api';
import { hasAccessToken } from '#client/auth';
import { navigate, readStorage, removeStorage, writeStorage } from '#client/browser';
import type { PhotographerResponse, PromotionListItem, UserResponse } from '#lib/contract';
import type { HiddenItem } from '#lib/contract-moderation';
import { copy } from '#lib/copy';
import { memberCopy } from '#lib/copy-member';
import { isPhotographerMember, memberPageAccess, type MemberPageRequirement } from '#lib/member-access';
import {
  fetchPhotographer,
  fetchMyHidden,
  fetchSavedClosingSoon,
  fetchSavedCount,
  withdrawMembership,
  type SavedType,
} from '#client/member-api';
import { logout, markUnregistered, setSessionUser } from './session';
import { carryNotice, openConfirm, showToast } from './ui';

export type GateState =
  | { status: 'checking' }
  | { status: 'ready'; me: UserResponse }
  | { status: 'denied'; message: string; redirectTo: string }
  | { status: 'error'; message: string };

export const $gate = atom<GateState>({ status: 'checking' });

/**
 * The wrong member for this page: it moves on at once (history replaced) and the page it lands on says
 * why, in Korean; the message also shows here while the next page loads. The server cannot decide this
 * before sending the page: the member's tokens live in localStorage and reach it only on API calls, so
 * the page's HTML is the same for everyone and its form stays hidden (MemberGate) until the island knows.
 */
export function denyPage(message: string, redirectTo: string): void {
  $gate.set({ status: 'denied', message, redirectTo });
  carryNotice(message, redirectTo.split(/[?#]/)[0]);
  navigate(redirectTo, { replace: true });
}

export function errorMessage(err: unknown): string {
  return isApiRequestError(err) ? err.message : copy.api.unexpected;
}

/**
 * Opening a member page: without a stored token to /login; an unregistered member to /signup (marked
 * unregistered, so /signup keeps it); the wrong role gets the message and is sent away. Resolves the member (fresh from GET /users/me) when the page
 * may show, else null. A 401 has already signed the visitor out through the API client.
 */
export async function enterMemberPage(requirement: MemberPageRequirement): Promise<UserResponse | null> {
  if (!hasAccessToken()) {
    navigate('/login', { replace: true });
    return null;
  }
  $gate.set({ status: 'checking' });
  let me: UserResponse;
  try {
    me = await fetchMe();
  } catch (err) {
    if (isApiRequestError(err) && err.status === 401) return null;
    console.error('member page: /users/me failed', err);
    $gate.set({ status: 'error', message: errorMessage(err) });
    return null;
  }
  const decision = memberPageAccess(me, requirement);
  if (decision.kind === 'signup') {
    // A stored session may still call the member signed in (e.g. from before a withdrawal): /signup
    // would send a signed-in visitor home.
    markUnregistered();
    navigate('/signup', { replace: true });
    return null;
  }
  // Roles may have changed since sign-in (a USER who became a PHOTOGRAPHER): keep the session current.
  setSessionUser(me);
  if (decision.kind === 'denied') {
    denyPage(decision.message, decision.redirectTo);
    return null;
  }
  $gate.set({ status: 'ready', me });
  return me;
}

// --- a message carried to the next page (after an edit returns to /mypage) ---

const FLASH_KEY = 'memberFlash';

/** What an editor says on my page after a save (a failure stays on the editor). */
export function setFlash(message: string): void {
  writeStorage('session', FLASH_KEY, message);
}

/** Shows and forgets the message an editor left for this page. */
export function showFlash(): void {
  const stored = readStorage('session', FLASH_KEY);
  if (!stored) return;
  removeStorage('session', FLASH_KEY);
  showToast(stored);
}

// --- my page ---

export type SavedCounts = Record<SavedType, number | null>;

export interface MyPageState {
  status: 'loading' | 'ready';
  me: UserResponse | null;
  /** The member's photographer profile and page, for the PHOTOGRAPHER view. */
  photographer: PhotographerResponse | null;
  /** null while loading or after a failure (the count is then not a link). */
  counts: SavedCounts;
  /** Saved events closing within CLOSING_SOON_DAYS, soonest first (empty when none or not loaded). */
  closingSoon: PromotionListItem[];
  /** The member's content an admin hid, newest first: a notice at the top of the page. */
  hidden: HiddenItem[];
}

/** My page shows the saved events that close within this many days (D-3 to today). */
export const CLOSING_SOON_DAYS = 3;

export const $myPage = atom<MyPageState>({
  status: 'loading',
  me: null,
  photographer: null,
  counts: { promotion: null, photographer: null },
  closingSoon: [],
  hidden: [],
});

async function countOrNull(type: SavedType): Promise<number | null> {
  try {
    return await fetchSavedCount(type);
  } catch (err) {
    console.warn(`saved ${type} count not loaded`, err);
    return null;
  }
}

export async function loadMyPage(): Promise<void> {
  const me = await enterMemberPage('member');
  if (!me) return;
  showFlash();
  $myPage.set({ ...$myPage.get(), status: 'loading', me });
  const [photographer, promotion, photographers, closingSoon, hidden] = await Promise.all([
    isPhotographerMember(me)
      ? fetchPhotographer(me.id).catch((err: unknown) => {
          console.warn('photographer profile not loaded', err);
          return null;
        })
      : Promise.resolve(null),
    countOrNull('promotion'),
    countOrNull('photographer'),
    // A reminder, not the page's purpose: without it the page still works.
    fetchSavedClosingSoon(CLOSING_SOON_DAYS).catch((err: unknown) => {
      console.warn('closing-soon saved events not loaded', err);
      return [];
    }),
    fetchMyHidden().catch((err: unknown) => {
      console.warn('hidden content not loaded', err);
      return [];
    }),
  ]);
  $myPage.set({
    status: 'ready',
    me,
    photographer,
    counts: { promotion, photographer: photographers },
    closingSoon,
    hidden,
  });
}

// --- log out and withdrawal ---

/** Member drafts kept in this tab (the event form), forgotten when the session ends. */
function forgetMemberDrafts(): void {
  try {
    const store = globalThis.sessionStorage;
    if (!store) return;
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith('eventFormDraft:')) keys.push(key);
    }
    keys.forEach((k) => store.removeItem(k));
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

export function askLogout(): void {
  const t = memberCopy.myPage;
  openConfirm({
    title: t.logoutTitle,
    confirmLabel: t.logoutConfirm,
    onConfirm: async () => {
      forgetMemberDrafts();
      // Home says so, instead of greeting a first visitor.
      carryNotice(t.loggedOut, '/');
      await logout();
    },
  });
}

/** Withdrawal: the server first (DELETE /users/me), then the session ends. A failure keeps the session. */
export async function withdraw(): Promise<boolean> {
  try {
    await withdrawMembership();
  } catch (err) {
    if (isApiRequestError(err) && err.status === 401) return false;
    console.error('withdrawal failed', err);
    showToast(memberCopy.myPage.withdrawFailed, 'error');
    return false;
  }
  forgetMemberDrafts();
  carryNotice(memberCopy.myPage.withdrawn, '/');
  await logout();
  return true;
}

export function askWithdraw(): void {
  const t = memberCopy.myPage;
  openConfirm({
    title: t.withdrawTitle,
    content: t.withdrawContent,
    confirmLabel: t.withdrawConfirm,
    onConfirm: async () => {
      await withdraw();
    },
  });
}

/** The limit modal of the image and keyword inputs: one message, acknowledged with 확인. */
export function openLimitModal(message: string): void {
  openConfirm({ title: [message], confirmLabel: memberCopy.ok, onConfirm: () => undefined, notice: true });
}
