/**
 * Picture variants (decision 019): smaller and larger cuts of a stored image for `srcset`, made on the
 * first request from the stored image (already upright, at most 2048 px, no metadata) and kept next to
 * it, under the pipeline's pixel cap and decode slots. WebP like the stored image and its thumbnail.
 */
import sharp from 'sharp';
import { VARIANT_EDGES, type MadeVariantEdge } from '#lib/media-urls';
import { MAX_INPUT_PIXELS, withSlot } from './pipeline';

const HASH = /^[0-9a-f]{64}$/;
const VARIANT_KEY = /^([0-9a-f]{2})\/([0-9a-f]{64})_(\d+)\.webp$/;

const isMadeEdge = (n: number): n is MadeVariantEdge => (VARIANT_EDGES as readonly number[]).includes(n);

/** `ab/ab12…ef_960.webp`, next to the image it is made from. */
export function variantKey(sha256Hex: string, edge: MadeVariantEdge): string {
  if (!HASH.test(sha256Hex) || !isMadeEdge(edge)) throw new Error('variant key needs a SHA-256 and a variant edge');
  return `${sha256Hex.slice(0, 2)}/${sha256Hex}_${edge}.webp`;
}

/** The content hash and edge of a variant key, or null for anything else (the 480 thumbnail included). */
export function parseVariantKey(key: string): { hash: string; edge: MadeVariantEdge } | null {
  const m = VARIANT_KEY.exec(key);
  if (!m?.[1] || !m[2]?.startsWith(m[1])) return null;
  const edge = Number(m[3]);
  return isMadeEdge(edge) && m[3] === String(edge) ? { hash: m[2], edge } : null;
}

/** The variant of a stored image's bytes: long edge `edge`, never enlarged. */
export function makeVariant(stored: Uint8Array, edge: MadeVariantEdge): Promise<Buffer> {
  return withSlot('variants', () =>
    sharp(stored, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: edge <= 480 ? 78 : 80, effort: 4 })
      .toBuffer(),
  );
}
