/**
 * Pictures in the database are storage keys, not URLs (decision 018). Every `{name, url}` a row holds
 * (profile image, portfolio, event images) keeps its shape, but for an uploaded picture `url` holds its
 * storage key (`ab/ab12…ef.webp`); the URL is built when answering, from the storage's public base
 * (our origin's media path, the S3 public base, or MEDIA_BASE_URL). Anything else (an app path such as
 * a test fixture's `/media/test/1.webp`, or a URL that was never ours) is kept and answered as it is.
 *
 * The two directions, and nothing else, live here: `storedImage` on the way in, `answerImage` on the way
 * out. Both are the one `{name, url}` cleaning (src/lib/image-list.ts) with the reference rule applied.
 */
import type { Image } from '#lib/domain';
import { cleanImage } from '#lib/image-list';
import { getStorage, type Storage } from '#server/storage/index';

/** An uploaded image (not a thumbnail) at the end of a URL's path: `…/ab/ab12…ef.webp`. */
const KEY_TAIL = /(?:^|\/)(([0-9a-f]{2})\/([0-9a-f]{64})\.webp)$/;

/** The storage key of an uploaded image, when `ref` is one (`ab/ab12…ef.webp`, shard = hash prefix). */
export function imageKeyOf(ref: string): string | null {
  const m = /^([0-9a-f]{2})\/([0-9a-f]{64})\.webp$/.exec(ref);
  return m?.[2]?.startsWith(m[1] ?? '-') ? ref : null;
}

/**
 * What is stored for a URL a client sent: the storage key when the URL names one of our uploaded images
 * (any base: this origin, a previous one, the S3 bucket or a CDN — a client sends back the URL it was
 * given, and the base may have changed since), else the URL unchanged. Whether the member may use that
 * key is the ownership check's business (services/files.ts), never this function's.
 */
export function pictureRef(url: string): string {
  if (imageKeyOf(url)) return url;
  let path: string;
  try {
    const u = new URL(url, 'http://relative.invalid');
    if (u.search || u.hash || (u.protocol !== 'http:' && u.protocol !== 'https:')) return url;
    path = u.pathname;
  } catch {
    return url;
  }
  const m = KEY_TAIL.exec(path);
  return m?.[1] && m[3]?.startsWith(m[2] ?? '-') ? m[1] : url;
}

/**
 * The URLs built for stored references, per storage (its public base). A list answer builds a few dozen,
 * the same ones for every caller; the key's two checks (ours and the storage's) were 0.06 ms of a list
 * answer's main-thread time (decision 008). Bounded: past MAX_BUILT it starts again.
 */
const built = new WeakMap<Storage, Map<string, string>>();
const MAX_BUILT = 20_000;

/** The URL browsers load a stored reference from: a key under the current public base, else as stored. */
export function pictureUrl(ref: string, storage: Storage = getStorage()): string {
  let urls = built.get(storage);
  if (!urls) built.set(storage, (urls = new Map()));
  let url = urls.get(ref);
  if (url === undefined) {
    url = imageKeyOf(ref) ? storage.publicUrl(ref) : ref;
    if (urls.size >= MAX_BUILT) urls.clear();
    urls.set(ref, url);
  }
  return url;
}

/** A picture as the database keeps it: `{name, url: key}` for our uploads. */
export function storedImage(image: Image): Image {
  const clean = cleanImage(image);
  return { name: clean.name, url: pictureRef(clean.url) };
}

/** A stored picture as the API answers it: `{name, url}` with an absolute URL for our uploads. */
export function answerImage(stored: Image, storage: Storage = getStorage()): Image {
  const clean = cleanImage(stored);
  return { name: clean.name, url: pictureUrl(clean.url, storage) };
}

export function answerImages(stored: readonly Image[], storage: Storage = getStorage()): Image[] {
  return stored.map((i) => answerImage(i, storage));
}

export function storedImages(images: readonly Image[]): Image[] {
  return images.map(storedImage);
}
