import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiRequestError,
  api,
  apiUrl,
  clearSessionAndGoHome,
  loginWithKakao,
  revokeRefreshToken,
  setUnauthorizedHandler,
} from '#client/api';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, SESSION_USER_KEY } from '#client/auth';
import { $sessionUser, forcedLogout, setSessionUser } from '#stores/session';
import { fakeJwt, installBrowser, installFetch, jsonResponse, type FakeBrowser } from '../support/browser';

const unauthorized = () =>
  jsonResponse(401, { code: 'INVALID_AUTH_CREDENTIALS', message: '로그인이 필요한 서비스입니다.' });

let browser: FakeBrowser;

function signInAs(id: number, roles: string[]) {
  browser.local.setItem(ACCESS_TOKEN_KEY, 'access-1');
  browser.local.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
  setSessionUser({ id, roles });
}

beforeEach(() => {
  browser = installBrowser('/mypage');
  setUnauthorizedHandler(forcedLogout);
});

afterEach(() => {
  vi.unstubAllGlobals();
  $sessionUser.set({ id: -1, roles: [''] });
});

describe('requests', () => {
  it('sends the stored access token as a bearer header, and none when signed out', async () => {
    const calls = installFetch(() => jsonResponse(200, { ok: true }));
    await api.get('/users/me');
    expect(calls[0]?.headers['authorization']).toBeUndefined();
    browser.local.setItem(ACCESS_TOKEN_KEY, 'token-abc');
    await api.get('/users/me');
    expect(calls[1]?.headers['authorization']).toBe('Bearer token-abc');
    expect(calls[1]?.url).toBe('/api/v1/users/me');
  });

  it('sends and reads JSON', async () => {
    const calls = installFetch(() => jsonResponse(201, { id: 7 }));
    const answer = await api.post<{ id: number }>('/promotions', { title: '가나다' });
    expect(answer).toEqual({ id: 7 });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ title: '가나다' });
  });

  it('answers undefined for 204', async () => {
    installFetch(() => new Response(null, { status: 204 }));
    await expect(api.post('/promotions/1/save')).resolves.toBeUndefined();
  });

  it('builds query strings: lists repeat the key, empty values are left out', () => {
    expect(apiUrl('/promotions/list', { page: 0, regions: ['서울', '부산 중구'], type: '', sortType: undefined })).toBe(
      '/api/v1/promotions/list?page=0&regions=%EC%84%9C%EC%9A%B8&regions=%EB%B6%80%EC%82%B0+%EC%A4%91%EA%B5%AC',
    );
  });

  it('throws a typed error with the server code and Korean message', async () => {
    installFetch(() => jsonResponse(409, { code: 'NICKNAME_ALREADY_EXISTS', message: '이미 사용 중인 닉네임이에요.' }));
    const err = await api.post('/users/me/registration', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({
      status: 409,
      code: 'NICKNAME_ALREADY_EXISTS',
      message: '이미 사용 중인 닉네임이에요.',
    });
  });

  it('turns a failed network into status 0 NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/regions/groups')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('keeps a non-JSON error answer typed', async () => {
    installFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(api.get('/promotions/list')).rejects.toMatchObject({ status: 502, code: 'UNKNOWN' });
  });
});

