/**
 * The session in the browser (spec §3, §4): the session user `{id, roles}` persisted in localStorage
 * (signed out: id -1, roles `['']`) and the actions that sign in and out. Tokens live in localStorage
 * through src/lib/auth; every API call goes through src/lib/api, whose 401s land in `forcedLogout`.
 *
 * Islands read these stores after hydration only, to match the server's HTML:
 * `useStore($sessionUser, { ssr: () => SIGNED_OUT_USER })`, `useStore($isSignedIn, { ssr: () => false })`.
 */
import { computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import {
  SESSION_USER_KEY,
  consumeOAuthState,
  decodeSessionUser,
  exchangeKakaoCode,
  getAccessToken,
  getRefreshToken,
  isSignedInUser,
  removeAccessToken,
  removeRefreshToken,
  signedOutUser,
  storeTokens,
  tokensRotatedWithin,
  type KakaoClient,
  type SessionUser,
} from '#client/auth';
import {
  loginWithKakao,
  refreshAccessToken,
  revokeRefreshToken,
  setUnauthorizedHandler,
  type LoginResponse,
} from '#client/api';
import { currentPathname, navigate, writeStorage } from '#client/browser';
import { VISITED_KEY } from '#client/first-visit';
import { copy } from '#lib/copy';
import { paths } from '#lib/paths';
import { loginPathFrom, takeReturnPath } from '#lib/return-to';
import { carryNotice, showToast } from './ui';

export const $sessionUser = persistentAtom<SessionUser>(SESSION_USER_KEY, signedOutUser(), {
  encode: (user) => JSON.stringify(user),
  decode: (raw) => decodeSessionUser(raw),
});

/** A registered member is signed in (the session user has an id). */
export const $isSignedIn = computed($sessionUser, isSignedInUser);

/** The session user's roles include PHOTOGRAPHER. */
export const $isPhotographer = computed($sessionUser, (u) => u.roles.includes('PHOTOGRAPHER'));

/** Stores id and roles after a completed sign-in or registration. */
export function setSessionUser(user: { id: number; roles: readonly string[] }): void {
  $sessionUser.set({ id: user.id, roles: user.roles.length > 0 ? [...user.roles] : [''] });
}

/**
 * A member who has not finished signing up: the tokens stay (registration needs them), the session user
 * is the signed-out one, so /signup keeps the member and the rest of the site shows no member things.
 */
export function markUnregistered(): void {
  $sessionUser.set(signedOutUser());
}

export type SignInOutcome = 'home' | 'signup';

/**
 * Applies a POST /auth/login answer (spec §4 steps 3–4): both tokens stored; with a completed
 * registration the session user too. Says where to go next.
 */
export function signIn(answer: LoginResponse): SignInOutcome {
  storeTokens(answer.accessToken.value, answer.refreshToken.value);
  if (answer.isRegistrationCompleted) {
    setSessionUser(answer.user);
    return 'home';
  }
  markUnregistered();
  return 'signup';
}

function endSession(): void {
  $sessionUser.set(signedOutUser());
  removeAccessToken();
  // Whoever was signed in has been here: home must not greet them as a first visitor.
  writeStorage('session', VISITED_KEY, 'true');
  if (currentPathname() !== '/') navigate('/');
}

/**
 * The member's forms: a 401 there leads to the login page and back, the draft kept in this tab (each
 * keeps its draft in sessionStorage as it is typed: src/stores/event-form.ts, src/stores/profile-edit.ts).
 */
export const FORM_PAGES: readonly string[] = [
  paths.newEvent,
  paths.editUser,
  paths.editPhotographer,
  paths.editPhotographerPage,
];

/**
 * Spec §4 forced logout after a 401: session user reset, access token removed, to `/` unless already
 * there, saying the session ended. The refresh token stays, as the spec says. Mid-form the member goes
 * to the login page instead, which returns to the form (issue 44, item 6: a deliberate deviation).
 */
export function forcedLogout(): void {
  const path = currentPathname();
  if (FORM_PAGES.includes(path)) {
    const here = globalThis.location as Location | undefined;
    const login = loginPathFrom(`${path}${here?.search ?? ''}`);
    carryNotice(copy.login.expired, '/login');
    $sessionUser.set(signedOutUser());
    removeAccessToken();
    writeStorage('session', VISITED_KEY, 'true');
    navigate(login);
    return;
  }
  if (path === '/') showToast(copy.login.expired);
  else carryNotice(copy.login.expired, '/');
  endSession();
}

/**
 * Log out (the caller has already asked for confirmation): the server revokes the refresh token, then
 * the session ends as in a forced logout and the spent refresh token is dropped too. A failed
 * revocation does not keep anyone signed in.
 */
export async function logout(): Promise<void> {
  // A shared phone: once the member signs out, this browser stops showing their notifications.
  try {
    if ('serviceWorker' in navigator && (await navigator.serviceWorker.getRegistration('/')))
      await (await import('#client/push')).turnPushOff();
  } catch (err) {
    console.warn('logout: push not turned off', err);
  }
  const refreshToken = getRefreshToken();
  if (refreshToken) {
    try {
      await revokeRefreshToken(refreshToken);
    } catch (err) {
      console.warn('logout: refresh token not revoked', err);
    }
  }
  removeRefreshToken();
  endSession();
}

/**
 * A pair another tab rotated this recently is the session refreshed: home's refresh, which runs after
 * the largest paint (src/client/home-page.ts), can come seconds after another tab's (a tab opened in the
 * background paints late), and would rotate the pair again for nothing.
 */
export const FRESH_ROTATION_MS = 10_000;

/**
 * Spec §4 session refresh (home load): when a token is stored, rotates the token pair, unless a tab of
 * this browser did a moment ago; errors are ignored. Resolves whether the tokens are fresh.
 */
export async function refreshSession(): Promise<boolean> {
  if (!getAccessToken()) return false;
  if (tokensRotatedWithin(FRESH_ROTATION_MS)) return true;
  return refreshAccessToken();
}

setUnauthorizedHandler(forcedLogout);

export type SignInFailure = 'state' | 'cancelled' | 'token' | 'login';

/** Where /auth sends the visitor: `/`, `/signup`, or `/login?error=…` after a logged failure. */
export function loginErrorPath(reason: SignInFailure): string {
  return `/login?error=${reason}`;
}

/**
 * The /auth return (spec §4 sign-in flow): checks `state`, exchanges `code` at the provider's token
 * endpoint, signs in with POST /auth/login and stores the session. Resolves the address to go to
 * (with history replaced). Failures are logged, never thrown.
 */
export async function completeKakaoSignIn(client: KakaoClient, params: URLSearchParams): Promise<string> {
  const code = params.get('code');
  const providerError = params.get('error');
  const stateOk = consumeOAuthState(params.get('state'));
  if (providerError || !code) {
    console.error('sign-in: no authorization code', providerError ?? 'missing code');
    return loginErrorPath(providerError === 'access_denied' ? 'cancelled' : 'token');
  }
  if (!stateOk) {
    console.error('sign-in: state does not match the one this tab sent');
    return loginErrorPath('state');
  }
  let authKey: string;
  try {
    authKey = await exchangeKakaoCode(client, code);
  } catch (err) {
    console.error('sign-in: token exchange failed', err);
    return loginErrorPath('token');
  }
  try {
    const answer = await loginWithKakao(authKey);
    return signIn(answer) === 'home' ? (takeReturnPath() ?? '/') : '/signup';
  } catch (err) {
    console.error('sign-in: login failed', err);
    return loginErrorPath('login');
  }
}
