import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_KEY,
  OAUTH_STATE_KEY,
  REFRESH_TOKEN_KEY,
  createOAuthState,
  decodeSessionUser,
  kakaoAuthorizeUrl,
} from '#client/auth';
import type { LoginResponse } from '#client/api';
import { shouldShowFirstVisit, takeFirstVisit, VISITED_KEY } from '#client/first-visit';
import { $isSignedIn, $sessionUser, completeKakaoSignIn, logout, refreshSession, signIn } from '#stores/session';
import { installBrowser, installFetch, jsonResponse, type FakeBrowser } from '../support/browser';
import { peekReturnPath, rememberReturnPath } from '#lib/return-to';

const client = {
  authBase: 'http://localhost:4321/dev/kakao',
  clientId: 'demo-rest-api-key',
  redirectUri: 'http://localhost:4321/auth',
};

function loginAnswer(completed: boolean): LoginResponse {
  return {
    isRegistrationCompleted: completed,
    user: {
      id: 7,
      type: completed ? 'USER' : 'UNDEFINED',
      roles: completed ? ['USER'] : [],
      loginType: 'KAKAO',
      nickname: '담아',
      profileImage: null,
      gender: null,
      instagramId: null,
    },
    accessToken: { value: 'access-7', expiresAt: '' },
    refreshToken: { value: 'refresh-7', expiresAt: '' },
  };
}

let browser: FakeBrowser;
beforeEach(() => {
  browser = installBrowser('/auth');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  $sessionUser.set({ id: -1, roles: [''] });
});

