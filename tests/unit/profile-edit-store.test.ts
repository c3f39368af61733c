/**
 * The editors return to /mypage after saving; a failed save stays on the form with the Korean reason and
 * what was typed (a deliberate deviation from the spec, docs/api.md).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '#client/auth';
import {
  $saveError,
  $saving,
  $userEdit,
  openUserEditor,
  setUserInstagram,
  submitUserProfile,
} from '#stores/profile-edit';
import { $toasts } from '#stores/ui';
import { installBrowser, installFetch, jsonResponse, type FakeBrowser } from '../support/browser';

let browser: FakeBrowser;
const me = {
  id: 9,
  type: 'USER',
  roles: ['USER'],
  loginType: 'KAKAO',
  nickname: '담아봐',
  gender: 'FEMALE',
  instagramId: null,
  profileImage: null,
};

beforeEach(() => {
  browser = installBrowser('/edit/user');
  browser.local.setItem(ACCESS_TOKEN_KEY, 'access-1');
  $toasts.set([]);
  $userEdit.set(null);
  $saveError.set(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('edit user: save and return', () => {
  it('sends the full profile and returns to /mypage with a flash message', async () => {
    const calls = installFetch((call) =>
      call.method === 'GET' ? jsonResponse(200, me) : jsonResponse(200, { ...me, instagramId: 'new.id' }),
    );
    await openUserEditor();
    setUserInstagram('New.Id');
    await submitUserProfile();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/v1/users/me/profile');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ nickname: '담아봐', instagramId: 'new.id', profileImage: null });
    expect(browser.location.replace).toHaveBeenCalledWith('/mypage');
    expect(browser.session.getItem('memberFlash')).toBe('프로필을 수정했어요.');
  });

  it('after a failure stays on the form with the reason and everything typed', async () => {
    const calls = installFetch((call) =>
      call.method === 'GET'
        ? jsonResponse(200, me)
        : jsonResponse(409, { code: 'NICKNAME_ALREADY_EXISTS', message: '이미 사용 중인 닉네임이에요.' }),
    );
    await openUserEditor();
    setUserInstagram('other');
    await submitUserProfile();
    expect($saveError.get()).toBe('수정하지 못했어요. 이미 사용 중인 닉네임이에요.');
    expect($saving.get()).toBe(false);
    expect($userEdit.get()?.instagramId).toBe('other');
    expect(browser.location.replace).not.toHaveBeenCalled();
    expect(browser.location.assign).not.toHaveBeenCalled();
    expect(browser.session.getItem('memberFlash')).toBeNull();
    // The next try starts without the old reason, and a success leaves as usual.
    installFetch((call) =>
      call.method === 'PUT' ? jsonResponse(200, { ...me, instagramId: 'other' }) : jsonResponse(200, me),
    );
    await submitUserProfile();
    expect($saveError.get()).toBeNull();
    expect(browser.location.replace).toHaveBeenCalledWith('/mypage');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('names a network failure and a server error in Korean', async () => {
    installFetch((call) => (call.method === 'GET' ? jsonResponse(200, me) : Promise.reject(new TypeError('offline'))));
    await openUserEditor();
    setUserInstagram('offline');
    await submitUserProfile();
    expect($saveError.get()).toBe('수정하지 못했어요. 네트워크 연결을 확인해 주세요.');
    installFetch((call) =>
      call.method === 'PUT'
        ? jsonResponse(500, { code: 'INTERNAL_ERROR', message: '요청을 처리하지 못했어요.' })
        : jsonResponse(200, me),
    );
    await submitUserProfile();
    expect($saveError.get()).toMatch(/^수정하지 못했어요\. /);
    expect($userEdit.get()?.instagramId).toBe('offline');
    expect(browser.location.replace).not.toHaveBeenCalled();
  });

  it('opens again without the failure of an earlier visit', async () => {
    $saveError.set('수정하지 못했어요. 오류');
    installFetch(() => jsonResponse(200, me));
    await openUserEditor();
    expect($saveError.get()).toBeNull();
  });

  it('sends nothing while nothing changed', async () => {
    const calls = installFetch(() => jsonResponse(200, me));
    await openUserEditor();
    await submitUserProfile();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
