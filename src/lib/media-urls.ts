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

/**
 * Long edges of the picture variants made on the first request and kept (decision 019); 480 is the
 * thumbnail the pipeline stores at upload. Every variant fits inside an edge × edge box and is never
 * enlarged, like the thumbnail.
 */
export const VARIANT_EDGES = [240, 960, 1440] as const;
export type MadeVariantEdge = (typeof VARIANT_EDGES)[number];
export type VariantEdge = MadeVariantEdge | typeof THUMBNAIL_EDGE;

// An issued image or its thumbnail: cards carry the thumbnail URL and derive the other sizes from it.
const IMAGE_OR_THUMBNAIL_TAIL = /\/([0-9a-f]{2})\/([0-9a-f]{64})(?:_480)?\.webp$/;

/**
 * The `edge` variant of an image (or thumbnail) URL this server issued: 480 is the stored thumbnail
 * next to the image; the others are made by this app on first request (`/media/ab/ab12…ef_960.webp`,
 * always on this app's origin, also when images live in object storage: a picture of the first paint
 * then needs no connection to another host). Any other URL comes back unchanged.
 */
export function variantUrlFor(url: string, edge: VariantEdge): string {
  const m = IMAGE_OR_THUMBNAIL_TAIL.exec(url);
  if (!m?.[1] || !m[2]?.startsWith(m[1])) return url;
  if (edge === THUMBNAIL_EDGE) return `${url.slice(0, m.index)}/${m[1]}/${m[2]}_${THUMBNAIL_EDGE}.webp`;
  return `/media/${m[1]}/${m[2]}_${edge}.webp`;
}

/** Where a picture sits: its CSS width on a phone (`sizes`) and the variants that fill it at 1–3×. */
export interface PictureSlot {
  /** The variant in `src` (what a browser without `srcset` support, and the 2× phone, takes). */
  src: VariantEdge;
  /** Every variant offered, smallest first. */
  edges: readonly VariantEdge[];
  sizes: string;
}

/**
 * The slots of the browse pages (all square, `object-fit: cover`). A 390 px phone at 2–3× needs:
 * list row 96 px → 192–288 px; home strip 140 px → 280–420; grid card ≤ 193 px → 346–579; portfolio
 * tile (3 columns) ≤ 143 px → 258–387; profile picture 88 px → 176–264; detail gallery 390–430 px →
 * 780–1290.
 */
export const PICTURE_SLOTS = {
  listRow: { src: 240, edges: [240, 480], sizes: '96px' },
  strip: { src: 480, edges: [480], sizes: '140px' },
  grid: { src: 480, edges: [240, 480], sizes: '(max-width: 430px) calc(50vw - 22px), 193px' },
  portfolio: { src: 480, edges: [240, 480], sizes: '(max-width: 430px) 33vw, 143px' },
  profile: { src: 240, edges: [240, 480], sizes: '88px' },
  avatar: { src: 240, edges: [240], sizes: '48px' },
  gallery: { src: 960, edges: [480, 960, 1440], sizes: '(max-width: 430px) 100vw, 430px' },
} as const satisfies Record<string, PictureSlot>;

export type PictureSlotName = keyof typeof PICTURE_SLOTS;

/**
 * `src`, `srcset` and `sizes` of an issued picture in a slot; a URL this server did not issue (no
 * variants) gets just its `src`.
 */
export function pictureAttrs(
  url: string,
  slot: PictureSlotName,
): { src: string; srcset: string | undefined; sizes: string | undefined } {
  const s: PictureSlot = PICTURE_SLOTS[slot];
  const m = IMAGE_OR_THUMBNAIL_TAIL.exec(url);
  if (!m?.[1] || !m[2]?.startsWith(m[1])) return { src: url, srcset: undefined, sizes: undefined };
  const src = variantUrlFor(url, s.src);
  const srcset = s.edges.length > 1 ? s.edges.map((e) => `${variantUrlFor(url, e)} ${e}w`).join(', ') : undefined;
  return { src, srcset, sizes: srcset ? s.sizes : undefined };
}
