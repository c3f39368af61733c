/** The editors return to /mypage after saving — after a failure too, with a Korean toast first. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '#client/auth';
import {
  $userEdit,
  FAILURE_RETURN_MS,
  openUserEditor,
  setUserInstagram,
  submitUserProfile,
} from '#stores/profile-edit';
import { showFlash } from '#stores/member';
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

  it('after a failure shows the reason in a toast, then returns to /mypage', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    installFetch((call) =>
      call.method === 'GET'
        ? jsonResponse(200, me)
        : jsonResponse(409, { code: 'NICKNAME_ALREADY_EXISTS', message: '이미 사용 중인 닉네임이에요.' }),
    );
    await openUserEditor();
    setUserInstagram('other');
    const done = submitUserProfile();
    await vi.advanceTimersByTimeAsync(10);
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]).toMatchObject({
      tone: 'error',
      message: '수정하지 못했어요. 이미 사용 중인 닉네임이에요.',
    });
    expect(browser.location.replace).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(FAILURE_RETURN_MS);
    await done;
    expect(browser.location.replace).toHaveBeenCalledWith('/mypage');
    // My page shows the reason again, in the error tone, still readable after 5 s.
    $toasts.set([]);
    showFlash();
    expect($toasts.get()).toEqual([
      expect.objectContaining({ tone: 'error', message: '수정하지 못했어요. 이미 사용 중인 닉네임이에요.' }),
    ]);
    await vi.advanceTimersByTimeAsync(5500);
    expect($toasts.get()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect($toasts.get()).toHaveLength(0);
  });

  it('sends nothing while nothing changed', async () => {
    const calls = installFetch(() => jsonResponse(200, me));
    await openUserEditor();
    await submitUserProfile();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
