/**
 * Member page stores with the browser faked: picture uploads (limit modal, image files only, nothing
 * uploaded when compression fails, progress, retry), the gate of member pages, withdrawal before the
 * session ends, and the event form's keywords.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '#client/auth';
import { createImageList, createSingleImage } from '#stores/image-uploads';
import { $gate, enterMemberPage, withdraw } from '#stores/member';
import { $sessionUser } from '#stores/session';
import { $dialog, closeDialog, $toasts, showArrivalNotices } from '#stores/ui';
import { installBrowser, installFetch, jsonResponse, type FakeBrowser, type RecordedCall } from '../support/browser';

interface XhrCall {
  url: string;
  headers: Record<string, string>;
  fileType: string | null;
}

/** A fake XMLHttpRequest for POST /files: answers from `answer`, reports one progress event. */
function installXhr(answer: (n: number) => { status: number; body: unknown }): XhrCall[] {
  const calls: XhrCall[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private call: XhrCall = { url: '', headers: {}, fileType: null };
    open(_method: string, url: string) {
      this.call.url = url;
    }
    setRequestHeader(k: string, v: string) {
      this.call.headers[k] = v;
    }
    getResponseHeader() {
      return 'application/json';
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      this.call.fileType = String(form.get('fileType'));
      calls.push(this.call);
      const { status, body } = answer(calls.length);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return calls;
}

const stored = (n: number) => ({
  files: [{ name: `p${n}.png`, url: `/media/aa/${String(n).padStart(64, 'a')}.webp` }],
});
const png = (name = 'p.png', size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/png' });

let browser: FakeBrowser;

beforeEach(() => {
  browser = installBrowser('/edit/photographer/detail');
  browser.local.setItem(ACCESS_TOKEN_KEY, 'access-1');
  closeDialog();
  $toasts.set([]);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  $sessionUser.set({ id: -1, roles: [''] });
});

describe('picture lists', () => {
  it('uploads each picture as its file type, in order, and keeps the stored images', async () => {
    const calls = installXhr((n) => ({ status: 201, body: stored(n) }));
    const list = createImageList({ fileType: 'PHOTOGRAPHER_PORTFOLIO_IMAGE', max: 10, limitMessage: 'limit' });
    list.add([png('a.png'), png('b.png')]);
    expect(list.$slots.get().map((s) => s.phase)).toEqual(['uploading', 'uploading']);
    await vi.waitFor(() => expect(list.$slots.get().map((s) => s.phase)).toEqual(['done', 'done']));
    expect(calls.map((c) => c.fileType)).toEqual(['PHOTOGRAPHER_PORTFOLIO_IMAGE', 'PHOTOGRAPHER_PORTFOLIO_IMAGE']);
    expect(calls[0]?.headers['Authorization']).toBe('Bearer access-1');
    expect(list.$slots.get().map((s) => s.image?.name)).toEqual(['p1.png', 'p2.png']);
  });

  it('opens the limit modal at the 11th picture and takes only what fits', async () => {
    installXhr((n) => ({ status: 201, body: stored(100 + n) }));
    const list = createImageList({
      fileType: 'PHOTOGRAPHER_PORTFOLIO_IMAGE',
      max: 10,
      limitMessage: '포트폴리오 이미지는 최대 10장까지 첨부할 수 있어요.',
    });
    list.reset(Array.from({ length: 9 }, (_, i) => stored(i).files[0]!));
    list.add([png('10.png'), png('11.png')]);
    expect(list.$slots.get()).toHaveLength(10);
    expect($dialog.get()?.title).toEqual(['포트폴리오 이미지는 최대 10장까지 첨부할 수 있어요.']);
    // A notice: 확인 alone, nothing to cancel.
    expect($dialog.get()?.notice).toBe(true);
    await vi.waitFor(() => expect(list.$slots.get()[9]?.phase).toBe('done'));
  });

  it('refuses a file that is not an image, in Korean, and uploads nothing for it', () => {
    const calls = installXhr((n) => ({ status: 201, body: stored(n) }));
    const list = createImageList({ fileType: 'PROMOTION_IMAGE', max: 10, limitMessage: 'limit' });
    list.add([new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
    expect(list.$notice.get()).toBe('이미지 파일이 아니에요.');
    expect(list.$slots.get()).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('uploads nothing when compressing a file of 3 MB or more fails', async () => {
    const calls = installXhr((n) => ({ status: 201, body: stored(n) }));
    const list = createImageList({ fileType: 'PROMOTION_IMAGE', max: 10, limitMessage: 'limit' });
    list.add([png('big.png', 3_145_728)]);
    expect(list.$slots.get()[0]?.phase).toBe('compressing');
    await vi.waitFor(() => expect(list.$slots.get()[0]?.phase).toBe('error'), { timeout: 5000 });
    expect(list.$slots.get()[0]?.error).toBe('사진을 줄이지 못해 올리지 않았어요. 다른 사진을 선택해 주세요.');
    expect(calls).toHaveLength(0);
  });

  it('keeps a failed upload for a retry', async () => {
    const calls = installXhr((n) =>
      n === 1
        ? { status: 500, body: { code: 'INTERNAL_ERROR', message: '서버 오류' } }
        : { status: 201, body: stored(n) },
    );
    const list = createImageList({ fileType: 'PROMOTION_IMAGE', max: 10, limitMessage: 'limit' });
    list.add([png()]);
    await vi.waitFor(() => expect(list.$slots.get()[0]?.phase).toBe('error'));
    const [failed] = list.$slots.get();
    expect(failed?.phase).toBe('error');
    expect(failed?.error).toBe('사진을 올리지 못했어요. 다시 시도해 주세요.');
    list.retry(failed?.key ?? '');
    await vi.waitFor(() => expect(list.$slots.get()[0]?.phase).toBe('done'));
    expect(calls).toHaveLength(2);
  });

  it('drops a picture that is already in the list at once, and says so (issue 44, item 4)', async () => {
    // The server names a picture by its content: the same photo comes back under the same URL.
    const calls = installXhr(() => ({ status: 201, body: stored(1) }));
    const list = createImageList({ fileType: 'PROMOTION_IMAGE', max: 10, limitMessage: 'limit' });
    list.add([png('a.png')]);
    await vi.waitFor(() => expect(list.$slots.get()[0]?.phase).toBe('done'));
    list.add([png('a-again.png')]);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await vi.waitFor(() => expect(list.$slots.get()).toHaveLength(1));
    expect(list.$slots.get()[0]?.image?.name).toBe('p1.png');
    expect(list.$notice.get()).toBe('같은 사진이 이미 있어요.');
    // A restored draft holding the same picture twice keeps it once.
    list.reset([stored(1).files[0]!, stored(2).files[0]!, stored(1).files[0]!]);
    expect(list.$slots.get().map((s) => s.image?.name)).toEqual(['p1.png', 'p2.png']);
  });

  it('a file the server refuses is not sent again: another photo takes its place (issue 44, item 17)', async () => {
    const calls = installXhr((n) =>
      n === 1
        ? { status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: '이미지 파일만 올릴 수 있어요.' } }
        : { status: 201, body: stored(n) },
    );
    const list = createImageList({ fileType: 'PROMOTION_IMAGE', max: 10, limitMessage: 'limit' });
    list.add([png('broken.png')]);
    await vi.waitFor(() => expect(list.$slots.get()[0]?.phase).toBe('error'));
    const [failed] = list.$slots.get();
    expect(failed?.retryable).toBe(false);
    list.replace(failed?.key ?? '', new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(list.$slots.get()[0]?.error).toBe('이미지 파일이 아니에요.');
    expect(calls).toHaveLength(1);
    list.replace(failed?.key ?? '', png('good.png'));
    await vi.waitFor(() => expect(list.$slots.get()[0]?.phase).toBe('done'));
    expect(list.$slots.get()[0]?.image?.name).toBe('p2.png');
    // A busy server is worth another try with the same file.
    installXhr(() => ({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: '잠시 후 다시 시도해 주세요.' } }));
    list.add([png('c.png')]);
    await vi.waitFor(() => expect(list.$slots.get()[1]?.phase).toBe('error'));
    expect(list.$slots.get()[1]?.retryable).toBe(true);
  });

  it('moves and removes pictures', () => {
    installXhr((n) => ({ status: 201, body: stored(n) }));
    const list = createImageList({ fileType: 'PROMOTION_IMAGE', max: 10, limitMessage: 'limit' });
    list.reset([stored(1).files[0]!, stored(2).files[0]!, stored(3).files[0]!]);
    const keys = list.$slots.get().map((s) => s.key);
    list.move(keys[2] ?? '', -1);
    expect(list.$slots.get().map((s) => s.image?.name)).toEqual(['p1.png', 'p3.png', 'p2.png']);
    list.remove(keys[0] ?? '');
    expect(list.$slots.get().map((s) => s.image?.name)).toEqual(['p3.png', 'p2.png']);
  });

  it('one picture: replaced only when stored, with progress reported', async () => {
    installXhr((n) => ({ status: 201, body: stored(n) }));
    const onStored = vi.fn();
    const single = createSingleImage('USER_PROFILE_IMAGE', onStored);
    const phases: string[] = [];
    single.$upload.listen((s) => phases.push(`${s.phase}:${s.progress}`));
    single.pick(png());
    await vi.waitFor(() => expect(single.$upload.get().phase).toBe('done'));
    expect(onStored).toHaveBeenCalledWith(stored(1).files[0]);
    expect(phases).toEqual(['uploading:0', 'uploading:0.5', 'uploading:1', 'done:1']);
  });
});

function memberServer(me: Record<string, unknown>, extra: (call: RecordedCall) => Response | null = () => null) {
  return installFetch((call) => {
    const found = extra(call);
    if (found) return found;
    if (call.url === '/api/v1/users/me' && call.method === 'GET') return jsonResponse(200, me);
    return jsonResponse(404, { code: 'NOT_FOUND', message: '없음' });
  });
}

describe('the gate of member pages', () => {
  it('sends a visitor without a token to /login without calling anything', async () => {
    browser.local.removeItem(ACCESS_TOKEN_KEY);
    const calls = memberServer({});
    expect(await enterMemberPage('member')).toBeNull();
    expect(browser.location.replace).toHaveBeenCalledWith('/login');
    expect(calls).toHaveLength(0);
  });

  it('sends an unregistered member to /signup', async () => {
    // The stored session still says signed in (as after a withdrawal); /signup would send it home.
    $sessionUser.set({ id: 3, roles: ['USER'] });
    memberServer({ id: 3, type: 'UNDEFINED', roles: ['USER'], nickname: 'x' });
    expect(await enterMemberPage('member')).toBeNull();
    expect(browser.location.replace).toHaveBeenCalledWith('/signup');
    expect($sessionUser.get()).toEqual({ id: -1, roles: [''] });
    expect(browser.local.getItem(ACCESS_TOKEN_KEY)).not.toBeNull();
  });

  it('sends the wrong role away at once, and the page it lands on says why', async () => {
    memberServer({ id: 3, type: 'USER', roles: ['USER'], nickname: '회원' });
    expect(await enterMemberPage('eventWriter')).toBeNull();
    expect($gate.get()).toEqual({
      status: 'denied',
      message: '사진작가 회원만 이벤트를 등록할 수 있어요.',
      redirectTo: '/events',
    });
    expect(browser.location.replace).toHaveBeenCalledWith('/events');
    // This page's toast host leaves the notice alone; /events shows it.
    showArrivalNotices();
    expect($toasts.get()).toEqual([]);
    browser.location.pathname = '/events';
    showArrivalNotices();
    expect($toasts.get().map((t) => t.message)).toEqual(['사진작가 회원만 이벤트를 등록할 수 있어요.']);
  });

  it('lets the right member in and refreshes the stored roles', async () => {
    memberServer({ id: 5, type: 'PHOTOGRAPHER', roles: ['PHOTOGRAPHER', 'USER'], nickname: '작가' });
    const me = await enterMemberPage('photographer');
    expect(me?.id).toBe(5);
    expect($gate.get().status).toBe('ready');
    expect($sessionUser.get()).toEqual({ id: 5, roles: ['PHOTOGRAPHER', 'USER'] });
  });
});

describe('withdrawal', () => {
  it('calls DELETE /users/me first, then ends the session and goes home', async () => {
    browser.local.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    const calls = memberServer({}, (call) =>
      call.url === '/api/v1/users/me' && call.method === 'DELETE'
        ? new Response(null, { status: 200 })
        : call.url === '/api/v1/auth/logout'
          ? new Response(null, { status: 204 })
          : null,
    );
    expect(await withdraw()).toBe(true);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/v1/users/me', 'POST /api/v1/auth/logout']);
    expect(browser.local.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(browser.location.assign).toHaveBeenCalledWith('/');
    // Home then says what happened, and does not greet a first visitor.
    expect(browser.session.getItem('visited')).toBe('true');
    $toasts.set([]);
    browser.location.pathname = '/';
    showArrivalNotices();
    expect($toasts.get().map((t) => t.message)).toEqual(['탈퇴가 완료되었어요. 계정과 모든 정보가 삭제되었어요.']);
    showArrivalNotices();
    expect($toasts.get()).toHaveLength(1);
  });

  it('keeps the session when the server refuses, with a Korean toast', async () => {
    memberServer({}, (call) =>
      call.method === 'DELETE' ? jsonResponse(500, { code: 'INTERNAL_ERROR', message: '오류' }) : null,
    );
    expect(await withdraw()).toBe(false);
    expect(browser.local.getItem(ACCESS_TOKEN_KEY)).toBe('access-1');
    expect($toasts.get().map((t) => t.message)).toEqual(['회원 탈퇴를 하지 못했어요. 잠시 후 다시 시도해 주세요.']);
  });
});
