/**
 * The image pipeline: bytes sniffed → header checked against the pixel cap → decoded by sharp (with the
 * same cap as a second guard) → auto-rotated by EXIF orientation → every piece of metadata dropped
 * (EXIF with GPS, XMP, IPTC, ICC: pixels are converted to sRGB) → re-encoded to WebP with the long edge
 * capped → a WebP thumbnail. The SHA-256 of the re-encoded image names both objects.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import sharp, { type Metadata } from 'sharp';
import { ApiError, payloadTooLarge, unsupportedMediaType } from '#server/http/errors';
import { THUMBNAIL_EDGE } from './keys';
import { createTurns } from './turns';
import { sniffImageFormat, type ImageFormat } from './sniff';

/** Decoded pixels allowed per image (40 MP: above any phone camera, far below a decompression bomb). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Long edge of the stored image. */
export const MAX_IMAGE_EDGE = 2048;
export const OUTPUT_CONTENT_TYPE = 'image/webp';

export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** SHA-256 (hex) of `image.bytes`. */
  sha256: string;
  sourceFormat: ImageFormat;
  image: EncodedImage;
  thumbnail: EncodedImage;
}

export interface PipelineOptions {
  maxInputPixels?: number;
  /** Whose job this is (the uploading member): waiting jobs take turns by queue. */
  queue?: string | number;
}

const SHARP_FORMAT: Record<ImageFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'heif',
  heic: 'heif',
};

export const notAnImage = () =>
  unsupportedMediaType('이미지 파일만 올릴 수 있어요. JPEG, PNG, WebP, GIF, AVIF 사진을 선택해 주세요.');
const unreadableImage = () => unsupportedMediaType('이미지를 읽을 수 없어요. 손상되지 않은 사진을 다시 선택해 주세요.');
const heicUnsupported = () =>
  unsupportedMediaType('HEIC 사진은 아직 지원하지 않아요. JPEG로 변환하거나 다른 사진을 선택해 주세요.');
const tooManyPixels = (max: number) =>
  payloadTooLarge(
    `이미지 해상도가 너무 커요. ${Math.floor(max / 10_000).toLocaleString('ko-KR')}만 화소 이하의 사진을 올려 주세요.`,
  );

// Each pipeline decodes a full image; a few at a time keep memory bounded under concurrent uploads.
const MAX_CONCURRENT = Math.max(1, Math.min(4, availableParallelism()));
// Waiting jobs take turns by queue (the uploading member): see turns.ts. Uploads and link-preview
// images share the few decode slots.
export const withSlot = createTurns(MAX_CONCURRENT);

/** Runs the whole pipeline on one upload. Throws 415 (not an image, unreadable) or 413 (too many pixels). */
export async function processImage(bytes: Uint8Array, options: PipelineOptions = {}): Promise<ProcessedImage> {
  const maxPixels = options.maxInputPixels ?? MAX_INPUT_PIXELS;
  const format = sniffImageFormat(bytes);
  if (!format) throw notAnImage();
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  // Header only: a decompression bomb is refused before a single pixel is decoded.
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: maxPixels }).metadata();
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels(maxPixels);
    throw format === 'heic' ? heicUnsupported() : unreadableImage();
  }
  if (meta.format !== SHARP_FORMAT[format]) throw format === 'heic' ? heicUnsupported() : unreadableImage();
  const { width, height } = meta;
  if (!width || !height) throw unreadableImage();
  if (width * height > maxPixels) throw tooManyPixels(maxPixels);

  return withSlot(options.queue ?? '', async () => {
    let image: EncodedImage;
    try {
      const out = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error', animated: false })
        .rotate()
        .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .webp({ quality: 82, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      image = { bytes: out.data, width: out.info.width, height: out.info.height };
    } catch (err) {
      if (err instanceof ApiError) throw err;
      if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels(maxPixels);
      throw format === 'heic' ? heicUnsupported() : unreadableImage();
    }
    // The thumbnail comes from the re-encoded image: already upright, small and metadata-free.
    const thumb = await sharp(image.bytes)
      .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return {
      sha256: createHash('sha256').update(image.bytes).digest('hex'),
      sourceFormat: format,
      image,
      thumbnail: { bytes: thumb.data, width: thumb.info.width, height: thumb.info.height },
    };
  });
}
