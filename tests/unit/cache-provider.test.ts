import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CacheProvider } from 'astro';
import pageCacheProvider from '#server/cache/provider';
import { cacheKey } from '#server/cache/routes';
import { clearStore, configureStore, invalidateTags, lookup, storeStats } from '#server/cache/store';
import { setSigningKeyForTests } from '#server/cache/signing';
import { wroteCookie } from '#server/cache/writes';
import { getConfig, setConfigForTests } from '#server/config';

const provider = pageCacheProvider() as Required<CacheProvider>;
const logger = { info() {}, warn() {}, error() {} };
const get = (path: string, headers: Record<string, string> = {}) => {
  const request = new Request(new URL(path, 'http://localhost'), { headers });
  return (next: () => Promise<Response>) => provider.onRequest({ request, url: new URL(request.url), logger }, next);
};
/** A route that asked to be cached, as Astro hands it to the provider. */
const page = (text: string, status = 200) =>
  new Response(text, {
    status,
    headers: {
      'content-type': 'text/html',
      'cdn-cache-control': 'max-age=60, stale-while-revalidate=30',
      'cache-tag': 'events, event:1',
    },
  });

beforeEach(() => {
  setSigningKeyForTests('unit-test-signing-key-0123456789abcdef');
  configureStore({ enabled: true, maxBytes: 64 * 1024 * 1024 });
  clearStore();
});

describe('the Astro cache provider', () => {
  it('stores what a route asked to cache, with a standard Cache-Control and without the directive headers', async () => {
    const first = await get('/events?utm=1')(async () => page('목록'));
    expect(await first.text()).toBe('목록');
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
    expect(first.headers.get('cdn-cache-control')).toBeNull();
    expect(first.headers.get('cache-tag')).toBeNull();
    let rendered = 0;
    const second = await get('/events')(async () => {
      rendered++;
      return page('다시');
    });
    expect(await second.text()).toBe('목록');
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(rendered).toBe(0);
    expect(lookup(cacheKey(new URL('http://localhost/events'))!)?.tags).toEqual(['events', 'event:1']);
  });

  it('keeps nothing and holds no claim after a render that threw, redirected, failed or asked for nothing', async () => {
    await expect(get('/events')(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(storeStats().claims).toBe(0);
    for (const res of [
      new Response(null, { status: 302, headers: { location: '/' } }),
      page('오류', 500),
      new Response('no directives'),
    ]) {
      await get('/events')(async () => res);
      expect(storeStats()).toMatchObject({ claims: 0, entries: 0 });
    }
  });

  it('forgets the copy when the page is gone (404, the redirect home), keeps it through a 5xx', async () => {
    await get('/event/7')(async () => page('있던 이벤트'));
    invalidateTags(['events'], 30_000);
    // The database is down for a moment: the stale copy stays for the next visitors.
    await get('/event/7')(async () => page('오류', 503));
    expect(storeStats().entries).toBe(1);
    for (const gone of [
      new Response(null, { status: 404 }),
      new Response(null, { status: 302, headers: { location: '/' } }),
    ]) {
      await get('/event/7')(async () => page('있던 이벤트'));
      // Its render (in the background when a stale copy answered) is done.
      await vi.waitFor(() => expect(storeStats().claims).toBe(0));
      invalidateTags(['events'], 30_000);
      const answer = await get('/event/7')(async () => gone);
      // The stale copy may answer this one request while the render runs; never the next.
      await vi.waitFor(() => expect(storeStats().claims).toBe(0));
      expect(storeStats().entries, `${gone.status}: ${answer.status}`).toBe(0);
      let rendered = 0;
      await get('/event/7')(async () => {
        rendered++;
        return gone;
      });
      expect(rendered).toBe(1);
    }
  });

  it('answers the stale copy at once and re-renders in the background after an invalidation', async () => {
    await get('/events')(async () => page('이전'));
    invalidateTags(['events'], 30_000);
    let finish: (r: Response) => void = () => {};
    const slow = new Promise<Response>((r) => (finish = r));
    const stale = await get('/events')(() => slow);
    expect(await stale.text()).toBe('이전');
    expect(stale.headers.get('x-page-cache')).toBe('stale');
    expect(storeStats().claims).toBe(1);
    finish(page('새 제목'));
    await new Promise((r) => setTimeout(r, 10));
    expect(storeStats().claims).toBe(0);
    expect(await (await get('/events')(async () => page('x'))).text()).toBe('새 제목');
  });

  it('renders for the writer instead of answering a copy older than the write', async () => {
    await get('/event/1')(async () => page('옛 제목'));
    await new Promise((r) => setTimeout(r, 5));
    const cookie = wroteCookie(Date.now()).split(';')[0]!;
    const mine = await get('/event/1', { cookie })(async () => page('새 제목'));
    expect(await mine.text()).toBe('새 제목');
    // …and what it rendered is everybody's copy now.
    expect(await (await get('/event/1')(async () => page('x'))).text()).toBe('새 제목');
  });

  it('passes member lists and other methods straight through', async () => {
    let calls = 0;
    const next = async () => {
      calls++;
      return page('내 목록');
    };
    await get('/api/v1/promotions/list', { authorization: 'Bearer t' })(next);
    await get('/api/v1/promotions/list', { authorization: 'Bearer t' })(next);
    expect(calls).toBe(2);
    expect(storeStats().entries).toBe(0);
  });
});

describe('with a CDN in front (PAGE_CACHE_CDN_HEADERS)', () => {
  it('kept answers also carry CDN-Cache-Control and the tags to purge by; off by default', async () => {
    const before = getConfig();
    expect(before.pageCache.cdnHeaders).toBe(false);
    setConfigForTests({ ...before, pageCache: { ...before.pageCache, cdnHeaders: true } });
    try {
      const first = await get('/events')(async () => page('목록'));
      expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
      expect(first.headers.get('cdn-cache-control')).toBe('public, max-age=60, stale-while-revalidate=30');
      expect(first.headers.get('cache-tag')).toBe('events,event:1');
      // The kept copy answers with them too.
      const again = await get('/events')(async () => page('다시'));
      expect(await again.text()).toBe('목록');
      expect(again.headers.get('cache-tag')).toBe('events,event:1');
    } finally {
      setConfigForTests(before);
    }
  });
});
