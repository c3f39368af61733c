/** My page's store: the saved events closing soon come with the counts, and their failure costs nothing else. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '#client/auth';
import { $myPage, CLOSING_SOON_DAYS, loadMyPage } from '#stores/member';
import { $sessionUser } from '#stores/session';
import { installBrowser, installFetch, jsonResponse, type RecordedCall } from '../support/browser';

const page = (items: unknown[], totalPage: number) => ({
  items,
  page: 0,
  pageSize: 1,
  totalPage,
  isFirstPage: true,
  isLastPage: true,
  hasPreviousPage: false,
  hasNextPage: false,
});
const soon = { id: 7, title: '내일 마감 이벤트', startedAt: '2026-11-20', endedAt: '2026-11-25', images: [] };

function server(closing: (call: RecordedCall) => Response): RecordedCall[] {
  return installFetch((call) => {
    if (call.url === '/api/v1/users/me')
      return jsonResponse(200, { id: 3, type: 'USER', roles: ['USER'], nickname: '회원' });
    if (call.url.includes('closingWithinDays')) return closing(call);
    if (call.url.startsWith('/api/v1/promotions/saved')) return jsonResponse(200, page([], 4));
    if (call.url.startsWith('/api/v1/photographers/saved')) return jsonResponse(200, page([], 2));
    return jsonResponse(404, { code: 'NOT_FOUND', message: '없음' });
  });
}

beforeEach(() => {
  const browser = installBrowser('/mypage');
  browser.local.setItem(ACCESS_TOKEN_KEY, 'access-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  $sessionUser.set({ id: -1, roles: [''] });
});

describe('my page: closing soon', () => {
  it('asks for the saved events closing within 3 days and keeps them with the counts', async () => {
    const calls = server(() => jsonResponse(200, page([soon], 1)));
    await loadMyPage();
    const asked = calls.find((c) => c.url.includes('closingWithinDays'));
    expect(CLOSING_SOON_DAYS).toBe(3);
    expect(asked?.url).toMatch(/^\/api\/v1\/promotions\/saved\?.*closingWithinDays=3/);
    expect($myPage.get()).toMatchObject({
      status: 'ready',
      counts: { promotion: 4, photographer: 2 },
      closingSoon: [{ id: 7 }],
    });
  });

  it('a failed closing-soon call leaves the page ready with the counts and no list', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server(() => jsonResponse(500, { code: 'INTERNAL_ERROR', message: '오류' }));
    await loadMyPage();
    expect($myPage.get()).toMatchObject({
      status: 'ready',
      counts: { promotion: 4, photographer: 2 },
      closingSoon: [],
    });
  });
});
