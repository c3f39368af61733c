import { describe, expect, it } from 'vitest';
import { cachedPage, clearPageCache, isCacheablePage, storePage } from '../../src/server/http/page-cache';

describe('page cache', () => {
  it.each([
    ['GET', '/', true],
    ['GET', '/events?type=FREE', true],
    ['GET', '/event/12', true],
    ['GET', '/photographer/3', true],
    ['GET', '/mypage', false],
    ['GET', '/api/v1/promotions/list', false],
    ['GET', '/media/ab/x.webp', false],
    ['GET', '/dev/kakao/oauth/authorize', false],
    ['POST', '/', false],
    ['GET', '/event/abc', false],
  ])('%s %s cacheable: %s', (method, path, expected) => {
    expect(isCacheablePage(method, new URL(path, 'http://x'))).toBe(expected);
  });

  it('answers a stored 200 until it expires or is cleared; other statuses are not stored', async () => {
    clearPageCache();
    const returned = await storePage('/a', new Response('hello', { status: 200, headers: { 'content-type': 'text/html' } }), 1_000);
    expect(await returned.text()).toBe('hello');
    const hit = cachedPage('/a', 2_000);
    expect(hit?.headers.get('x-page-cache')).toBe('hit');
    expect(await hit?.text()).toBe('hello');
    expect(await cachedPage('/a', 2_000)?.text()).toBe('hello');
    expect(cachedPage('/a', 20_000)).toBeNull();
    await storePage('/b', new Response('x', { status: 200 }), 1_000);
    clearPageCache();
    expect(cachedPage('/b', 1_001)).toBeNull();
    await storePage('/c', new Response('moved', { status: 302 }), 1_000);
    expect(cachedPage('/c', 1_001)).toBeNull();
  });
});
