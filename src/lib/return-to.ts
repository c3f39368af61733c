/**
 * Where a sign-in started from a login prompt returns to. The prompt sends the visitor to
 * `/login?next=<path>`; the Kakao button keeps that path in this tab's sessionStorage across the trip
 * to Kakao; `/auth` (and, for a new member, the end of sign-up) goes back to it. Only a same-origin
 * path is ever used: `/event/8?x=1` yes; `//evil.example`, `https://…`, `/\evil`, and the sign-in
 * pages themselves no.
 */
import { readStorage, removeStorage, writeStorage } from '#client/browser';

export const RETURN_TO_KEY = 'signInReturnTo';
const MAX_LENGTH = 512;
const SIGN_IN_PAGES = ['/login', '/auth', '/signup', '/success/signup'];

/** The path itself when it is a safe same-origin place to return to, else null. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // Control characters (tabs and newlines are dropped by URL parsers, turning `/\t/x` into `//x`).
  if (Array.from(raw).some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(raw, 'https://same.origin');
  } catch {
    return null;
  }
  if (url.origin !== 'https://same.origin') return null;
  if (SIGN_IN_PAGES.includes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page address of a prompt opened on `path` (home needs no `next`). */
export function loginPathFrom(path: string): string {
  const safe = safeReturnPath(path);
  return safe && safe !== '/' ? `/login?next=${encodeURIComponent(safe)}` : '/login';
}

/** On leaving for Kakao: remember `next` when it is safe, else forget any earlier one. */
export function rememberReturnPath(next: string | null): void {
  const safe = safeReturnPath(next);
  if (safe) writeStorage('session', RETURN_TO_KEY, safe);
  else removeStorage('session', RETURN_TO_KEY);
}

/** The remembered path, still kept (sign-up reads it to label its last button). */
export function peekReturnPath(): string | null {
  return safeReturnPath(readStorage('session', RETURN_TO_KEY));
}

/** The remembered path, forgotten as it is used. */
export function takeReturnPath(): string | null {
  const path = peekReturnPath();
  removeStorage('session', RETURN_TO_KEY);
  return path;
}
