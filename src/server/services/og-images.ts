/**
 * Link-preview pictures, made once per stored image: on the first request (usually a messenger's
 * crawler) the og image is cut from the stored image and kept in storage next to it; later requests
 * read it back (derived-images.ts: only for issued images, under the cleanup job's lock).
 */
import { makeOgImage, ogImageKey } from '#server/media/og-image';
import { derivedImageBytes, type DerivedDeps } from './derived-images';

/** The JPEG bytes of the og image of a stored image, or null when there is no such image. */
export function ogImageBytes(hash: string, deps: DerivedDeps): Promise<Uint8Array | null> {
  return derivedImageBytes(hash, { key: ogImageKey(hash), contentType: 'image/jpeg', make: makeOgImage }, deps);
}
