/**
 * An ordered list of pictures being attached (portfolio, event banner photos): each entry is a stored
 * image or an upload still running or failed. Pure functions; src/stores/image-uploads runs the uploads.
 */
import type { Image } from './domain';
import { pictureIdentity } from './media-urls';

export type SlotPhase = 'compressing' | 'uploading' | 'done' | 'error';

export interface ImageSlot {
  /** Stable key for rendering and for the upload that fills it. */
  key: string;
  phase: SlotPhase;
  /** 0–1 within the phase. */
  progress: number;
  /** Set once the upload is stored. */
  image: Image | null;
  /** The Korean reason of a failure. */
  error: string | null;
  /**
   * A failed upload may succeed when sent again (network, server busy); false when the file itself is
   * refused (not an image, undecodable, too large): only another photo helps.
   */
  retryable?: boolean;
  /** The picked file's name, shown while it uploads. */
  fileName: string;
}

/**
 * A picture as the contract carries it: `name` and `url` only, whatever else the object held (a row,
 * an answer, a draft). The one `{name, url}` cleaning; the server adds its storage rule around it
 * (src/server/media/pictures.ts).
 */
export function cleanImage(image: Image): Image {
  return { name: image.name, url: image.url };
}

/** A picture from data of unknown shape (a draft in sessionStorage), or null when it is not one. */
export function readImage(value: unknown): Image | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, url } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof url === 'string' ? { name, url } : null;
}

export function doneSlot(key: string, image: Image): ImageSlot {
  return { key, phase: 'done', progress: 1, image, error: null, fileName: image.name };
}

/** The stored images in their order (the first is the main one). */
export function slotImages(slots: readonly ImageSlot[]): Image[] {
  return slots.flatMap((s) => (s.phase === 'done' && s.image ? [s.image] : []));
}

/** The first of `images` for each picture (two URLs of the same stored picture count once). */
export function distinctImages(images: readonly Image[]): Image[] {
  const seen = new Set<string>();
  return images.filter((image) => {
    const id = pictureIdentity(image.url);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Another entry than `key` already holds this picture (the server names a picture by its content). */
export function holdsPicture(slots: readonly ImageSlot[], key: string, image: Image): boolean {
  const id = pictureIdentity(image.url);
  return slots.some((s) => s.key !== key && s.image !== null && pictureIdentity(s.image.url) === id);
}

/** An upload is still compressing or sending. */
export function isUploading(slots: readonly ImageSlot[]): boolean {
  return slots.some((s) => s.phase === 'compressing' || s.phase === 'uploading');
}

/** Some entry is not stored yet (running or failed): the form waits until it is retried or removed. */
export function hasUnfinished(slots: readonly ImageSlot[]): boolean {
  return slots.some((s) => s.phase !== 'done');
}

/**
 * Which picked files fit under `max` (every slot counts, failed ones too, until removed): the first
 * ones that fit are taken and `overflow` says the limit modal must open.
 */
export function takeWithinLimit<T>(
  slotCount: number,
  picked: readonly T[],
  max: number,
): { taken: T[]; overflow: boolean } {
  const room = Math.max(0, max - slotCount);
  return { taken: picked.slice(0, room), overflow: picked.length > room };
}

/** The item at `index` moved by `delta` places (clamped); the list is unchanged when it cannot move. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = Math.min(list.length - 1, Math.max(0, index + delta));
  if (index < 0 || index >= list.length || target === index) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

export function updateSlot(slots: readonly ImageSlot[], key: string, patch: Partial<ImageSlot>): ImageSlot[] {
  return slots.map((s) => (s.key === key ? { ...s, ...patch } : s));
}
