/**
 * Where the browser keeps the session (spec §3, §4, §9): the access and refresh tokens in localStorage
 * under `accessToken` / `refreshToken`, the session user `{id, roles}` persisted under `sessionUser`
 * (signed out: id -1, roles `['']`), and the Kakao OAuth `state` in sessionStorage.
 */
import { randomToken, readStorage, removeStorage, writeStorage, writeStorageJson } from '#client/browser';

export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
export const SESSION_USER_KEY = 'sessionUser';
export const OAUTH_STATE_KEY = 'kakaoOAuthState';
/** When a tab of this browser last rotated the token pair (ms since the epoch). */
export const ROTATED_AT_KEY = 'tokensRotatedAt';

export interface SessionUser {
  id: number;
  roles: string[];
}

/** The signed-out session user; treat as read-only (use `signedOutUser()` for a fresh copy). */
export const SIGNED_OUT_USER: SessionUser = { id: -1, roles: [''] };

export function signedOutUser(): SessionUser {
  return { id: -1, roles: [''] };
}

export function isSignedInUser(user: SessionUser): boolean {
  return user.id !== -1;
}

/** A stored session user, or the signed-out user when the stored value is missing or malformed. */
export function decodeSessionUser(raw: unknown): SessionUser {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return signedOutUser();
    }
  }
  if (typeof value !== 'object' || value === null) return signedOutUser();
  const { id, roles } = value as { id?: unknown; roles?: unknown };
  if (typeof id !== 'number' || !Number.isInteger(id)) return signedOutUser();
  if (!Array.isArray(roles) || !roles.every((r): r is string => typeof r === 'string')) return signedOutUser();
  return { id, roles: roles.length > 0 ? [...roles] : [''] };
}

export function getAccessToken(): string | null {
  const token = readStorage('local', ACCESS_TOKEN_KEY);
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

export function getRefreshToken(): string | null {
  const token = readStorage('local', REFRESH_TOKEN_KEY);
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

export function hasAccessToken(): boolean {
  return getAccessToken() !== null;
}

export function storeTokens(accessToken: string, refreshToken: string): void {
  writeStorage('local', ACCESS_TOKEN_KEY, accessToken);
  writeStorage('local', REFRESH_TOKEN_KEY, refreshToken);
}

/** Notes that the pair just stored came from a rotation (POST /auth/refresh), for every tab to see. */
export function markTokensRotated(now = Date.now()): void {
  writeStorage('local', ROTATED_AT_KEY, String(now));
}

/** Whether a tab of this browser rotated the pair less than `ms` ago. */
export function tokensRotatedWithin(ms: number, now = Date.now()): boolean {
  const at = Number(readStorage('local', ROTATED_AT_KEY));
  return Number.isFinite(at) && at > 0 && at <= now && now - at < ms;
}

export function removeAccessToken(): void {
  removeStorage('local', ACCESS_TOKEN_KEY);
}

export function removeRefreshToken(): void {
  removeStorage('local', REFRESH_TOKEN_KEY);
}

/** Writes the signed-out user straight to storage (used when the session store is not on the page). */
export function storeSignedOutUser(): void {
  writeStorageJson('local', SESSION_USER_KEY, signedOutUser());
}

/**
 * Seconds since the epoch at which a JWT access token expires, or null when it cannot be read.
 * Only used to refresh ahead of time; the server alone decides whether a token is valid.
 */
export function accessTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(globalThis.atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as {
      exp?: unknown;
    };
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}

// --- Kakao OAuth (authorization-code grant, spec §4 and §7) ---

export interface KakaoClient {
  /** Kakao's auth host (kauth.kakao.com, or the local stand-in in demo mode). */
  authBase: string;
  /** The REST API key: public in Kakao's model, it is the OAuth client id. */
  clientId: string;
  /** The /auth page of this site. */
  redirectUri: string;
}

export function kakaoAuthorizeUrl(client: KakaoClient, state: string): string {
  const url = new URL(`${client.authBase}/oauth/authorize`);
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('redirect_uri', client.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  return url.href;
}

export function kakaoTokenUrl(client: Pick<KakaoClient, 'authBase'>): string {
  return `${client.authBase}/oauth/token`;
}

/** The form body of the token exchange. */
export function kakaoTokenRequestBody(client: KakaoClient, code: string): URLSearchParams {
  return new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    code,
  });
}

/** A fresh random `state`, remembered in sessionStorage for the return to /auth. */
export function createOAuthState(): string {
  const state = randomToken(16);
  writeStorage('session', OAUTH_STATE_KEY, state);
  return state;
}

/** True when `state` is the one this tab sent; the remembered state is spent either way. */
export function consumeOAuthState(state: string | null): boolean {
  const expected = readStorage('session', OAUTH_STATE_KEY);
  removeStorage('session', OAUTH_STATE_KEY);
  return expected !== null && state !== null && state === expected;
}

/** The provider refused the code or could not be reached. */
export class KakaoTokenError extends Error {
  override readonly name = 'KakaoTokenError';
  constructor(
    readonly status: number,
    readonly error: string,
  ) {
    super(`Kakao token exchange failed: ${status} ${error}`);
  }
}

/** Exchanges an authorization code at Kakao's token endpoint (form-encoded POST) for its access token. */
export async function exchangeKakaoCode(client: KakaoClient, code: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(kakaoTokenUrl(client), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: kakaoTokenRequestBody(client, code),
    });
  } catch {
    throw new KakaoTokenError(0, 'network');
  }
  let body: { access_token?: unknown; error?: unknown } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    // handled below
  }
  if (!res.ok || typeof body.access_token !== 'string' || body.access_token === '') {
    throw new KakaoTokenError(res.status, typeof body.error === 'string' ? body.error : 'invalid_response');
  }
  return body.access_token;
}
