/**
 * Content-hashed storage keys and the URLs derived from them. The key of an image is the SHA-256 of
 * its re-encoded bytes, so its URL can be cached forever; the thumbnail sits next to it with a suffix,
 * so a list page finds it from the image URL alone (no database lookup).
 *
 * Nothing here touches Node or the database: the functions may move to src/lib if islands need them.
 */
import { THUMBNAIL_EDGE } from '#lib/media-urls';

// The thumbnail URL rule is shared with browser code (saved lists, my page).
export { THUMBNAIL_EDGE, thumbnailUrlFor } from '#lib/media-urls';

const HASH = /^[0-9a-f]{64}$/;

/** `ab/ab12…ef.webp`: two-character shards keep directories small on local disk. */
export function imageKey(sha256Hex: string): string {
  if (!HASH.test(sha256Hex)) throw new Error('image key needs a lower-case hex SHA-256');
  return `${sha256Hex.slice(0, 2)}/${sha256Hex}.webp`;
}

export function thumbnailKey(sha256Hex: string): string {
  if (!HASH.test(sha256Hex)) throw new Error('thumbnail key needs a lower-case hex SHA-256');
  return `${sha256Hex.slice(0, 2)}/${sha256Hex}_${THUMBNAIL_EDGE}.webp`;
}

/**
 * Private pictures (an application's photos): under `private/`, which no public route serves; only
 * `GET /api/v1/applications/{id}/photos/{n}` reads them, for the applicant, the author and admins.
 */
export function privateImageKey(sha256Hex: string): string {
  return `private/${imageKey(sha256Hex)}`;
}

export function privateThumbnailKey(sha256Hex: string): string {
  return `private/${thumbnailKey(sha256Hex)}`;
}

const MEDIA_KEY = /^([0-9a-f]{2})\/([0-9a-f]{64})(?:_480)?\.webp$/;

/** True for a key this pipeline writes (image or thumbnail); anything else is never served. */
export function isMediaKey(key: string): boolean {
  const m = MEDIA_KEY.exec(key);
  return m !== null && m[2]?.startsWith(m[1] ?? '-') === true;
}

/** The content hash inside a media key, for ETags. */
export function hashOfMediaKey(key: string): string | null {
  return isMediaKey(key) ? (MEDIA_KEY.exec(key)?.[2] ?? null) : null;
}

/** Size of the thumbnail of a `width`×`height` image: long edge 480, never enlarged. */
export function thumbnailSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, THUMBNAIL_EDGE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
