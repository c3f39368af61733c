/**
 * Makes the portfolio grids (`PortfolioGrid.astro`) open the viewer, without an island (decision 008):
 * one listener for the page; a tap on a tile loads `PortfolioViewer` (React, only then) and
 * opens it at that picture. The viewer reads the pictures from the tiles: each tile links to its full
 * picture and its thumbnail's alt is the picture's. A tap with a modifier key keeps the link's own
 * behaviour (a new tab or window). Loaded by BaseLayout's `AfterPaint` island after the largest paint;
 * until then a tap follows the link.
 */
import type { PortfolioPicture } from '#islands/PortfolioViewer';

const GRID = '[data-portfolio]';
const TILE = 'a[data-portfolio-tile]';
let listening = false;

/** The grid's pictures, in order, and the index of `tile` among them. */
function picturesOf(grid: Element, tile: Element): { pictures: PortfolioPicture[]; index: number } {
  const tiles = [...grid.querySelectorAll<HTMLAnchorElement>(TILE)];
  const pictures = tiles.map((a) => ({ url: a.href, alt: a.querySelector('img')?.alt ?? '' }));
  return { pictures, index: Math.max(0, tiles.indexOf(tile as HTMLAnchorElement)) };
}

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = event.target;
  const tile = target instanceof Element ? target.closest(TILE) : null;
  const grid = tile?.closest(GRID);
  if (!tile || !grid) return;
  event.preventDefault();
  const { pictures, index } = picturesOf(grid, tile);
  void import('#islands/PortfolioViewer').then((m) => m.openPortfolioViewer(pictures, index));
}

/** Listens for taps on the page's portfolio tiles and marks each grid live; safe to call again. */
export function enhancePortfolioGrids(doc: Document = document): void {
  for (const grid of doc.querySelectorAll<HTMLElement>(GRID)) grid.dataset['live'] = '';
  if (listening) return;
  listening = true;
  doc.addEventListener('click', onClick);
}
