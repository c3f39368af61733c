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