describe('401 → forced logout', () => {
  it('resets the session user, removes the access token, goes to / and rethrows', async () => {
    signInAs(12, ['PHOTOGRAPHER', 'USER']);
    installFetch(unauthorized);
    const err = await api.get('/users/me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 401, code: 'INVALID_AUTH_CREDENTIALS' });
    expect($sessionUser.get()).toEqual({ id: -1, roles: [''] });
    expect(browser.local.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    // The spec keeps the refresh token on a forced logout.
    expect(browser.local.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    expect(browser.location.assign).toHaveBeenCalledWith('/');
  });

  it('does not navigate when already on /', async () => {
    browser.location.pathname = '/';
    signInAs(3, ['USER']);
    installFetch(unauthorized);
    await expect(api.post('/promotions/1/save')).rejects.toMatchObject({ status: 401 });
    expect($sessionUser.get().id).toBe(-1);
    expect(browser.location.assign).not.toHaveBeenCalled();
    expect(browser.location.replace).not.toHaveBeenCalled();
  });

  it('happens for every method and any 401 code', async () => {
    for (const call of [
      () => api.put('/users/me/profile', {}),
      () => api.delete('/users/me'),
      () => api.patch('/x', {}),
    ]) {
      signInAs(5, ['USER']);
      installFetch(() => jsonResponse(401, { code: 'SOMETHING_ELSE', message: 'no' }));
      await expect(call()).rejects.toMatchObject({ status: 401 });
      expect($sessionUser.get().id).toBe(-1);
      expect(browser.local.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    }
  });

  it('does not happen for other errors', async () => {
    signInAs(4, ['USER']);
    installFetch(() => jsonResponse(403, { code: 'ACCESS_DENIED', message: '권한이 없어요.' }));
    await expect(api.post('/promotions', {})).rejects.toMatchObject({ status: 403 });
    expect($sessionUser.get()).toEqual({ id: 4, roles: ['USER'] });
    expect(browser.local.getItem(ACCESS_TOKEN_KEY)).toBe('access-1');
    expect(browser.location.assign).not.toHaveBeenCalled();
  });

  it('does not happen for the token calls themselves (login, logout)', async () => {
    signInAs(4, ['USER']);
    installFetch(unauthorized);
    await expect(loginWithKakao('kakao-token')).rejects.toMatchObject({ status: 401 });
    await expect(revokeRefreshToken('refresh-1')).rejects.toMatchObject({ status: 401 });
    expect($sessionUser.get().id).toBe(4);
    expect(browser.location.assign).not.toHaveBeenCalled();
  });

  it('clears the stored session itself when no session store registered', async () => {
    const unregister = setUnauthorizedHandler(forcedLogout);
    unregister();
    browser.local.setItem(ACCESS_TOKEN_KEY, 'access-1');
    browser.local.setItem(SESSION_USER_KEY, JSON.stringify({ id: 9, roles: ['USER'] }));
    installFetch(unauthorized);
    await expect(api.get('/users/me')).rejects.toMatchObject({ status: 401 });
    expect(JSON.parse(browser.local.getItem(SESSION_USER_KEY) ?? '')).toEqual({ id: -1, roles: [''] });
    expect(browser.local.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(browser.location.assign).toHaveBeenCalledWith('/');
  });

  it('clearSessionAndGoHome stays on / when there', () => {
    browser.location.pathname = '/';
    clearSessionAndGoHome();
    expect(browser.location.assign).not.toHaveBeenCalled();
  });
});

describe('refresh ahead of expiry', () => {
  it('rotates an expiring access token once, then sends the new one', async () => {
    const expired = fakeJwt(Math.floor(Date.now() / 1000) - 10);
    browser.local.setItem(ACCESS_TOKEN_KEY, expired);
    browser.local.setItem(REFRESH_TOKEN_KEY, 'refresh-old');
    const calls = installFetch((call) => {
      if (call.url === '/api/v1/auth/refresh') {
        return jsonResponse(200, {
          isRegistrationCompleted: true,
          accessToken: { value: 'access-new', expiresAt: '' },
          refreshToken: { value: 'refresh-new', expiresAt: '' },
        });
      }
      return jsonResponse(200, { ok: true });
    });
    await Promise.all([api.get('/users/me'), api.get('/promotions/saved')]);
    const refreshes = calls.filter((c) => c.url === '/api/v1/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(JSON.parse(refreshes[0]?.body ?? '')).toEqual({ refreshToken: 'refresh-old' });
    expect(refreshes[0]?.headers['authorization']).toBeUndefined();
    const product = calls.filter((c) => c.url !== '/api/v1/auth/refresh');
    expect(product.map((c) => c.headers['authorization'])).toEqual(['Bearer access-new', 'Bearer access-new']);
    expect(browser.local.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-new');
  });

  it('does not refresh a token that is still fresh', async () => {
    browser.local.setItem(ACCESS_TOKEN_KEY, fakeJwt(Math.floor(Date.now() / 1000) + 600));
    browser.local.setItem(REFRESH_TOKEN_KEY, 'refresh-old');
    const calls = installFetch(() => jsonResponse(200, {}));
    await api.get('/users/me');
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/users/me']);
  });

  it('a refused refresh drops the refresh token and the call goes on (its 401 signs out)', async () => {
    signInAs(8, ['USER']);
    browser.local.setItem(ACCESS_TOKEN_KEY, fakeJwt(Math.floor(Date.now() / 1000) - 10));
    installFetch((call) =>
      call.url === '/api/v1/auth/refresh'
        ? jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: '만료' })
        : unauthorized(),
    );
    await expect(api.get('/users/me')).rejects.toMatchObject({ status: 401, code: 'INVALID_AUTH_CREDENTIALS' });
    expect(browser.local.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect($sessionUser.get().id).toBe(-1);
  });
});
