import type { APIRoute } from 'astro';
import { hashOfMediaKey } from '../../server/media/keys';
import { getStorage } from '../../server/storage/index';

/**
 * Uploaded images on local storage: `/media/<shard>/<sha256>.webp` and `…_480.webp` thumbnails.
 * Keys are content hashes, so answers are cached forever. Anything that is not such a key is 404
 * (no path ever reaches the disk unchecked).
 */
const notFound = () =>
  new Response('Not Found', {
    status: 404,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });

export const GET: APIRoute = async ({ params, request }) => {
  const key = params['key'] ?? '';
  const hash = hashOfMediaKey(key);
  if (!hash) return notFound();
  const etag = `"${hash}${key.endsWith('_480.webp') ? '-480' : ''}"`;
  const headers: Record<string, string> = {
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    ETag: etag,
  };
  const storage = getStorage();
  // With S3 the issued URLs point at the bucket or its CDN; the app does not proxy them.
  if (storage.driver !== 'local') return notFound();
  const object = await storage.stream(key);
  if (!object) return notFound();
  if (
    request.headers
      .get('if-none-match')
      ?.split(',')
      .some((t) => t.trim() === etag)
  ) {
    await object.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  headers['Content-Type'] = object.contentType;
  if (object.size !== null) headers['Content-Length'] = String(object.size);
  if (request.method === 'HEAD') {
    await object.body.cancel();
    return new Response(null, { status: 200, headers });
  }
  return new Response(object.body, { status: 200, headers });
};
export const HEAD = GET;
