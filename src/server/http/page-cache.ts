/**
 * Server-rendered pages are the same for every visitor (per-member state comes from islands), so a
 * rendered page can be answered again for a few seconds. Any successful API write clears the cache of
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
  /** While one request renders the expired page again, the others get this copy until then. */
  refreshUntil: number;
}

const TTL_MS = 10_000;
/** How long an expired page may still be answered while one request renders it again. */
const REFRESH_MS = 5_000;
const MAX_ENTRIES = 500;
const MAX_BODY = 512 * 1024;
const entries = new Map<string, Entry>();

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Paths whose HTML is public and shared: not member pages, not the stand-ins, not files. */
export function isCacheablePage(method: string, url: URL): boolean {
  if (method !== 'GET') return false;
  const p = url.pathname;
  if (p.startsWith('/api/') || p.startsWith('/dev/') || p.startsWith('/media/') || p === '/healthz') return false;
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

/**
 * Answers a GET for a cached page straight from the node request, with the stored headers and the
 * compressed copy the client accepts. False when there is no entry, when this request is the one to
 * render an expired page again, or while the copy for its encoding is being made: the request then goes
 * to the app as usual.
 */
export function servePage(req: IncomingMessage, res: ServerResponse, now = Date.now()): boolean {
  if (req.method !== 'GET') return false;
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://x');
  } catch {
    return false;
  }
  if (!isCacheablePage('GET', url)) return false;
  const e = entries.get(pageKey(url));
  if (!e) return false;
  if (e.expiresAt <= now) {
    // Expired: one request renders it again (through the app, which stores the new copy); until that is
    // done the others get the old copy instead of all rendering at once, for at most REFRESH_MS.
    if (e.refreshUntil <= now || now - e.expiresAt >= REFRESH_MS) {
      e.refreshUntil = now + REFRESH_MS;
      return false;
    }
  }
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const body = encoding === 'identity' ? e.body : e.compressed[encoding];
  if (!body) return false;
  for (const [k, v] of e.headers) res.setHeader(k, v);
  res.setHeader('X-Page-Cache', 'hit');
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.statusCode = e.status;
  res.end(body);
  return true;
}

/** Stores a 200 response and hands back an equivalent one (the original body is consumed). */
export async function storePage(key: string, response: Response, now = Date.now()): Promise<Response> {
  if (response.status !== 200 || response.headers.has('set-cookie')) return response;
  const body = Buffer.from(await response.arrayBuffer());
  const headers: [string, string][] = [...response.headers.entries()].filter(
    ([k]) => k !== 'content-length' && k !== 'content-encoding',
  );
  if (body.byteLength <= MAX_BODY) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    const entry: Entry = {
      body,
      status: response.status,
      headers,
      expiresAt: now + TTL_MS,
      compressed: {},
      refreshUntil: 0,
    };
    entries.set(key, entry);
    void compressEntry(entry);
  }
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
  entries.clear();
}
