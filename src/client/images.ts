/**
 * Preparing a picked picture for upload (spec §5 Images, §8): image files only; files of 3 MB
 * (3,145,728 bytes) or more are compressed to at most 3 MB first; if that fails nothing is uploaded.
 * The compressor (browser-image-compression) is loaded only when a large file needs it.
 */
import { copy } from '#lib/copy';

export const COMPRESSION_THRESHOLD_BYTES = 3_145_728;

export type ImageCheckError = 'notBlob' | 'notImage';

/** Why a value cannot be uploaded as an image, or null when it can. */
export function imageFileProblem(file: unknown): ImageCheckError | null {
  if (typeof Blob === 'undefined' || !(file instanceof Blob)) return 'notBlob';
  if (!file.type.startsWith('image/')) return 'notImage';
  return null;
}

export function needsCompression(file: Blob): boolean {
  return file.size >= COMPRESSION_THRESHOLD_BYTES;
}

export class ImagePreparationError extends Error {
  override readonly name = 'ImagePreparationError';
  constructor(
    readonly reason: ImageCheckError | 'compressFailed',
    message: string,
  ) {
    super(message);
  }
}

export interface PrepareOptions {
  /** Compression progress, 0–1 (only called when the file is compressed). */
  onCompressProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /**
   * The compressed copy's type (default: the picked file's). `image/jpeg` turns a large PNG into a JPEG
   * with the browser's own encoder; keeping PNG runs the library's JavaScript PNG encoder, which takes
   * minutes on a phone-sized photo. The server re-encodes every upload anyway.
   */
  compressTo?: string;
}

/**
 * The file to upload: the picked one, or its compressed copy (≤ 3 MB, same name). Throws an
 * `ImagePreparationError` with the spec's Korean message for a non-file, a non-image, or a failed or
 * insufficient compression.
 */
export async function prepareImageForUpload(file: unknown, options: PrepareOptions = {}): Promise<File> {
  const problem = imageFileProblem(file);
  if (problem) throw new ImagePreparationError(problem, copy.signup.profile[problem]);
  const blob = file as Blob;
  const named = blob instanceof File ? blob : new File([blob], 'image', { type: blob.type });
  if (!needsCompression(named)) return named;
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    const compressOptions: Parameters<typeof imageCompression>[1] = {
      maxSizeMB: COMPRESSION_THRESHOLD_BYTES / 1024 / 1024,
      // The worker would load the library from a CDN; the page's CSP and offline demo forbid that.
      useWebWorker: false,
      onProgress: (p) => options.onCompressProgress?.(p / 100),
    };
    if (options.signal) compressOptions.signal = options.signal;
    if (options.compressTo) compressOptions.fileType = options.compressTo;
    const compressed = await imageCompression(named, compressOptions);
    if (compressed.size > COMPRESSION_THRESHOLD_BYTES) throw new Error(`still ${compressed.size} bytes`);
    return new File([compressed], named.name, { type: compressed.type || named.type });
  } catch (err) {
    console.error('image compression failed', err);
    throw new ImagePreparationError('compressFailed', copy.signup.profile.compressFailed);
  }
}
