import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_CONSENT_VERSIONS, type ConsentKind } from '#lib/consents';
import { ACCESS_TOKEN_KEY } from '#client/auth';
import { INITIAL_SIGNUP_STATE } from '#lib/signup';
import { WELCOME_KEY, readWelcome } from '#lib/welcome';
import { $sessionUser } from '#stores/session';
import {
  $signup,
  $signupFeedback,
  SIGNUP_STATE_KEY,
  checkNickname,
  chooseRole,
  goNext,
  guardSignupPage,
  setAllTerms,
  setGender,
  setNickname,
  submitSignup,
  toggleSignupSource,
} from '#stores/signup';
import { installBrowser, installFetch, jsonResponse, type FakeBrowser } from '../support/browser';

let browser: FakeBrowser;

beforeEach(() => {
  browser = installBrowser('/signup');
  browser.local.setItem(ACCESS_TOKEN_KEY, 'access-1');
  $signup.set({ ...INITIAL_SIGNUP_STATE });
  $signupFeedback.set({ nicknameError: null, submitError: null, submitting: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
  $sessionUser.set({ id: -1, roles: [''] });
});

const taken = new Set(['담아봐']);
function nicknameServer() {
  return installFetch((call) => {
    const url = new URL(call.url, 'http://x');
    if (url.pathname.endsWith('/nicknames/existence')) {
      const nickname = url.searchParams.get('nickname') ?? '';
      return jsonResponse(200, { nickname, exists: taken.has(nickname) });
    }
    if (url.pathname === '/api/v1/users/me/registration') {
      const body = JSON.parse(call.body ?? '{}') as { nickname: string };
      return jsonResponse(200, { id: 41, type: 'USER', roles: ['USER'], loginType: 'KAKAO', nickname: body.nickname });
    }
    return jsonResponse(404, { code: 'NOT_FOUND', message: '없음' });
  });
}

describe('nickname check through the store', () => {
  it('asks the endpoint of the chosen role and shows duplicate, then available', async () => {
    const calls = nicknameServer();
    chooseRole('USER');
    setNickname('담아봐');
    await checkNickname();
    expect($signup.get().nicknameCheck).toBe('duplicate');
    expect(calls[0]?.url).toBe('/api/v1/users/nicknames/existence?nickname=%EB%8B%B4%EC%95%84%EB%B4%90');
    setNickname('담아봐요');
    await checkNickname();
    expect($signup.get().nicknameCheck).toBe('available');
    chooseRole('PHOTOGRAPHER');
    setNickname('스튜디오 담아');
    await checkNickname();
    expect(calls[2]?.url).toContain('/api/v1/photographers/nicknames/existence?nickname=');
  });

  it('the result resets as soon as the nickname changes', async () => {
    nicknameServer();
    chooseRole('USER');
    setNickname('새이름');
    await checkNickname();
    expect($signup.get().nicknameCheck).toBe('available');
    setNickname('새이름2');
    expect($signup.get()).toMatchObject({ nicknameCheck: 'unchecked', checkedNickname: null });
  });

  it('an answer arriving after the name changed is dropped', async () => {
    nicknameServer();
    chooseRole('USER');
    setNickname('새이름');
    const pending = checkNickname();
    setNickname('딴이름');
    await pending;
    expect($signup.get()).toMatchObject({ nickname: '딴이름', nicknameCheck: 'unchecked' });
  });

  it('a failed check is logged, leaves the name unchecked and says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFetch(() => jsonResponse(500, { code: 'INTERNAL_ERROR', message: '오류' }));
    chooseRole('USER');
    setNickname('새이름');
    await checkNickname();
    expect($signup.get().nicknameCheck).toBe('unchecked');
    expect($signupFeedback.get().nicknameError).not.toBeNull();
  });

  it('keeps the wizard in sessionStorage', () => {
    chooseRole('USER');
    setNickname('새이름');
    expect(JSON.parse(browser.session.getItem(SIGNUP_STATE_KEY) ?? '{}')).toMatchObject({
      role: 'USER',
      nickname: '새이름',
    });
  });
});

describe('submit', () => {
  it('registers a USER, stores id and roles, and replaces the page with the welcome screen', async () => {
    const calls = nicknameServer();
    chooseRole('USER');
    goNext();
    setNickname('새회원');
    await checkNickname();
    setGender('FEMALE');
    goNext();
    toggleSignupSource('INSTAGRAM');
    goNext();
    setAllTerms(true);
    expect($signup.get().step).toBe('terms');
    await submitSignup();
    const registration = calls.find((c) => c.url === '/api/v1/users/me/registration');
    expect(JSON.parse(registration?.body ?? '')).toEqual({
      nickname: '새회원',
      gender: 'FEMALE',
      instagramId: null,
      signupSources: ['INSTAGRAM'],
      consents: ['AGE_14', 'SERVICE', 'PRIVACY'].map((kind) => ({
        kind,
        version: CURRENT_CONSENT_VERSIONS[kind as ConsentKind],
      })),
    });
    expect(registration?.headers['authorization']).toBe('Bearer access-1');
    expect(calls.some((c) => c.url.includes('/photographers/me/registration'))).toBe(false);
    expect($sessionUser.get()).toEqual({ id: 41, roles: ['USER'] });
    expect(readWelcome()).toEqual({ nickname: '새회원', role: 'USER' });
    expect(browser.session.getItem(SIGNUP_STATE_KEY)).toBeNull();
    expect(browser.location.replace).toHaveBeenCalledWith('/success/signup');
    expect(browser.session.getItem(WELCOME_KEY)).not.toBeNull();
  });

  it('a name taken meanwhile sends the visitor back to the basic step with the red result', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    nicknameServer();
    chooseRole('USER');
    goNext();
    setNickname('늦은이름');
    await checkNickname();
    setGender('MALE');
    goNext();
    toggleSignupSource('OTHER');
    goNext();
    setAllTerms(true);
    installFetch(() => jsonResponse(409, { code: 'NICKNAME_ALREADY_EXISTS', message: '이미 사용 중인 닉네임이에요.' }));
    await submitSignup();
    expect($signup.get()).toMatchObject({ step: 'basic', nicknameCheck: 'duplicate', checkedNickname: '늦은이름' });
    expect(browser.location.replace).not.toHaveBeenCalled();
  });
});

describe('page guard', () => {
  it('sends a visitor without a token to /login and a member to /', () => {
    expect(guardSignupPage()).toBe(true);
    browser.local.removeItem(ACCESS_TOKEN_KEY);
    expect(guardSignupPage()).toBe(false);
    expect(browser.location.replace).toHaveBeenLastCalledWith('/login');
    browser.local.setItem(ACCESS_TOKEN_KEY, 'access-1');
    $sessionUser.set({ id: 3, roles: ['USER'] });
    expect(guardSignupPage()).toBe(false);
    expect(browser.location.replace).toHaveBeenLastCalledWith('/');
  });
});
