/**
 * The event options menu's delete (issue 39): done, to the events list; refused or not answered, the
 * visitor stays on the event page with a Korean message.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteEvent } from '#client/event-delete';
import { $toasts } from '#stores/ui';

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

let calls: { method: string; url: string }[];
let answer: () => Response | Promise<Response>;
let location: { pathname: string; assign: ReturnType<typeof vi.fn>; replace: ReturnType<typeof vi.fn> };

const envelope = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ code, message }), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  answer = () => new Response(null, { status: 204 });
  location = { pathname: '/event/7', assign: vi.fn(), replace: vi.fn() };
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('location', location);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ method: init.method ?? 'GET', url });
      return answer();
    }),
  );
  localStorage.setItem('accessToken', 'token-1');
  $toasts.set([]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const toasts = () => $toasts.get().map((t) => [t.tone, t.message]);

describe('deleting an event from its options menu', () => {
  it('goes to the events list once the author’s delete is done', async () => {
    expect(await deleteEvent(7, true)).toBe(true);
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/v1/promotions/7' }]);
    expect(location.assign).toHaveBeenCalledWith('/events');
    expect(toasts()).toEqual([]);
    // The list says it is done (issue 44, item 11).
    expect(JSON.parse(sessionStorage.getItem('pageNotice') ?? 'null')).toEqual({
      message: '이벤트를 삭제했어요.',
      to: '/events',
    });
  });

  it('deletes another’s event through moderation for an ADMIN', async () => {
    expect(await deleteEvent(7, false)).toBe(true);
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/v1/admin/promotions/7' }]);
  });

  it.each([
    [
      'a 500',
      () => envelope(500, 'INTERNAL_ERROR', 'Internal error'),
      '삭제하지 못했어요. 잠시 후 다시 시도해 주세요.',
    ],
    [
      'a 503',
      () => envelope(503, 'SERVICE_UNAVAILABLE', '잠시 후 다시 시도해 주세요.'),
      '삭제하지 못했어요. 잠시 후 다시 시도해 주세요.',
    ],
    [
      'a proxy’s 502 page',
      () => new Response('<h1>Bad Gateway</h1>', { status: 502 }),
      '삭제하지 못했어요. 잠시 후 다시 시도해 주세요.',
    ],
    [
      'a 403',
      () => envelope(403, 'PROMOTION_DELETE_PERMISSION_DENIED', '작성자 또는 관리자만 이벤트를 삭제할 수 있어요.'),
      '삭제하지 못했어요. 작성자 또는 관리자만 이벤트를 삭제할 수 있어요.',
    ],
    [
      'a 404',
      () => envelope(404, 'PROMOTION_NOT_FOUND', '이벤트를 찾을 수 없어요.'),
      '삭제하지 못했어요. 이벤트를 찾을 수 없어요.',
    ],
    [
      'no answer',
      () => Promise.reject(new TypeError('Failed to fetch')),
      '삭제하지 못했어요. 네트워크 연결을 확인해 주세요.',
    ],
  ])('stays on the page with a Korean message after %s', async (_case, failure, message) => {
    answer = failure;
    expect(await deleteEvent(7, true)).toBe(false);
    expect(location.assign).not.toHaveBeenCalled();
    expect(location.replace).not.toHaveBeenCalled();
    expect(toasts()).toEqual([['error', message]]);
  });
});
