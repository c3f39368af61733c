/**
 * Server-rendered pages are the same for every visitor (per-member state comes from islands), so a
 * rendered page can be answered again for a few seconds. So are the anonymous answers of the two list
 * endpoints (without a token every `isSaved` is false). Any successful API write clears the cache of
 * this process; the TTL bounds how stale another instance's copy can be.
 *
 * Each stored page is also compressed once (brotli and gzip, off the main thread), and the production
 * server answers a hit before the request reaches Astro (`servePage`), so a cached page costs about what
 * a static file does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { pickEncoding, type Encoding } from './encoding';

interface Entry {
  body: Buffer;
  status: number;
  headers: [string, string][];
  expiresAt: number;
  compressed: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>;
  /** Settles once the compressed copies are made (or failed). */
  ready: Promise<void>;
}

/** One render of a page in flight: the requests that find no usable copy wait for it. */
interface Render {
  done: Promise<void>;
  settle: () => void;
  until: number;
}

const TTL_MS = 10_000;
/**
 * How long the others wait for the one render of a page (an expired copy is answered meanwhile), and how
 * long after expiry a copy may still be answered that way.
 */
const REFRESH_MS = 5_000;
const MAX_ENTRIES = 500;
const MAX_BODY = 512 * 1024;
const entries = new Map<string, Entry>();
const renders = new Map<string, Render>();
/** Bumped by every clear: a page rendered before a write is not stored after it. */
let generation = 0;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** API answers that are the same for every caller without a token. */
const SHARED_API = new Set(['/api/v1/promotions/list', '/api/v1/photographers/list']);

/**
 * Requests whose answer is public and shared: the public pages (not member pages, not the stand-ins,
 * not files), and the list endpoints when the request carries no Authorization header.
 */
export function isCacheablePage(method: string, url: URL, withAuthorization = false): boolean {
  if (method !== 'GET') return false;
  const p = url.pathname;
  if (p.startsWith('/api/')) return !withAuthorization && SHARED_API.has(p);
  if (p.startsWith('/dev/') || p.startsWith('/media/') || p === '/healthz') return false;
  return (
    p === '/' ||
    p === '/events' ||
    p === '/photographers' ||
    p === '/search' ||
    p === '/sitemap.xml' ||
    p === '/robots.txt' ||
    /^\/event\/\d+$/.test(p) ||
    /^\/photographer\/\d+$/.test(p)
  );
}

/** The cache key of a request URL: path and query as the URL parser normalises them. */
export function pageKey(url: URL): string {
  return url.pathname + url.search;
}

/** A fresh entry; an expired one stays stored (for `servePage`) until a new copy replaces it. */
export function cachedPage(key: string, now = Date.now()): Response | null {
  const e = entries.get(key);
  if (!e || e.expiresAt <= now) return null;
  const headers = new Headers(e.headers);
  headers.set('X-Page-Cache', 'hit');
  return new Response(new Uint8Array(e.body), { status: e.status, headers });
}

/** The generation a render starts in; `storePage` stores its page only if no clear came in between. */
export function cacheGeneration(): number {
  return generation;
}

function startRender(key: string, now: number): void {
  let settle = () => {};
  const done = new Promise<void>((resolve) => (settle = resolve));
  renders.set(key, { done, settle, until: now + REFRESH_MS });
}

/** Ends the page's render in flight (waiting requests look again); the middleware calls it when it answers
 * from the cache or the render failed, since `storePage` is not reached then. */
export function endRender(key: string): void {
  settleRender(key);
}

function settleRender(key: string): void {
  renders.get(key)?.settle();
  renders.delete(key);
}

/** Waits for a render in flight, at most until its deadline. */
function awaitRender(render: Render, now: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, render.until - now));
    void render.done.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Answers a GET for a cached page straight from the node request, with the stored headers and the
 * compressed copy the client accepts, before the request reaches Astro. Renders each page once at a time:
 * - a fresh copy is answered at once (after its compressed copies, the first few milliseconds);
 * - without a fresh copy, the first request renders the page (false: it goes on to the app, which
 *   stores the page) while the others get the expired copy (up to REFRESH_MS past expiry) or wait for
 *   that render (at most REFRESH_MS) and get its copy;
 * - false, to the app, when nothing could be answered (not a cacheable page, the render failed, or
 *   it stored nothing, such as a redirect).
 * Synchronous (a boolean) whenever it can answer or decline at once.
 */
