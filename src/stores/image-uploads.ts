/**
 * Picture uploads of the member pages (spec §5 Images, §8): image files only; files of 3 MB or more are
 * compressed in the browser first (src/lib/images), with progress; nothing is uploaded if that fails;
 * POST /files with upload progress; a failed upload keeps its file for a retry.
 *
 * `createImageList` is an ordered list with a limit (portfolio, banner photos): the limit modal opens
 * when more are picked than fit, entries can be removed and moved, the first is the main one.
 * `createSingleImage` is one picture (profile), replaced only when the new one is stored.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { isApiRequestError, uploadFiles } from '#client/api';
import { memberCopy } from '#lib/copy-member';
import type { FileType, Image } from '#lib/domain';
import {
  distinctImages,
  doneSlot,
  holdsPicture,
  moveItem,
  takeWithinLimit,
  updateSlot,
  type ImageSlot,
} from '#lib/image-list';
import { ImagePreparationError, imageFileProblem, needsCompression, prepareImageForUpload } from '#client/images';
import { openLimitModal } from './member';

export type UploadPhase = 'compressing' | 'uploading';

export interface UploadReport {
  phase: UploadPhase;
  progress: number;
}

/** Why an upload failed, in Korean. */
export function uploadErrorMessage(err: unknown): string {
  if (err instanceof ImagePreparationError) return err.message;
  if (isApiRequestError(err) && [0, 413, 415, 422, 429].includes(err.status)) return err.message;
  return memberCopy.images.uploadFailed;
}

/**
 * Whether sending the same file again may help: not for a file the browser or the server refuses as
 * such (not an image, undecodable, too large), only after a network failure or a busy server.
 */
export function uploadMayRetry(err: unknown): boolean {
  if (err instanceof ImagePreparationError) return false;
  return !(isApiRequestError(err) && [413, 415, 422].includes(err.status));
}

/** Compresses when needed (≥ 3 MB), then uploads; reports each phase's progress. Throws on failure. */
export async function prepareAndUpload(
  file: File,
  fileType: FileType,
  report: (r: UploadReport) => void,
  signal: AbortSignal,
): Promise<Image> {
  if (needsCompression(file)) report({ phase: 'compressing', progress: 0 });
  const ready = await prepareImageForUpload(file, {
    signal,
    onCompressProgress: (progress) => report({ phase: 'compressing', progress }),
    // The browser's JPEG encoder: fast on a phone (the library's PNG encoder is JavaScript and slow).
    compressTo: 'image/jpeg',
  });
  report({ phase: 'uploading', progress: 0 });
  const [image] = await uploadFiles(fileType, [ready], {
    signal,
    onProgress: (progress) => report({ phase: 'uploading', progress }),
  });
  if (!image) throw new Error('no file in the upload answer');
  return image;
}

let keySeq = 0;
const nextKey = () => `img-${Date.now().toString(36)}-${++keySeq}`;

export interface ImageListStore {
  readonly $slots: ReadableAtom<ImageSlot[]>;
  /** A Korean message about the last pick (a file that is not an image), or null. */
  readonly $notice: ReadableAtom<string | null>;
  readonly max: number;
  add(files: readonly File[]): void;
  retry(key: string): void;
  /** Puts another file in a failed entry's place (a file that can never upload). */
  replace(key: string, file: File | undefined): void;
  remove(key: string): void;
  move(key: string, delta: number): void;
  /** Starts over with stored images (prefill, restored draft). */
  reset(images: readonly Image[]): void;
}

export interface ImageListOptions {
  fileType: FileType;
  max: number;
  /** The limit modal's message. */
  limitMessage: string;
}

