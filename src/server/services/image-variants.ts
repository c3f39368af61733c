/**
 * `srcset` variants of stored images (decision 019), made on the first request and kept next to the
 * image (derived-images.ts: only for issued images, under the cleanup job's lock).
 */
import type { MadeVariantEdge } from '#lib/media-urls';
import { OUTPUT_CONTENT_TYPE } from '#server/media/pipeline';
import { makeVariant, variantKey } from '#server/media/variants';
import { derivedImageBytes, type DerivedDeps } from './derived-images';

/** The WebP bytes of the `edge` variant of a stored image, or null when there is no such image. */
export function variantBytes(hash: string, edge: MadeVariantEdge, deps: DerivedDeps): Promise<Uint8Array | null> {
  return derivedImageBytes(
    hash,
    { key: variantKey(hash, edge), contentType: OUTPUT_CONTENT_TYPE, make: (stored) => makeVariant(stored, edge) },
    deps,
  );
}
