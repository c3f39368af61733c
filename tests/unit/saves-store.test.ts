import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $saves,
  completePendingSave,
  loadPromotionDetail,
  loadSavedState,
  resetSaves,
  saveKey,
  seedSave,
  toggleSave,
} from '#stores/saves';
import { $dialog, $toasts, closeDialog } from '#stores/ui';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

interface Call {
  method: string;
  url: string;
  auth: string | null;
}

let calls: Call[];
let answer: (call: Call) => Response;

beforeEach(() => {
  calls = [];
  answer = () => new Response(null, { status: 204 });
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('location', { pathname: '/events', assign: vi.fn(), replace: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call = { method: init.method ?? 'GET', url, auth: headers['Authorization'] ?? null };
      calls.push(call);
      return answer(call);
    }),
  );
  resetSaves();
  closeDialog();
  $toasts.set([]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const entry = (kind: 'promotion' | 'photographer', id: number) => $saves.get()[saveKey(kind, id)];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('save toggle without a token', () => {
  it('opens the login-required dialog and calls nothing', async () => {
    seedSave('promotion', 1, 4);
    await toggleSave('promotion', 1);
    expect(calls).toEqual([]);
    expect($dialog.get()?.confirmLabel).toBe('로그인하기');
    expect(entry('promotion', 1)).toMatchObject({ saved: false, count: 4 });
  });

  it('asks for no saved state', async () => {
    await loadSavedState({ promotionIds: [1, 2], photographerIds: [] });
    expect(calls).toEqual([]);
  });
});

describe('save toggle as a member', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'token-1'));

  it('saves at once, with the count, and keeps it on success', async () => {
    seedSave('promotion', 1, 4);
    const done = toggleSave('promotion', 1);
    expect(entry('promotion', 1)).toMatchObject({ saved: true, count: 5, pending: true });
    await done;
    expect(entry('promotion', 1)).toMatchObject({ saved: true, count: 5, pending: false });
    expect(calls).toEqual([{ method: 'POST', url: '/api/v1/promotions/1/save', auth: 'Bearer token-1' }]);
  });

  it('unsaves photographers through their own path', async () => {
    seedSave('photographer', 9, 2);
    $saves.setKey(saveKey('photographer', 9), { saved: true, count: 2, pending: false });
    await toggleSave('photographer', 9);
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/api/v1/photographers/9/unsave' });
    expect(entry('photographer', 9)).toMatchObject({ saved: false, count: 1 });
  });

  it('rolls back and asks to log in only after a 401', async () => {
    answer = () => json({ code: 'INVALID_AUTH_CREDENTIALS', message: '로그인이 필요합니다.' }, 401);
    seedSave('promotion', 2, 7);
    await toggleSave('promotion', 2);
    expect(entry('promotion', 2)).toMatchObject({ saved: false, count: 7, pending: false });
    expect($dialog.get()?.confirmLabel).toBe('로그인하기');
  });

  it.each([
    [json({ code: 'PROMOTION_NOT_FOUND', message: '이벤트를 찾을 수 없어요.' }, 404), '이벤트를 찾을 수 없어요.'],
    [json({ code: 'INTERNAL_ERROR', message: '서버 오류예요.' }, 500), '서버 오류예요.'],
  ])('rolls back and tells the cause of any other failure, without the login dialog', async (res, cause) => {
    answer = () => res.clone();
    seedSave('promotion', 2, 7);
    await toggleSave('promotion', 2);
    expect(entry('promotion', 2)).toMatchObject({ saved: false, count: 7, pending: false });
    expect($dialog.get()).toBeNull();
    expect($toasts.get().map((t) => t.message)).toContain(`저장하지 못했어요. ${cause}`);
  });

  it('a network failure is a toast too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    seedSave('promotion', 4, 1);
    await toggleSave('promotion', 4);
    expect(entry('promotion', 4)).toMatchObject({ saved: false, count: 1, pending: false });
    expect($dialog.get()).toBeNull();
    expect($toasts.get().at(-1)?.message).toBe('저장하지 못했어요. 네트워크 연결을 확인해 주세요.');
  });

  it('an unfinished sign-up (403 REGISTRATION_REQUIRED) goes to /signup', async () => {
    answer = () => json({ code: 'REGISTRATION_REQUIRED', message: '회원가입을 마친 뒤 이용할 수 있어요.' }, 403);
    seedSave('photographer', 5, 0);
    await toggleSave('photographer', 5);
    expect(entry('photographer', 5)).toMatchObject({ saved: false, count: 0, pending: false });
    expect($dialog.get()).toBeNull();
    expect(location.assign).toHaveBeenCalledWith('/signup');
    // Told why there (issue 44, item 14), and back here with the save done afterwards (item 12).
    expect(JSON.parse(sessionStorage.getItem('pageNotice') ?? 'null')).toEqual({
      message: '저장하려면 회원가입을 먼저 마쳐 주세요. 마치면 바로 저장해 드릴게요.',
    });
    expect(sessionStorage.getItem('signInReturnTo')).toBe('/events');
    answer = () => new Response(null, { status: 201 });
    expect(await completePendingSave('/events')).toBe(true);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/v1/photographers/5/save' });
    // Done once.
    expect(await completePendingSave('/events')).toBe(false);
  });

  it('a save tapped without a session is made after the sign-up that returns to its page', async () => {
    localStorage.removeItem('accessToken');
    await toggleSave('promotion', 9);
    expect($dialog.get()).not.toBeNull();
    expect(calls).toEqual([]);
    // The visitor dismissed the prompt and signed up from elsewhere: nothing is saved.
    expect(await completePendingSave('/mypage')).toBe(false);
    await toggleSave('promotion', 9);
    answer = () => new Response(null, { status: 201 });
    expect(await completePendingSave('/events')).toBe(true);
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', url: '/api/v1/promotions/9/save' })]);
  });

  it('treats 409 on save as saved, then shows the live count (issue 44, item 20)', async () => {
    answer = (call) =>
      call.method === 'POST'
        ? json({ code: 'ALREADY_PROMOTION_SAVE', message: '이미' }, 409)
        : json({ promotionIds: [3], photographerIds: [], promotionCounts: { '3': 8 }, photographerCounts: {} });
    seedSave('promotion', 3, 7);
    await toggleSave('promotion', 3);
    expect(entry('promotion', 3)).toMatchObject({ saved: true, pending: false });
    expect($dialog.get()).toBeNull();
    // Another tab saved it: the page's count of 7 is older than that save.
    await vi.waitFor(() => expect(entry('promotion', 3)?.count).toBe(8));
    expect(calls.at(-1)?.url).toBe('/api/v1/users/me/saves?promotionIds=3');
  });

  it('a 404 on unsave (undone in another tab) shows the live count too', async () => {
    answer = (call) =>
      call.method === 'DELETE'
        ? json({ code: 'PHOTOGRAPHER_SAVE_NOT_FOUND', message: '없어요' }, 404)
        : json({ promotionIds: [], photographerIds: [], promotionCounts: {}, photographerCounts: { '5': 2 } });
    seedSave('photographer', 5, 4);
    $saves.setKey('photographer:5', { saved: true, count: 4, pending: false });
    await toggleSave('photographer', 5);
    await vi.waitFor(() => expect(entry('photographer', 5)).toMatchObject({ saved: false, count: 2 }));
  });

  it('fills the saved state of the whole page with one call', async () => {
    answer = () => json({ promotionIds: [2], photographerIds: [5] });
    [1, 2, 3].forEach((id) => seedSave('promotion', id, 0));
    seedSave('photographer', 5, 1);
    const batch = { promotionIds: [1, 2, 3], photographerIds: [5] };
    await Promise.all([loadSavedState(batch), loadSavedState(batch), loadSavedState(batch)]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/v1/users/me/saves?promotionIds=1%2C2%2C3&photographerIds=5');
    expect(entry('promotion', 2)?.saved).toBe(true);
    expect(entry('promotion', 1)?.saved).toBe(false);
    expect(entry('photographer', 5)?.saved).toBe(true);
  });

  it('a card whose toggle mounts after the answer keeps its rendered count, and toggles from it', async () => {
    answer = () => json({ promotionIds: [2], photographerIds: [] });
    seedSave('promotion', 1, 3);
    await loadSavedState({ promotionIds: [1, 2], photographerIds: [] });
    // The second card's toggle hydrates only now.
    seedSave('promotion', 2, 7);
    expect(entry('promotion', 2)).toMatchObject({ saved: true, count: 7 });
    answer = () => new Response(null, { status: 204 });
    await toggleSave('promotion', 2);
    expect(entry('promotion', 2)).toMatchObject({ saved: false, count: 6, pending: false });
  });

  it('takes the live counts of the answer over the shared page’s older ones, before or after a toggle mounts', async () => {
    answer = () =>
      json({ promotionIds: [2], photographerIds: [], promotionCounts: { '1': 4, '2': 8 }, photographerCounts: {} });
    seedSave('promotion', 1, 3);
    await loadSavedState({ promotionIds: [1, 2], photographerIds: [] });
    expect(entry('promotion', 1)).toMatchObject({ saved: false, count: 4 });
    // The second card's toggle hydrates only now, with the count the (up to a minute old) page rendered.
    seedSave('promotion', 2, 7);
    expect(entry('promotion', 2)).toMatchObject({ saved: true, count: 8 });
  });

  it('an answer asked for before a toggle that has since finished does not undo it', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const saves = json({ promotionIds: [], photographerIds: [], photographerCounts: { '5': 1 } });
    answer = ((call: Call) =>
      call.method === 'GET' ? held.then(() => saves) : new Response(null, { status: 204 })) as unknown as (
      call: Call,
    ) => Response;
    seedSave('photographer', 5, 1);
    // The page's saved state is asked for, and the member taps save before it answers.
    const loading = loadSavedState({ promotionIds: [], photographerIds: [5] });
    await toggleSave('photographer', 5);
    expect(entry('photographer', 5)).toMatchObject({ saved: true, count: 2, pending: false });
    release();
    await loading;
    expect(entry('photographer', 5)).toMatchObject({ saved: true, count: 2 });
  });

  it('the detail call is made once and fills state and count', async () => {
    answer = () => json({ saveCount: 12, isSaved: true, author: { id: 4 } });
    seedSave('promotion', 8, 10);
    const [a, b] = await Promise.all([loadPromotionDetail(8), loadPromotionDetail(8)]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/v1/promotions/8/details');
    expect(a?.author?.id).toBe(4);
    expect(b).toBe(a);
    expect(entry('promotion', 8)).toMatchObject({ saved: true, count: 12 });
  });
});