export function createImageList({ fileType, max, limitMessage }: ImageListOptions): ImageListStore {
  const $slots = atom<ImageSlot[]>([]);
  const $notice = atom<string | null>(null);
  const files = new Map<string, File>();
  const controllers = new Map<string, AbortController>();
  // One upload at a time: compressing several large pictures at once would exhaust a phone's memory.
  let queue: Promise<void> = Promise.resolve();

  const patch = (key: string, p: Partial<ImageSlot>) => {
    if ($slots.get().some((s) => s.key === key)) $slots.set(updateSlot($slots.get(), key, p));
  };

  const run = async (key: string) => {
    const file = files.get(key);
    if (!file || !$slots.get().some((s) => s.key === key)) return;
    const controller = new AbortController();
    controllers.set(key, controller);
    try {
      const image = await prepareAndUpload(
        file,
        fileType,
        (r) => patch(key, { phase: r.phase, progress: r.progress, error: null }),
        controller.signal,
      );
      if (controller.signal.aborted) return;
      files.delete(key);
      // The same picture twice would refuse the whole form: drop it at once, and say so.
      if (holdsPicture($slots.get(), key, image)) {
        $slots.set($slots.get().filter((s) => s.key !== key));
        $notice.set(memberCopy.images.duplicate);
        return;
      }
      patch(key, { phase: 'done', progress: 1, image, error: null });
    } catch (err) {
      if (controller.signal.aborted) return;
      console.error('image upload failed', err);
      patch(key, { phase: 'error', progress: 0, error: uploadErrorMessage(err), retryable: uploadMayRetry(err) });
    } finally {
      controllers.delete(key);
    }
  };

  const enqueue = (key: string) => {
    queue = queue.then(() => run(key));
  };

  return {
    $slots,
    $notice,
    max,
    add(picked) {
      const images: File[] = [];
      let refused = false;
      for (const file of picked) {
        if (imageFileProblem(file)) refused = true;
        else images.push(file);
      }
      $notice.set(refused ? memberCopy.images.notImage : null);
      const { taken, overflow } = takeWithinLimit($slots.get().length, images, max);
      const added: ImageSlot[] = taken.map((file) => {
        const key = nextKey();
        files.set(key, file);
        const phase = needsCompression(file) ? 'compressing' : 'uploading';
        return { key, phase, progress: 0, image: null, error: null, fileName: file.name };
      });
      if (added.length > 0) {
        $slots.set([...$slots.get(), ...added]);
        added.forEach((s) => enqueue(s.key));
      }
      if (overflow) openLimitModal(limitMessage);
    },
    retry(key) {
      if (!files.has(key)) return;
      const file = files.get(key);
      patch(key, { phase: file && needsCompression(file) ? 'compressing' : 'uploading', progress: 0, error: null });
      enqueue(key);
    },
    replace(key, file) {
      if (!file || !$slots.get().some((s) => s.key === key)) return;
      if (imageFileProblem(file)) {
        patch(key, { error: memberCopy.images.notImage, retryable: false, fileName: file.name });
        return;
      }
      files.set(key, file);
      $notice.set(null);
      const phase = needsCompression(file) ? 'compressing' : 'uploading';
      patch(key, { phase, progress: 0, error: null, retryable: true, fileName: file.name });
      enqueue(key);
    },
    remove(key) {
      controllers.get(key)?.abort();
      controllers.delete(key);
      files.delete(key);
      $slots.set($slots.get().filter((s) => s.key !== key));
    },
    move(key, delta) {
      const slots = $slots.get();
      $slots.set(
        moveItem(
          slots,
          slots.findIndex((s) => s.key === key),
          delta,
        ),
      );
    },
    reset(images) {
      controllers.forEach((c) => c.abort());
      controllers.clear();
      files.clear();
      $notice.set(null);
      $slots.set(
        distinctImages(images)
          .slice(0, max)
          .map((image) => doneSlot(nextKey(), image)),
      );
    },
  };
}

// --- one picture ---

export interface SingleImageState {
  phase: 'idle' | UploadPhase | 'done' | 'error';
  progress: number;
  error: string | null;
  /** The failed file is kept and can be sent again. */
  retryable?: boolean;
}

export interface SingleImageStore {
  readonly $upload: ReadableAtom<SingleImageState>;
  pick(file: File | null | undefined): void;
  retry(): void;
  /** Forgets a failed or finished upload's status (the picture itself lives in the form). */
  clear(): void;
}

/** One picture: `onStored` receives the stored image; a failure leaves the previous picture in place. */
export function createSingleImage(fileType: FileType, onStored: (image: Image) => void): SingleImageStore {
  const $upload = atom<SingleImageState>({ phase: 'idle', progress: 0, error: null });
  let lastFile: File | null = null;
  let current: AbortController | null = null;

  const start = async (file: File) => {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    const report = (s: SingleImageState) => {
      if (current === controller) $upload.set(s);
    };
    try {
      const image = await prepareAndUpload(
        file,
        fileType,
        (r) => report({ phase: r.phase, progress: r.progress, error: null }),
        controller.signal,
      );
      if (current !== controller) return;
      lastFile = null;
      onStored(image);
      report({ phase: 'done', progress: 1, error: null });
    } catch (err) {
      if (controller.signal.aborted) return;
      console.error('profile picture upload failed', err);
      report({ phase: 'error', progress: 0, error: uploadErrorMessage(err), retryable: uploadMayRetry(err) });
    } finally {
      if (current === controller) current = null;
    }
  };

  return {
    $upload,
    pick(file) {
      if (!file) return;
      if (imageFileProblem(file)) {
        lastFile = null;
        $upload.set({ phase: 'error', progress: 0, error: memberCopy.images.notImage });
        return;
      }
      lastFile = file;
      void start(file);
    },
    retry() {
      if (lastFile) void start(lastFile);
    },
    clear() {
      current?.abort();
      current = null;
      lastFile = null;
      $upload.set({ phase: 'idle', progress: 0, error: null });
    },
  };
}

export function isSingleUploading(state: SingleImageState): boolean {
  return state.phase === 'compressing' || state.phase === 'uploading';
}
