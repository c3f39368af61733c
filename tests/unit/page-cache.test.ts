import type { ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  cacheGeneration,
  cachedPage,
  clearPageCache,
  isCacheablePage,
  servePage,
  storePage,
} from '../../src/server/http/page-cache';
import { fakeResponse, request } from '../support/node-http';

describe('page cache', () => {
  it.each([
    ['GET', '/', true],
    ['GET', '/events?type=FREE', true],
    ['GET', '/event/12', true],
    ['GET', '/photographer/3', true],
    ['GET', '/mypage', false],
    ['GET', '/api/v1/promotions/list?page=1', true],
    ['GET', '/api/v1/photographers/list', true],
    ['GET', '/api/v1/promotions/12/details', false],
    ['GET', '/api/v1/users/me/saves', false],
    ['GET', '/media/ab/x.webp', false],
    ['GET', '/dev/kakao/oauth/authorize', false],
    ['POST', '/', false],
    ['GET', '/event/abc', false],
  ])('%s %s cacheable: %s', (method, path, expected) => {
    expect(isCacheablePage(method, new URL(path, 'http://x'))).toBe(expected);
  });

  it('shares a list answer only with callers without a token (with one, isSaved is theirs)', () => {
    const list = new URL('/api/v1/promotions/list', 'http://x');
    expect(isCacheablePage('GET', list, true)).toBe(false);
    // A page is the same HTML whoever asks.
    expect(isCacheablePage('GET', new URL('/events', 'http://x'), true)).toBe(true);
  });

  it('answers a stored 200 until it expires or is cleared; other statuses are not stored', async () => {
    clearPageCache();
    const returned = await storePage(
      '/a',
      new Response('hello', { status: 200, headers: { 'content-type': 'text/html' } }),
      1_000,
    );
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

describe('page cache: the server fast path', () => {
  const html = `<!doctype html><html lang="ko"><p>${'담아봐 이벤트 '.repeat(300)}</p></html>`;
  const page = () =>
    new Response(html, {
      status: 200,
      headers: { 'content-type': 'text/html', 'content-security-policy': "default-src 'self'", 'content-length': '1' },
    });
  const serve = (url: string, accept: string, now: number) => {
    const res = fakeResponse();
    const served = servePage(request(url, { 'accept-encoding': accept }), res as unknown as ServerResponse, now);
    return { served, res };
  };
  /** The compressed copies are made off the main thread, right after the page is stored. */
  const settle = () => new Promise((r) => setTimeout(r, 50));

  it('answers a stored page with the stored headers, compressed as the client accepts', async () => {
    clearPageCache();
    await storePage('/events?type=FREE', page(), 1_000);
    await settle();
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['', undefined, (b: Buffer) => b],
    ] as const) {
      const { served, res } = serve('/events?type=FREE', accept, 2_000);
      expect(served).toBe(true);
      expect(res.getHeader('content-encoding')).toBe(encoding);
      expect(res.getHeader('content-security-policy')).toBe("default-src 'self'");
      expect(res.getHeader('x-page-cache')).toBe('hit');
      expect(res.getHeader('vary')).toBe('Accept-Encoding');
      expect(res.getHeader('content-length')).toBe(res.body.length);
      expect(decode(res.body).toString()).toBe(html);
    }
    expect(serve('/events?type=DISCOUNT', 'br', 2_000).served).toBe(false);
    expect(serve('/mypage', 'br', 2_000).served).toBe(false);
  });

  it('answers a stored list to a caller without a token, never to one with a token', async () => {
    clearPageCache();
    const key = '/api/v1/promotions/list?pageSize=10';
    await storePage(key, Response.json({ items: [], page: 0 }), 1_000);
    await settle();
    expect(serve(key, 'gzip', 2_000).served).toBe(true);
    const res = fakeResponse();
    const signedIn = request(key, { 'accept-encoding': 'gzip', authorization: 'Bearer t' });
    expect(servePage(signedIn, res as unknown as ServerResponse, 2_000)).toBe(false);
  });

  it('lets one request render an expired page again while the others get the old copy, for a while', async () => {
    clearPageCache();
    await storePage('/', page(), 0);
    await settle();
    const expired = 10_500;
    expect(serve('/', 'br', expired).served).toBe(false);
    expect(serve('/', 'br', expired + 10).served).toBe(true);
    expect(serve('/', 'br', expired + 20).served).toBe(true);
    // The render failed or never stored: after the refresh window another request tries.
    expect(serve('/', 'br', expired + 5_100).served).toBe(false);
    // Far past expiry nothing old is served: a new render starts.
    expect(serve('/', 'br', 60_000).served).toBe(false);
    // The middleware never answers an expired copy.
    expect(cachedPage('/', expired)).toBeNull();
  });

  it('renders a page nobody has a copy of once: the others wait for that render and get its copy', async () => {
    clearPageCache();
    const now = Date.now();
    expect(serve('/events', 'br', now).served).toBe(false);
    const waiting = [serve('/events', 'br', now + 1), serve('/events', 'gzip', now + 2)];
    for (const w of waiting) expect(w.served).toBeInstanceOf(Promise);
    await storePage('/events', page(), now + 5);
    expect(await Promise.all(waiting.map((w) => w.served))).toEqual([true, true]);
    expect(brotliDecompressSync(waiting[0]!.res.body).toString()).toBe(html);
    expect(gunzipSync(waiting[1]!.res.body).toString()).toBe(html);
  });

  it('sends the waiting requests on to the app when the render stored nothing', async () => {
    clearPageCache();
    const now = Date.now();
    expect(serve('/event/9', 'br', now).served).toBe(false);
    const waiting = serve('/event/9', 'br', now + 1);
    // A missing event redirects home: nothing is stored, so each request is answered by the app.
    await storePage('/event/9', new Response('moved', { status: 302 }), now + 2);
    expect(await waiting.served).toBe(false);
  });

  it('does not store a page whose render began before a write cleared the cache', async () => {
    clearPageCache();
    const startedIn = cacheGeneration();
    clearPageCache();
    await storePage('/photographers', page(), 1_000, startedIn);
    expect(cachedPage('/photographers', 1_001)).toBeNull();
    await storePage('/photographers', page(), 1_000, cacheGeneration());
    expect(cachedPage('/photographers', 1_001)).not.toBeNull();
  });

  it('answers right after a store: the same HTML keeps its compressed copies, new HTML waits for them', async () => {
    clearPageCache();
    await storePage('/search', page(), 1_000);
    const first = serve('/search', 'br', 1_001);
    expect(first.served).toBeInstanceOf(Promise);
    expect(await first.served).toBe(true);
    expect(brotliDecompressSync(first.res.body).toString()).toBe(html);
    await storePage('/search', page(), 12_000);
    expect(serve('/search', 'br', 12_001).served).toBe(true);
  });

  it('serves nothing once an API write cleared the cache', async () => {
    clearPageCache();
    await storePage('/photographers', page(), 1_000);
    await settle();
    expect(serve('/photographers', 'gzip', 1_001).served).toBe(true);
    clearPageCache();
    expect(serve('/photographers', 'gzip', 1_002).served).toBe(false);
  });
});
