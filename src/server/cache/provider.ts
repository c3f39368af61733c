/**
 * Our Astro route-cache provider (`cache.provider` in astro.config.mjs). Pages and the list endpoints
 * declare what they show with `Astro.cache.set(publicCache(tags))`; this provider keeps their answers
 * in `store.ts` and answers from it, and `cache.invalidate({ tags })` ends up in `invalidate.ts`.
 * Astro's built-in memory provider was measured against it: see docs/decisions/009-page-cache.md.
 *
 * Per request (GET only, keys from `routes.ts`):
 * - a fresh copy is answered at once;
 * - without one, the request claims the render; if a stale copy may still be answered, it gets that
 *   and the render goes on in the background, otherwise it waits for its own render;
 * - when another request holds the render, it gets the stale copy, or waits for that render;
 * - a writer (cookie from `writes.ts`) never gets a copy whose render began before its write.
 * The claim is released in a `finally`, whatever the render did (threw, redirected, answered 4xx/5xx).
 */
import type { CacheProvider } from 'astro';
import { getConfig } from '#server/config';
import { log } from '#server/log';
import { cacheKey } from './routes';
import { invalidate } from './invalidate';
import {
  activeClaim,
  claim,
  forget,
  isFresh,
  isServableStale,
  lookup,
  release,
  storeEnabled,
  store,
  waitFor,
  type Claim,
  type Entry,
} from './store';
import { wroteAt } from './writes';

type Next = () => Promise<Response>;

/** Headers Astro uses to carry a route's cache directives to the provider; never sent to clients. */
const DIRECTIVE_HEADERS = ['cdn-cache-control', 'cache-tag'];
const WAIT_MS = 5_000;

export default function pageCacheProvider(): CacheProvider {
  return {
    name: 'damabwa-page-cache',
    onRequest: ({ request, url }, next) => answer(request, url, next),
    async invalidate({ tags }) {
      await invalidate(tags === undefined ? [] : Array.isArray(tags) ? tags : [tags]);
    },
  };
}

async function answer(request: Request, url: URL, next: Next): Promise<Response> {
  if (request.method !== 'GET' || !storeEnabled()) return next();
  const key = cacheKey(url, request.headers.has('authorization'));
  if (key === null) return next();
  const now = Date.now();
  const wrote = wroteAt(request.headers.get('cookie'), now);
  const usable = (e: Entry | undefined): e is Entry => e !== undefined && e.renderedAt >= wrote;

  const e = lookup(key);
  if (usable(e) && isFresh(e, now)) return fromEntry(e, 'hit');
  const mine = claim(key, now);
  if (mine) {
    if (usable(e) && isServableStale(e, now)) {
      void render(mine, next).catch((err: unknown) =>
        log('warn', 'background render failed', { key, error: err instanceof Error ? err.message : String(err) }),
      );
      return fromEntry(e, 'stale');
    }
    return render(mine, next);
  }
  if (usable(e) && isServableStale(e, now)) return fromEntry(e, 'stale');
  const theirs = activeClaim(key, now);
  if (theirs && theirs.startedAt >= wrote) {
    await waitFor(theirs, WAIT_MS, now);
    const after = lookup(key);
    if (usable(after) && isServableStale(after)) return fromEntry(after, 'hit');
  }
  // Nothing usable: render for this request only (the claim holder stores its own).
  return next();
}

/** Runs the claimed render and keeps its answer when the route asked for it; always releases the claim. */
async function render(mine: Claim, next: Next): Promise<Response> {
  try {
    const response = await next();
    // The page is not there any more (a 404 or the redirect home after a delete or a hide): its old copy
    // is never answered again. A 5xx keeps it (the database may be down for a moment).
    if (response.status >= 300 && response.status < 500) forget(mine.key);
    const directives = cacheDirectives(response);
    if (!directives || response.status !== 200 || response.headers.has('set-cookie')) return response;
    const body = Buffer.from(await response.arrayBuffer());
    const headers = publicHeaders(response.headers, directives);
    store(mine, {
      body,
      status: 200,
      headers,
      tags: directives.tags,
      maxAgeMs: directives.maxAge * 1000,
      swrMs: directives.swr * 1000,
    });
    return new Response(new Uint8Array(body), { status: 200, headers });
  } finally {
    // store() released it already when it ran; this covers every other way out.
    release(mine);
  }
}

interface Directives {
  maxAge: number;
  swr: number;
  tags: string[];
}

/** The directives a route set with `Astro.cache.set` (Astro puts them in CDN-Cache-Control and Cache-Tag). */
function cacheDirectives(response: Response): Directives | null {
  const cc = response.headers.get('cdn-cache-control');
  if (!cc) return null;
  const maxAge = Number(/max-age=(\d+)/.exec(cc)?.[1] ?? 0);
  if (!(maxAge > 0)) return null;
  const swr = Number(/stale-while-revalidate=(\d+)/.exec(cc)?.[1] ?? 0);
  const tags = (response.headers.get('cache-tag') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return { maxAge: Math.min(maxAge, getConfig().pageCache.maxAgeSeconds), swr, tags };
}

/**
 * The stored headers: the route's, without Astro's directive headers, with a standard Cache-Control
 * for browsers (always revalidate) and shared caches (a CDN may keep it for the max age).
 */
function publicHeaders(source: Headers, d: Directives): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of source) {
    // The caller's CORS headers are added per request, never kept (src/server/http/cors.ts).
    if (DIRECTIVE_HEADERS.includes(k) || k.startsWith('access-control-') || k === 'set-cookie') continue;
    if (k === 'cache-control' || k === 'content-length' || k === 'content-encoding') continue;
    out.push([k, v]);
  }
  out.push(['cache-control', `public, max-age=0, s-maxage=${d.maxAge}, stale-while-revalidate=${d.swr}`]);
  // With a CDN in front (PAGE_CACHE_CDN_HEADERS): its own directives, and the tags to purge by.
  if (getConfig().pageCache.cdnHeaders) {
    out.push(['cdn-cache-control', `public, max-age=${d.maxAge}, stale-while-revalidate=${d.swr}`]);
    if (d.tags.length > 0) out.push(['cache-tag', d.tags.join(',')]);
  }
  return out;
}

function fromEntry(e: Entry, how: 'hit' | 'stale'): Response {
  const headers = new Headers(e.headers as [string, string][]);
  headers.set('x-page-cache', how);
  return new Response(new Uint8Array(e.body), { status: e.status, headers });
}
