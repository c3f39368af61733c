/**
 * The one typed client of `/api/v1` (api-contract.md). JSON in and out; the stored access token goes
 * out as `Authorization: Bearer …` whenever there is one; every failure is an `ApiRequestError`
 * `{status, code, message}`. Any 401 from a product call runs the forced logout of spec §4 (session
 * user reset, access token removed, back to `/` unless already there) and the error is rethrown.
 *
 * The forced logout itself belongs to the session store, which registers it with
 * `setUnauthorizedHandler`; until a store has registered, the client clears the stored session itself.
 */
import { copy } from '#lib/copy';
import type {
  LoginRequest,
  LoginResponse,
  RefreshRequest,
  RefreshResponse,
  TokenValue,
  UserResponse,
} from '#lib/contract';
import type { FileType, Gender, Image, PhotographyType, Region, SignupSource } from '#lib/domain';
import {
  REFRESH_TOKEN_KEY,
  accessTokenExpiry,
  getAccessToken,
  getRefreshToken,
  markTokensRotated,
  removeAccessToken,
  removeRefreshToken,
  storeSignedOutUser,
  storeTokens,
} from '#client/auth';
import { currentPathname, navigate } from '#client/browser';
import { storageChange, withTabLock } from '#client/tab-lock';

export const API_BASE = '/api/v1';

export interface ApiFieldError {
  field: string;
  message: string;
}

/** A failed API call. `status` 0 with code NETWORK_ERROR when no answer arrived. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: readonly ApiFieldError[] = [],
  ) {
    super(message);
  }
}

export function isApiRequestError(err: unknown): err is ApiRequestError {
  return err instanceof ApiRequestError;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  /** Query parameters; null, undefined, '' and empty lists are left out, lists repeat the key. */
  query?: Record<string, QueryValue>;
  /** JSON body. */
  body?: unknown;
  signal?: AbortSignal;
  /** Only for the token calls themselves: a 401 there must not sign the visitor out. */
  skipForcedLogout?: boolean;
  /** Only for the token calls themselves: no bearer header, no refresh ahead of expiry. */
  anonymous?: boolean;
}

// --- forced logout ---

let unauthorizedHandler: (() => void) | null = null;

/** The session store registers its forced logout here; returns a function that unregisters it. */
export function setUnauthorizedHandler(handler: () => void): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

/** Spec §4 forced logout, done on storage alone: for pages without the session store. */
export function clearSessionAndGoHome(): void {
  storeSignedOutUser();
  removeAccessToken();
  if (currentPathname() !== '/') navigate('/');
}

function runForcedLogout(): void {
  if (unauthorizedHandler) unauthorizedHandler();
  else clearSessionAndGoHome();
}

// --- requests ---

export function apiUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      for (const v of value as readonly (string | number)[]) params.append(key, String(v));
    } else {
      params.append(key, String(value));
    }
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

function authHeader(): Record<string, string> {
  const token = getAccessToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function errorFrom(res: Response): Promise<ApiRequestError> {
  let code = 'UNKNOWN';
  let message: string = copy.api.unexpected;
  let fieldErrors: ApiFieldError[] = [];
  try {
    const body = (await res.json()) as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof body.code === 'string') code = body.code;
    if (typeof body.message === 'string' && body.message) message = body.message;
    if (Array.isArray(body.errors)) {
      fieldErrors = body.errors.filter(
        (e): e is ApiFieldError =>
          typeof e === 'object' && e !== null && typeof e.field === 'string' && typeof e.message === 'string',
      );
    }
  } catch {
    // Not JSON (a proxy's error page): keep the generic message.
  }
  return new ApiRequestError(res.status, code, message, fieldErrors);
}

async function bodyOf<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiRequestError(res.status, 'BAD_RESPONSE', copy.api.unexpected);
  }
}

