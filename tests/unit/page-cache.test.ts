import type { ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { cacheKey, requestTarget } from '#server/cache/routes';
import { serveCached } from '#server/cache/fast-path';
import {
  activeClaim,
  claim,
  clearStore,
  configureStore,
  invalidateTags,
  isFresh,
  isServableStale,
  lookup,
  release,
  store,
  storeStats,
  CLAIM_MS,
} from '#server/cache/store';
import { setSigningKeyForTests } from '#server/cache/signing';
import { wroteAt, wroteCookie } from '#server/cache/writes';
import { fakeResponse, request } from '../support/node-http';

const u = (path: string) => new URL(path, 'http://localhost');
/** The key the server names the answer at `path` by. */
const k = (path: string) => cacheKey(u(path))!;
const html = `<!doctype html><html lang="ko"><p>${'담아봐 이벤트 '.repeat(300)}</p></html>`;
const answer = (tags: string[], body = html) => ({
  body: Buffer.from(body),
  status: 200,
  headers: [
    ['content-type', 'text/html'],
    ['content-security-policy', "default-src 'self'"],
  ] as [string, string][],
  tags,
  maxAgeMs: 60_000,
  swrMs: 30_000,
});
/** Puts a rendered page in the store as a render claimed at `at` would. */
const put = (key: string, tags: string[], at: number, body = html) => {
  const c = claim(key, at);
  if (!c) throw new Error(`${key} is claimed`);
  return store(c, answer(tags, body), at);
};

beforeEach(() => {
  setSigningKeyForTests('unit-test-signing-key-0123456789abcdef');
  configureStore({ enabled: true, maxBytes: 64 * 1024 * 1024 });
  clearStore();
});

describe('page cache keys', () => {
  it('never shares a member page, a file, a stand-in, or a list asked with a token', () => {
    for (const path of ['/mypage', '/media/ab/x.webp', '/dev/kakao/oauth/authorize', '/event/abc', '/api/v1/users/me'])
      expect(cacheKey(u(path))).toBeNull();
    expect(cacheKey(u('/api/v1/promotions/list'), true)).toBeNull();
    expect(cacheKey(u('/events'), true)).toBe(cacheKey(u('/events')));
  });

  it('reads only origin-form request targets: //host/path and absolute URLs are not read as paths', () => {
    expect(requestTarget('//x/events')).toBeNull();
    expect(requestTarget('/\\x/events')).toBeNull();
    expect(requestTarget('http://x/events')).toBeNull();
    expect(requestTarget('/events?type=FREE')?.pathname).toBe('/events');
  });
});

describe('page cache store', () => {
  it('keeps a page fresh for its max age, then stale for its swr window', () => {
    put('/', ['events'], 1_000);
    const e = lookup('/')!;
    expect(isFresh(e, 60_999)).toBe(true);
    expect(isFresh(e, 61_000)).toBe(false);
    expect(isServableStale(e, 90_999)).toBe(true);
    expect(isServableStale(e, 91_000)).toBe(false);
  });

  it('invalidates only the entries that show a tag, keeping them answerable while they are re-rendered', () => {
    put('/event/1', ['event:1', 'author:5'], 1_000);
    put('/event/2', ['event:2', 'author:6'], 1_000);
    put('/events', ['events'], 1_000);
    expect(invalidateTags(['event:1', 'events'], 30_000, 2_000)).toBe(2);
    expect(isFresh(lookup('/event/1')!, 2_001)).toBe(false);
    expect(isServableStale(lookup('/event/1')!, 2_001)).toBe(true);
    expect(isServableStale(lookup('/event/1')!, 32_000)).toBe(false);
    expect(isFresh(lookup('/events')!, 2_001)).toBe(false);
    expect(isFresh(lookup('/event/2')!, 2_001)).toBe(true);
  });

  it('stores a render that began before an invalidation of its tags as already stale', () => {
    const c = claim('/event/1', 1_000)!;
    invalidateTags(['event:1'], 30_000, 1_500);
    store(c, answer(['event:1']), 2_000);
    expect(isFresh(lookup('/event/1')!, 2_001)).toBe(false);
    // A render that began after it is fresh.
    put('/event/1', ['event:1'], 3_000);
    expect(isFresh(lookup('/event/1')!, 3_001)).toBe(true);
  });

  it('lets one render claim a key; a released or expired claim frees it', () => {
    const c = claim('/events', 1_000)!;
    expect(claim('/events', 1_001)).toBeUndefined();
    release(c);
    expect(activeClaim('/events', 1_002)).toBeUndefined();
    const d = claim('/events', 2_000)!;
    expect(d).toBeDefined();
    // A holder that never came back: the claim is void after CLAIM_MS.
    expect(activeClaim('/events', 2_000 + CLAIM_MS)).toBeUndefined();
    const e = claim('/events', 2_000 + CLAIM_MS)!;
    expect(e).toBeDefined();
    release(e);
    expect(storeStats().claims).toBe(0);
  });

  it('is bounded in bytes, the least recently used going first', () => {
    configureStore({ enabled: true, maxBytes: 3 * (html.length * 3 + 2_000) });
    put('/event/1', ['event:1'], 1_000);
    put('/event/2', ['event:2'], 1_000);
    lookup('/event/1');
    for (let i = 3; i < 8; i++) put(`/event/${i}`, [`event:${i}`], 1_000);
    const stats = storeStats();
    expect(stats.bytes).toBeLessThanOrEqual(3 * (html.length * 3 + 2_000));
    expect(lookup('/event/2')).toBeUndefined();
    expect(lookup('/event/7')).toBeDefined();
    expect(stats.claims).toBe(0);
  });

  it('stores nothing when turned off (PAGE_CACHE=off)', () => {
    configureStore({ enabled: false, maxBytes: 1024 * 1024 });
    put('/', ['events'], 1_000);
    expect(lookup('/')).toBeUndefined();
    expect(storeStats().claims).toBe(0);
  });
});

describe("the writer's cookie", () => {
  it('carries the time of the write for two minutes, and nothing implausible', () => {
    const cookie = wroteCookie(1_700_000_000_000).split(';')[0]!;
    expect(wroteAt(`a=b; ${cookie}`, 1_700_000_001_000)).toBe(1_700_000_000_000);
    expect(wroteAt(cookie, 1_700_000_000_000 + 121_000)).toBe(0);
    expect(wroteAt(cookie, 1_700_000_000_000 - 60_000)).toBe(0);
    expect(wroteAt('dmb_wrote=12', 1_700_000_000_000)).toBe(0);
    // Forged: a time without its signature, or with another time's.
    expect(wroteAt('dmb_wrote=1700000000000', 1_700_000_001_000)).toBe(0);
    const sig = cookie.split('.')[1]!;
    expect(wroteAt(`dmb_wrote=1700000000500.${sig}`, 1_700_000_001_000)).toBe(0);
    expect(wroteAt(`dmb_wrote=1700000000000.${'A'.repeat(22)}`, 1_700_000_001_000)).toBe(0);
    expect(wroteAt(undefined)).toBe(0);
  });
});

describe('page cache: the server fast path', () => {
  const serve = (url: string, headers: Record<string, string>, now: number) => {
    const res = fakeResponse();
    const served = serveCached(request(url, headers), res as unknown as ServerResponse, now);
    return { served, res };
  };

  it('answers a fresh page with the stored headers, compressed as the client accepts', async () => {
    await put(k('/events?type=FREE'), ['events'], 1_000)!.ready;
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['', undefined, (b: Buffer) => b],
    ] as const) {
      const { served, res } = serve('/events?utm_source=x&type=FREE', { 'accept-encoding': accept }, 2_000);
      expect(served).toBe(true);
      expect(res.getHeader('content-encoding')).toBe(encoding);
      expect(res.getHeader('content-security-policy')).toBe("default-src 'self'");
      expect(res.getHeader('x-page-cache')).toBe('hit');
      expect(res.getHeader('content-length')).toBe(res.body.length);
      expect(decode(res.body).toString()).toBe(html);
    }
    expect(serve('/events?type=DISCOUNT', {}, 2_000).served).toBe(false);
    expect(serve('/mypage', {}, 2_000).served).toBe(false);
    expect(serve('//x/events?type=FREE', {}, 2_000).served).toBe(false);
  });

  it('answers a shared list to a caller without a token, never to one with a token', () => {
    put(k('/api/v1/promotions/list'), ['events'], 1_000);
    expect(serve('/api/v1/promotions/list?pageSize=10', {}, 2_000).served).not.toBe(false);
    expect(serve('/api/v1/promotions/list', { authorization: 'Bearer t' }, 2_000).served).toBe(false);
  });

  it('answers a stale copy only while a render of it is in flight; otherwise Astro re-renders', () => {
    put(k('/'), ['events'], 0);
    invalidateTags(['events'], 30_000, 5_000);
    expect(serve('/', {}, 5_001).served).toBe(false);
    const c = claim(k('/'), 5_002)!;
    expect(serve('/', {}, 5_003).served).toBe(true);
    release(c);
    expect(serve('/', {}, 5_004).served).toBe(false);
  });

  it('waits for the render in flight of a page it has no copy of, and never for a render nobody is doing', async () => {
    const now = Date.now();
    const c = claim(k('/photographers'), now)!;
    const waiting = serve('/photographers', {}, now + 1).served;
    expect(waiting).toBeInstanceOf(Promise);
    store(c, answer(['photographers']), now + 2);
    expect(await waiting).toBe(true);
    // Released without a store (a redirect, a 4xx, a throw): the waiters go on to Astro at once.
    const d = claim(k('/events?type=FREE'), now)!;
    const other = serve('/events?type=FREE', {}, now + 1).served;
    release(d);
    expect(await other).toBe(false);
  });

  it('never gives a writer a copy rendered before their write', () => {
    const at = Date.now();
    put(k('/event/9'), ['event:9'], at - 10_000);
    const cookie = wroteCookie(at - 5_000).split(';')[0]!;
    expect(serve('/event/9', { cookie }, at).served).toBe(false);
    expect(serve('/event/9', {}, at).served).toBe(true);
    put(k('/event/9'), ['event:9'], at - 1_000);
    expect(serve('/event/9', { cookie }, at).served).toBe(true);
  });
});