export function servePage(req: IncomingMessage, res: ServerResponse, now = Date.now()): boolean | Promise<boolean> {
  if (req.method !== 'GET') return false;
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://x');
  } catch {
    return false;
  }
  if (!isCacheablePage('GET', url, req.headers.authorization !== undefined)) return false;
  const key = pageKey(url);
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const e = entries.get(key);
  if (e && e.expiresAt > now) return answer(e, encoding, res);

  let render = renders.get(key);
  if (render && render.until <= now) {
    settleRender(key);
    render = undefined;
  }
  if (!render) {
    startRender(key, now);
    return false;
  }
  if (e && now - e.expiresAt < REFRESH_MS) return answer(e, encoding, res);
  return awaitRender(render, now).then(() => {
    const fresh = entries.get(key);
    return fresh ? answer(fresh, encoding, res) : false;
  });
}

/** Sends the entry as the client accepts it; waits for the compressed copy when it is still being made. */
function answer(e: Entry, encoding: Encoding, res: ServerResponse): boolean | Promise<boolean> {
  const body = encoding === 'identity' ? e.body : e.compressed[encoding];
  if (body) {
    send(e, encoding, body, res);
    return true;
  }
  return e.ready.then(() => {
    const copy = encoding === 'identity' ? e.body : e.compressed[encoding];
    if (!copy) return false;
    send(e, encoding, copy, res);
    return true;
  });
}

function send(e: Entry, encoding: Encoding, body: Buffer, res: ServerResponse): void {
  for (const [k, v] of e.headers) res.setHeader(k, v);
  res.setHeader('X-Page-Cache', 'hit');
  res.setHeader('Vary', [res.getHeader('Vary'), 'Accept-Encoding'].filter(Boolean).join(', ')); // keeps cors.ts's Origin
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.statusCode = e.status;
  res.end(body);
}

/**
 * Stores a 200 response and hands back an equivalent one (the original body is consumed). A page
 * rendered in an earlier generation (`startedIn`, before a write cleared the cache) is not stored. The
 * same HTML as the stored copy keeps its compressed copies. Ends the page's render in flight either way.
 */
export async function storePage(
  key: string,
  response: Response,
  now = Date.now(),
  startedIn = generation,
): Promise<Response> {
  if (response.status !== 200 || response.headers.has('set-cookie') || startedIn !== generation) {
    settleRender(key);
    return response;
  }
  const body = Buffer.from(await response.arrayBuffer());
  const headers: [string, string][] = [...response.headers.entries()].filter(
    ([k]) => k !== 'content-length' && k !== 'content-encoding',
  );
  if (body.byteLength <= MAX_BODY && startedIn === generation) {
    const old = entries.get(key);
    entries.delete(key);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    const same = old !== undefined && old.status === response.status && old.body.equals(body);
    const entry: Entry = same
      ? { ...old, headers, expiresAt: now + TTL_MS }
      : { body, status: response.status, headers, expiresAt: now + TTL_MS, compressed: {}, ready: Promise.resolve() };
    if (!same) entry.ready = compressEntry(entry);
    entries.set(key, entry);
  }
  settleRender(key);
  return new Response(new Uint8Array(body), { status: response.status, headers });
}

/** Brotli at quality 9 is a fraction of 11's cost for HTML of this size and within a few per cent of it. */
async function compressEntry(entry: Entry): Promise<void> {
  try {
    const [br, gz] = await Promise.all([
      brotli(entry.body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
      }),
      gzipAsync(entry.body, { level: 9 }),
    ]);
    entry.compressed.br = br;
    entry.compressed.gzip = gz;
  } catch {
    // Without a compressed copy the page is still answered, compressed per request by the server.
  }
}

export function clearPageCache(): void {
  generation++;
  entries.clear();
}
