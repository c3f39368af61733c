/**
 * URLs of stored images that browser code needs too: the list thumbnail sits next to each image this
 * server issued (`…/ab/ab12…ef.webp` → `…/ab/ab12…ef_480.webp`), so a card finds it from the URL alone.
 */
export const THUMBNAIL_EDGE = 480;

const IMAGE_URL_TAIL = /\/([0-9a-f]{2})\/([0-9a-f]{64})\.webp$/;

/**
 * The list thumbnail (long edge 480 px) of an image URL this server issued; any other URL (for example
 * demo images shipped with the app) comes back unchanged, so callers can use it on every Image.
 */
export function thumbnailUrlFor(url: string): string {
  const m = IMAGE_URL_TAIL.exec(url);
  if (!m?.[1] || !m[2]?.startsWith(m[1])) return url;
  return `${url.slice(0, m.index)}/${m[1]}/${m[2]}_${THUMBNAIL_EDGE}.webp`;
}

/**
 * What makes two picture URLs the same picture: the `ab/ab12…ef.webp` tail of an image this server
 * issued (whichever base it came from: an earlier origin, S3, a CDN), else the URL itself.
 */
export function pictureIdentity(url: string): string {
  const m = IMAGE_URL_TAIL.exec(url);
  return m?.[1] && m[2]?.startsWith(m[1]) ? `${m[1]}/${m[2]}.webp` : url;
}

/** Link-preview pictures are cut to this size (the messengers' large card, 1.91:1). */
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

/**
 * The app path of the link-preview picture of an image this server issued (`/media/ab/ab12…ef_og.jpg`,
 * made on first request and kept), or null for any other URL. Always on this app's origin, also when
 * images live in object storage.
 */
export function ogImagePathFor(url: string): string | null {
  const m = IMAGE_URL_TAIL.exec(url);
  if (!m?.[1] || !m[2]?.startsWith(m[1])) return null;
  return `/media/${m[1]}/${m[2]}_og.jpg`;
}
