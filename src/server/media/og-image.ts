/**
 * Link-preview pictures (`og:image`): 1200×630, the size KakaoTalk and the other messengers show large,
 * cut from a stored image (already re-encoded by the pipeline: upright, at most 2048 px, no metadata)
 * around its most interesting part, as JPEG, which every link-preview crawler reads.
 */
import sharp from 'sharp';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from '#lib/media-urls';
import { MAX_INPUT_PIXELS, withSlot } from './pipeline';

const HASH = /^[0-9a-f]{64}$/;
const OG_KEY = /^([0-9a-f]{2})\/([0-9a-f]{64})_og\.jpg$/;

/** `ab/ab12…ef_og.jpg`, next to the image it is cut from. */
export function ogImageKey(sha256Hex: string): string {
  if (!HASH.test(sha256Hex)) throw new Error('og image key needs a lower-case hex SHA-256');
  return `${sha256Hex.slice(0, 2)}/${sha256Hex}_og.jpg`;
}

/** The content hash of an og image key, or null for anything else. */
export function hashOfOgImageKey(key: string): string | null {
  const m = OG_KEY.exec(key);
  return m?.[1] && m[2]?.startsWith(m[1]) ? m[2] : null;
}

/** The og image of a stored image's bytes, under the pipeline's pixel cap and decode slots. */
export function makeOgImage(stored: Uint8Array): Promise<Buffer> {
  return withSlot('link-preview', () =>
    sharp(stored, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .resize({ width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, fit: 'cover', position: sharp.strategy.attention })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer(),
  );
}