/** Turns a non-2xx answer into the thrown error, running the forced logout on a 401. */
async function settle<T>(res: Response, skipForcedLogout: boolean): Promise<T> {
  if (res.ok) return bodyOf<T>(res);
  const error = await errorFrom(res);
  if (res.status === 401 && !skipForcedLogout) runForcedLogout();
  throw error;
}

function networkError(err: unknown): unknown {
  if (err instanceof DOMException && err.name === 'AbortError') return err;
  return new ApiRequestError(0, 'NETWORK_ERROR', copy.api.network);
}

export async function apiRequest<T>(method: HttpMethod, path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { query, body, signal, skipForcedLogout = false, anonymous = false } = options;
  if (!anonymous) await refreshIfExpiring();
  const headers: Record<string, string> = { Accept: 'application/json', ...(anonymous ? {} : authHeader()) };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(apiUrl(path, query), init);
  } catch (err) {
    throw networkError(err);
  }
  return settle<T>(res, skipForcedLogout);
}

/**
 * GET of a file the API serves only with the token (an application's photo, its calendar file): the
 * answer's bytes as a Blob. Failures are `ApiRequestError`s like every call (a 401 signs out).
 */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  await refreshIfExpiring();
  const init: RequestInit = { method: 'GET', headers: authHeader(), credentials: 'same-origin' };
  if (signal) init.signal = signal;
  let res: Response;
  try {
    res = await fetch(apiUrl(path), init);
  } catch (err) {
    throw networkError(err);
  }
  if (!res.ok) await settle<never>(res, false);
  return res.blob();
}

type Opts = Omit<ApiRequestOptions, 'body'>;

/** Shorthands: `api.get<T>('/users/me')`, `api.post<T>('/promotions', body)`. */
export const api = {
  get: <T>(path: string, options?: Opts) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Opts) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Opts) => apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Opts) => apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T = void>(path: string, options?: Opts) => apiRequest<T>('DELETE', path, options),
};

// --- tokens ---

// The request and answer shapes are the contract's (lib/contract.ts), shared with the auth endpoints.
export type { LoginResponse, RefreshResponse, TokenValue };

/** POST /auth/login with the provider's access token. */
export function loginWithKakao(authKey: string): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('POST', '/auth/login', {
    body: { loginType: 'KAKAO', authKey } satisfies LoginRequest,
    anonymous: true,
    skipForcedLogout: true,
  });
}

/** POST /auth/logout: revokes the refresh token on the server (idempotent). */
export function revokeRefreshToken(refreshToken: string): Promise<void> {
  const body: RefreshRequest = { refreshToken };
  return apiRequest<void>('POST', '/auth/logout', { body, anonymous: true, skipForcedLogout: true });
}

let refreshing: Promise<boolean> | null = null;

/** The name of the lock every tab takes around a refresh (src/lib/tab-lock.ts). */
export const REFRESH_LOCK = 'damabwa-token-refresh';
/** How long a tab that waited for another's refresh looks out for the pair it stored. */
const HANDOFF_WAIT_MS = 1_000;

async function rotate(refreshToken: string): Promise<boolean> {
  try {
    const answer = await apiRequest<RefreshResponse>('POST', '/auth/refresh', {
      body: { refreshToken } satisfies RefreshRequest,
      anonymous: true,
      skipForcedLogout: true,
    });
    storeTokens(answer.accessToken.value, answer.refreshToken.value);
    markTokensRotated();
    return true;
  } catch (err) {
    // A spent or revoked refresh token will never work again (unless another tab has stored a new one).
    if (isApiRequestError(err) && err.status === 401 && getRefreshToken() === refreshToken) removeRefreshToken();
    return false;
  }
}

/**
 * One rotation across all tabs: under the tab lock, a tab whose stored refresh token changed while it
 * waited uses the pair the other tab stored (localStorage is shared) instead of presenting the spent one.
 */
