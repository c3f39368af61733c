/**
 * An application's reference photos while they are attached (issue 40): an upload list of
 * `APPLICATION_IMAGE`s (at most 3, `createImageList`), each shown from the picked file itself: the
 * stored photo's URL is private (the API serves it only with the token), so the sheet previews the
 * local file through an object URL, forgotten when the photo is removed or the sheet closes.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { APPLICATION_LIMITS, APPLICATION_MESSAGES } from '#lib/applications';
import type { FileType, Image } from '#lib/domain';
import { imageFileProblem } from '#client/images';
import { createImageList, type ImageListStore } from './image-uploads';

export interface ApplicationPhotos {
  readonly list: ImageListStore;
  /** Slot key → an object URL of its file. */
  readonly $previews: ReadableAtom<Readonly<Record<string, string>>>;
  add(files: readonly File[]): void;
  /** Another file in a failed photo's place, previewed from that file. */
  replace(key: string, file: File | undefined): void;
  remove(key: string): void;
  /**
   * The photos an application holds (an edit), as done slots naming the application's own photo URLs:
   * sent back as they are, nothing is uploaded again; each shown from its fetched file.
   */
  keep(images: readonly Image[], files: readonly Blob[]): void;
  /** Forgets every photo and its preview (the sheet closes). */
  clear(): void;
}

/** Application photos by default; a review's photos (`REVIEW_IMAGE`, issue 43) are picked the same way. */
export function createApplicationPhotos(
  options: { fileType: FileType; max: number; limitMessage: string } = {
    fileType: 'APPLICATION_IMAGE',
    max: APPLICATION_LIMITS.photos,
    limitMessage: APPLICATION_MESSAGES.photosTooMany,
  },
): ApplicationPhotos {
  const list = createImageList(options);
  const $previews = atom<Readonly<Record<string, string>>>({});
  const forget = (key: string) => {
    const url = $previews.get()[key];
    if (!url) return;
    URL.revokeObjectURL(url);
    const { [key]: _gone, ...rest } = $previews.get();
    $previews.set(rest);
  };
  return {
    list,
    $previews,
    add(files) {
      const before = new Set(list.$slots.get().map((s) => s.key));
      // The list takes the image files in order, as many as fit: its new slots are those files.
      const images = files.filter((f) => !imageFileProblem(f));
      list.add(files);
      const added = list.$slots.get().filter((s) => !before.has(s.key));
      const next = { ...$previews.get() };
      added.forEach((slot, i) => {
        const file = images[i];
        if (file) next[slot.key] = URL.createObjectURL(file);
      });
      $previews.set(next);
    },
    replace(key, file) {
      if (!file || !list.$slots.get().some((s) => s.key === key)) return;
      list.replace(key, file);
      if (imageFileProblem(file)) return;
      forget(key);
      $previews.set({ ...$previews.get(), [key]: URL.createObjectURL(file) });
    },
    remove(key) {
      list.remove(key);
      forget(key);
    },
    keep(images, files) {
      list.reset(images);
      const next = { ...$previews.get() };
      list.$slots.get().forEach((slot, i) => {
        const file = files[i];
        if (file) next[slot.key] = URL.createObjectURL(file);
      });
      $previews.set(next);
    },
    clear() {
      Object.values($previews.get()).forEach((url) => URL.revokeObjectURL(url));
      $previews.set({});
      list.reset([]);
    },
  };
}
