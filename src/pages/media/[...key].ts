import type { APIRoute } from 'astro';
import type { DerivedDeps } from '#server/services/derived-images';
import { getDb } from '#server/db/index';
import { MEDIA_CACHE_CONTROL, matchesEtag, mediaEtag } from '#server/http/media-files';
import { log } from '#server/log';
import { hashOfOgImageKey, ogImageKey } from '#server/media/og-image';
import { parseVariantKey } from '#server/media/variants';
import { publicDerivedBytes, variantBytes } from '#server/services/image-variants';
import { ogImageBytes } from '#server/services/og-images';
import { getStorage } from '#server/storage/index';

/**
 * Uploaded images on local storage: `/media/<shard>/<sha256>.webp` and `…_480.webp` thumbnails; and,
 * with any storage, the link-preview pictures `…_og.jpg` and the `srcset` variants `…_240.webp`,
 * `…_960.webp`, `…_1440.webp` (made on first request, see og-images.ts and image-variants.ts, and
 * only for pictures something public names: an event, a portfolio, a profile picture).
 * Keys are content hashes, so answers are cached forever. Anything that is not such a key is 404
 * (no path ever reaches the disk unchecked). What local storage already keeps is answered before
 * Astro with the same headers (src/server/http/media-files.ts); this route makes what is missing.
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

const cachedForever = (etag: string): Record<string, string> => ({
  'Cache-Control': MEDIA_CACHE_CONTROL,
  'X-Content-Type-Options': 'nosniff',
  ETag: etag,
});

const isFresh = (request: Request, etag: string): boolean => matchesEtag(request.headers.get('if-none-match'), etag);

/** A picture derived from a stored image (made on first request and kept), or 404 when there is none. */
async function derived(
  request: Request,
  etag: string,
  contentType: string,
  load: (deps: DerivedDeps) => Promise<Uint8Array | null>,
): Promise<Response> {
  const headers = cachedForever(etag);
  if (isFresh(request, etag)) return new Response(null, { status: 304, headers });
  let bytes: Uint8Array | null;
  try {
    bytes = await load({ db: await getDb(), storage: getStorage() });
  } catch (err) {
    // A picture that cannot be cut (or storage away): no picture, never a 500 page.
    log('error', 'derived image not made', { etag, err });
    return notFound();
  }
  if (!bytes) return notFound();
  headers['Content-Type'] = contentType;
  headers['Content-Length'] = String(bytes.byteLength);
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), { status: 200, headers });
}

export const GET: APIRoute = async ({ params, request }) => {
  const key = params['key'] ?? '';
  const etag = mediaEtag(key);
  if (!etag) return notFound();
  const ogHash = hashOfOgImageKey(key);
  if (ogHash) {
    return derived(request, etag, 'image/jpeg', (deps) =>
      publicDerivedBytes(ogHash, ogImageKey(ogHash), deps, () => ogImageBytes(ogHash, deps)),
    );
  }
  const variant = parseVariantKey(key);
  if (variant) return derived(request, etag, 'image/webp', (deps) => variantBytes(variant.hash, variant.edge, deps));
  const headers = cachedForever(etag);
  const storage = getStorage();
  // With S3 the issued URLs point at the bucket or its CDN; the app does not proxy them.
  if (storage.driver !== 'local') return notFound();
  const object = await storage.stream(key);
  if (!object) return notFound();
  if (isFresh(request, etag)) {
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