async function doRefresh(): Promise<boolean> {
  const seen = getRefreshToken();
  if (!seen) return false;
  return withTabLock(REFRESH_LOCK, async (waited) => {
    // After waiting for another tab, its new pair may reach this tab's storage a moment after the lock.
    if (waited && getRefreshToken() === seen) await storageChange(REFRESH_TOKEN_KEY, HANDOFF_WAIT_MS);
    const current = getRefreshToken();
    if (!current) return false;
    if (current !== seen) return true;
    return rotate(current);
  });
}

/**
 * Rotates the token pair with the stored refresh token (POST /auth/refresh). One call at a time per
 * page, and across tabs (Web Locks, or a localStorage lease): a second caller waits for the first and
 * then uses its tokens, because presenting a spent token outside the server's short grace window revokes
 * the whole chain. Resolves false on any failure; never signs the visitor out by itself.
 */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= doRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Seconds before expiry at which a call refreshes the access token first. */
export const REFRESH_MARGIN_SECONDS = 60;

async function refreshIfExpiring(nowMs = Date.now()): Promise<void> {
  const token = getAccessToken();
  if (!token || !getRefreshToken()) return;
  const exp = accessTokenExpiry(token);
  if (exp !== null && exp * 1000 - nowMs < REFRESH_MARGIN_SECONDS * 1000) await refreshAccessToken();
}

// --- members and registration ---

export function fetchMe(): Promise<UserResponse> {
  return api.get<UserResponse>('/users/me');
}

export type MemberKind = 'USER' | 'PHOTOGRAPHER';

export interface NicknameExistence {
  nickname: string;
  exists: boolean;
}

/** GET /users/nicknames/existence or /photographers/nicknames/existence. */
export function fetchNicknameExists(
  kind: MemberKind,
  nickname: string,
  signal?: AbortSignal,
): Promise<NicknameExistence> {
  const base = kind === 'PHOTOGRAPHER' ? '/photographers' : '/users';
  return api.get<NicknameExistence>(
    `${base}/nicknames/existence`,
    signal ? { query: { nickname }, signal } : { query: { nickname } },
  );
}

export interface UserRegistrationBody {
  nickname: string;
  gender: Gender;
  instagramId: string | null;
  /** Extra field beyond the contract: the how-did-you-find-us answers. */
  signupSources: SignupSource[];
  /** Extra field: the items agreed to, each at the version shown (issue 41; a newer one is refused). */
  consents: { kind: string; version: string }[];
}

export interface PhotographerRegistrationBody extends UserRegistrationBody {
  profileImage: Image;
  mainPhotographyTypes: PhotographyType[];
  activeRegions: Region[];
}

export function registerUser(body: UserRegistrationBody): Promise<UserResponse> {
  return api.post<UserResponse>('/users/me/registration', body);
}

export function registerPhotographer(body: PhotographerRegistrationBody): Promise<UserResponse> {
  return api.post<UserResponse>('/photographers/me/registration', body);
}

// --- uploads ---

export interface UploadOptions {
  /** Called with the sent fraction (0–1) while the request body goes out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /files (multipart: `fileType` and one `files` part per file) → the stored images in upload
 * order. XMLHttpRequest rather than fetch, because only it reports upload progress.
 */
export async function uploadFiles(
  fileType: FileType,
  files: readonly File[],
  { onProgress, signal }: UploadOptions = {},
): Promise<Image[]> {
  await refreshIfExpiring();
  const form = new FormData();
  form.append('fileType', fileType);
  for (const file of files) form.append('files', file, file.name);
  const response = await new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/files'));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [k, v] of Object.entries(authHeader())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () =>
      resolve(
        new Response(xhr.status === 204 ? null : xhr.responseText, {
          status: xhr.status,
          headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'application/json' },
        }),
      );
    xhr.onerror = () => reject(new ApiRequestError(0, 'NETWORK_ERROR', copy.api.network));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
  const answer = await settle<{ files: Image[] }>(response, false);
  onProgress?.(1);
  return answer.files;
}
