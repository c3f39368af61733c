/**
 * The production server's fast path: answers a cached copy straight from the node request, with the
 * compressed version the client accepts, before the request reaches Astro (a cached page then costs
 * about what a static file does). It only reads the store: it never claims a render, so nothing it does
 * can leave a render claimed. Whatever it cannot answer goes on to Astro, where `provider.ts` renders,
 * claims and stores.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pickEncoding, type Encoding } from '#server/http/encoding';
import { withVary } from '#server/http/vary';
import { cacheKey, requestTarget } from './routes';
import { activeClaim, isFresh, isServableStale, lookup, storeEnabled, waitFor, type Entry } from './store';
import { wroteAt } from './writes';

const WAIT_MS = 5_000;

/**
 * True when answered; false to send the request on to Astro; a promise of either while it waits for a
 * render in flight of a page it has no copy of.
 */
export function serveCached(req: IncomingMessage, res: ServerResponse, now = Date.now()): boolean | Promise<boolean> {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !storeEnabled()) return false;
  const url = requestTarget(req.url);
  if (!url) return false;
  const key = cacheKey(url, req.headers.authorization !== undefined);
  if (key === null) return false;
  const wrote = wroteAt(req.headers.cookie, now);
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const e = lookup(key);
  const usable = e !== undefined && e.renderedAt >= wrote;
  if (usable && isFresh(e, now)) return send(e, encoding, res);
  const render = activeClaim(key, now);
  // A render is making the new copy: the old one may still be answered meanwhile.
  if (render && usable && isServableStale(e, now)) return send(e, encoding, res);
  if (!render || render.startedAt < wrote || e !== undefined) return false;
  // No copy at all: wait for the render in flight rather than start another.
  return waitFor(render, WAIT_MS, now).then(() => {
    const fresh = lookup(key);
    return fresh !== undefined && fresh.renderedAt >= wrote && isFresh(fresh) ? send(fresh, encoding, res) : false;
  });
}

/** Sends the entry as the client accepts it; waits for the compressed copy when it is still being made. */
function send(e: Entry, encoding: Encoding, res: ServerResponse): boolean | Promise<boolean> {
  const body = encoding === 'identity' ? e.body : e.compressed[encoding];
  if (body) {
    write(e, encoding, body, res);
    return true;
  }
  return e.ready.then(() => {
    const copy = encoding === 'identity' ? e.body : e.compressed[encoding];
    if (!copy) return false;
    write(e, encoding, copy, res);
    return true;
  });
}

function write(e: Entry, encoding: Encoding, body: Buffer, res: ServerResponse): void {
  for (const [k, v] of e.headers) res.setHeader(k, v);
  res.setHeader('X-Page-Cache', 'hit');
  // Merged: the server may have set `Vary: Origin` already (CORS).
  res.setHeader('Vary', withVary(res.getHeader('vary'), 'Accept-Encoding'));
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.statusCode = e.status;
  res.end(body);
}
