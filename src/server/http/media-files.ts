/**
 * Pictures of local storage answered before Astro (decision 019), as the build's static files are: a
 * stored image, its thumbnail, or a variant or link-preview cut already made and kept on disk costs one
 * open and a stream, no rendering pipeline. Lighthouse's simulation takes one server response time per
 * origin from the observed requests, so slow picture answers slowed every simulated request of a page.
 * Anything else falls through to the media route (src/pages/media/[...key].ts): a cut not made yet, a
 * key that is not ours (its 404), S3 storage. Headers are the route's: `mediaEtag` is the one rule for
 * the ETag, and the page security headers the middleware adds to every non-API answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { hashOfMediaKey } from '#server/media/keys';
import { hashOfOgImageKey } from '#server/media/og-image';
import { parseVariantKey } from '#server/media/variants';
import { getStorage, MEDIA_PATH, type Storage } from '#server/storage/index';
import { securityHeaders } from './headers';

export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The ETag of a picture key the app serves (content-hashed, so it names the bytes), or null for any other key. */
export function mediaEtag(key: string): string | null {
  const og = hashOfOgImageKey(key);
  if (og) return `"${og}-og"`;
  const variant = parseVariantKey(key);
  if (variant) return `"${variant.hash}-${variant.edge}"`;
  const hash = hashOfMediaKey(key);
  if (!hash) return null;
  return `"${hash}${key.endsWith('_480.webp') ? '-480' : ''}"`;
}

/** True when the request's If-None-Match names `etag`. */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  return ifNoneMatch?.split(',').some((t) => t.trim() === etag) ?? false;
}

const PREFIX = `${MEDIA_PATH}/`;

/**
 * Answers a GET or HEAD for a picture kept on local storage; false (synchronously) when the request is
 * not one, a promise of false when the file is not on disk (the route then makes it or says 404).
 */
export function serveMedia(
  req: IncomingMessage,
  res: ServerResponse,
  storage: Storage = getStorage(),
): false | Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '';
  if (!url.startsWith(PREFIX) || storage.driver !== 'local') return false;
  const key = url.slice(PREFIX.length).split('?')[0] ?? '';
  const etag = mediaEtag(key);
  if (!etag) return false;
  return answer(req, res, storage, key, etag);
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  storage: Storage,
  key: string,
  etag: string,
): Promise<boolean> {
  const object = await storage.stream(key).catch(() => null);
  if (!object) return false;
  const headers: Record<string, string> = {
    ...securityHeaders(new URL(req.url ?? '/', 'http://x'), false),
    'Cache-Control': MEDIA_CACHE_CONTROL,
    ETag: etag,
  };
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    await object.body.cancel();
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  headers['Content-Type'] = object.contentType;
  if (object.size !== null) headers['Content-Length'] = String(object.size);
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    await object.body.cancel();
    res.end();
    return true;
  }
  Readable.fromWeb(object.body as NodeReadableStream<Uint8Array>)
    .on('error', () => res.destroy())
    .pipe(res);
  return true;
}