describe('session user', () => {
  it('is signed out by default and decodes only well-formed stored values', () => {
    expect($sessionUser.get()).toEqual({ id: -1, roles: [''] });
    expect($isSignedIn.get()).toBe(false);
    expect(decodeSessionUser('{"id":3,"roles":["USER"]}')).toEqual({ id: 3, roles: ['USER'] });
    expect(decodeSessionUser('{"id":"3"}')).toEqual({ id: -1, roles: [''] });
    expect(decodeSessionUser('not json')).toEqual({ id: -1, roles: [''] });
  });

  it('signIn stores both tokens; id and roles only with a completed registration', () => {
    expect(signIn(loginAnswer(false))).toBe('signup');
    expect(browser.local.getItem(ACCESS_TOKEN_KEY)).toBe('access-7');
    expect(browser.local.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-7');
    expect($isSignedIn.get()).toBe(false);
    expect(signIn(loginAnswer(true))).toBe('home');
    expect($sessionUser.get()).toEqual({ id: 7, roles: ['USER'] });
    expect($isSignedIn.get()).toBe(true);
  });

  it('logout asks the server to revoke the refresh token, then clears and goes home', async () => {
    signIn(loginAnswer(true));
    browser.location.pathname = '/mypage';
    const calls = installFetch(() => new Response(null, { status: 204 }));
    await logout();
    expect(calls[0]).toMatchObject({ url: '/api/v1/auth/logout', method: 'POST' });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ refreshToken: 'refresh-7' });
    expect($sessionUser.get()).toEqual({ id: -1, roles: [''] });
    expect(browser.local.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(browser.location.assign).toHaveBeenCalledWith('/');
    // Home does not greet the member who just left as a first visitor.
    expect(browser.session.getItem('visited')).toBe('true');
  });

  it('logout still ends the session when the server cannot be reached', async () => {
    signIn(loginAnswer(true));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await logout();
    expect($isSignedIn.get()).toBe(false);
    expect(browser.local.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('refreshSession does nothing without a token and ignores errors', async () => {
    const calls = installFetch(() => jsonResponse(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(await refreshSession()).toBe(false);
    expect(calls).toHaveLength(0);
    signIn(loginAnswer(true));
    expect(await refreshSession()).toBe(false);
    expect(calls).toHaveLength(1);
    expect($isSignedIn.get()).toBe(true);
  });
});

describe('Kakao sign-in', () => {
  it('the authorize URL carries client id, /auth, response_type=code and the remembered state', () => {
    const state = createOAuthState();
    expect(browser.session.getItem(OAUTH_STATE_KEY)).toBe(state);
    const url = new URL(kakaoAuthorizeUrl(client, state));
    expect(url.origin + url.pathname).toBe('http://localhost:4321/dev/kakao/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'demo-rest-api-key',
      redirect_uri: 'http://localhost:4321/auth',
      response_type: 'code',
      state,
    });
  });

  function kakaoAndLogin(completed: boolean) {
    return installFetch((call) => {
      if (call.url.endsWith('/oauth/token'))
        return jsonResponse(200, { access_token: 'kakao-access', token_type: 'bearer' });
      if (call.url === '/api/v1/auth/login') return jsonResponse(completed ? 200 : 201, loginAnswer(completed));
      return jsonResponse(404, {});
    });
  }

  it('exchanges the code (form-encoded), logs in, stores the session and goes home', async () => {
    const state = createOAuthState();
    const calls = kakaoAndLogin(true);
    const to = await completeKakaoSignIn(client, new URLSearchParams({ code: 'c0de', state }));
    expect(to).toBe('/');
    expect(calls[0]?.url).toBe('http://localhost:4321/dev/kakao/oauth/token');
    expect(calls[0]?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(calls[0]?.body ?? ''))).toEqual({
      grant_type: 'authorization_code',
      client_id: 'demo-rest-api-key',
      redirect_uri: 'http://localhost:4321/auth',
      code: 'c0de',
    });
    expect(JSON.parse(calls[1]?.body ?? '')).toEqual({ loginType: 'KAKAO', authKey: 'kakao-access' });
    expect($sessionUser.get()).toEqual({ id: 7, roles: ['USER'] });
    expect(browser.session.getItem(OAUTH_STATE_KEY)).toBeNull();
  });

  it('returns to the page whose login prompt started the sign-in, once', async () => {
    rememberReturnPath('/event/8?from=prompt');
    const state = createOAuthState();
    kakaoAndLogin(true);
    expect(await completeKakaoSignIn(client, new URLSearchParams({ code: 'c0de', state }))).toBe(
      '/event/8?from=prompt',
    );
    expect(peekReturnPath()).toBeNull();
  });

  it('a new member goes to /signup first, the page to return to kept for the end of sign-up', async () => {
    rememberReturnPath('/photographer/3');
    const state = createOAuthState();
    kakaoAndLogin(false);
    expect(await completeKakaoSignIn(client, new URLSearchParams({ code: 'c0de', state }))).toBe('/signup');
    expect(peekReturnPath()).toBe('/photographer/3');
  });

  it('a new member goes to /signup with tokens but no session user', async () => {
    const state = createOAuthState();
    kakaoAndLogin(false);
    expect(await completeKakaoSignIn(client, new URLSearchParams({ code: 'c0de', state }))).toBe('/signup');
    expect(browser.local.getItem(ACCESS_TOKEN_KEY)).toBe('access-7');
    expect($isSignedIn.get()).toBe(false);
  });

  it.each([
    ['a foreign state', { code: 'c', state: 'other' }, '/login?error=state'],
    ['no code', { state: 'S' }, '/login?error=token'],
    ['a cancelled login', { error: 'access_denied', state: 'S' }, '/login?error=cancelled'],
  ])('%s lands on /login with an error', async (_name, params, to) => {
    browser.session.setItem(OAUTH_STATE_KEY, 'S');
    const calls = kakaoAndLogin(true);
    expect(await completeKakaoSignIn(client, new URLSearchParams(params))).toBe(to);
    expect(calls).toHaveLength(0);
    expect(console.error).toHaveBeenCalled();
  });

  it('a refused code or a failed login lands on /login with an error', async () => {
    installFetch(() => jsonResponse(400, { error: 'invalid_grant' }));
    expect(await completeKakaoSignIn(client, new URLSearchParams({ code: 'c', state: createOAuthState() }))).toBe(
      '/login?error=token',
    );
    installFetch((call) =>
      call.url.endsWith('/oauth/token')
        ? jsonResponse(200, { access_token: 'k' })
        : jsonResponse(400, { code: 'KAKAO_API', message: '카카오 오류' }),
    );
    expect(await completeKakaoSignIn(client, new URLSearchParams({ code: 'c', state: createOAuthState() }))).toBe(
      '/login?error=login',
    );
    expect(browser.local.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });
});

describe('first-visit dialog', () => {
  it('shows once per session, only without a token', () => {
    expect(shouldShowFirstVisit(false, null)).toBe(true);
    expect(shouldShowFirstVisit(true, null)).toBe(false);
    expect(shouldShowFirstVisit(false, 'true')).toBe(false);
    expect(takeFirstVisit()).toBe(true);
    expect(browser.session.getItem(VISITED_KEY)).toBe('true');
    expect(takeFirstVisit()).toBe(false);
    browser.session.clear();
    browser.local.setItem(ACCESS_TOKEN_KEY, 'a');
    expect(takeFirstVisit()).toBe(false);
  });
});
