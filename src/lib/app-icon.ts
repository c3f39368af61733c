/**
 * The app's mark, a camera on a violet tile: the favicon (a `data:` URL in every page's head, so the
 * browser asks the server for nothing while the first screen's pictures load, decision 019) and the
 * home-screen icons `scripts/make-app-icons.ts` draws from it. The tile is the spec's login violet,
 * as the manifest's splash background.
 */
import { THEME_LOGIN } from './theme';

/** The camera on a 64-unit square, without the tile (each icon draws its own ground). */
const MARK =
  '<rect x="12" y="20" width="40" height="28" rx="6" fill="none" stroke="#fff" stroke-width="4"/>' +
  '<circle cx="32" cy="34" r="8" fill="none" stroke="#fff" stroke-width="4"/>' +
  '<rect x="24" y="14" width="16" height="8" rx="3" fill="#fff"/>';

/**
 * The mark on its tile as SVG. `radius`: corner of the tile (0 = full bleed); `scale`: the mark's share
 * of it; `size`: pixel width and height, for rasterising (absent: scalable).
 */
export function appIconSvg({ radius, scale, size }: { radius: number; scale: number; size?: number }): string {
  const offset = (64 - 64 * scale) / 2;
  const mark = scale === 1 ? MARK : `<g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g>`;
  const dims = size === undefined ? '' : ` width="${size}" height="${size}"`;
  return `<svg xmlns="http://www.w3.org/2000/svg"${dims} viewBox="0 0 64 64"><rect width="64" height="64" rx="${radius}" fill="${THEME_LOGIN}"/>${mark}</svg>`;
}

/** The favicon: the rounded tile, inline (only what a `data:` URL must escape is escaped). */
export const FAVICON_URL = `data:image/svg+xml,${appIconSvg({ radius: 14, scale: 1 })
  .replaceAll('"', "'")
  .replace(/[<>#%]/g, encodeURIComponent)}`;
