/**
 * The web app manifest and its home-screen icons: `npx tsx scripts/make-app-icons.ts` writes
 * public/manifest.webmanifest (from src/lib/web-app-manifest.ts, whose copy is in the catalog) and
 * public/icons/*.png, drawn from the logo's camera mark (public/favicon.svg). Run it again after changing
 * either; a unit test fails while the written manifest differs from the module.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { webAppManifest } from '#lib/web-app-manifest';

const VIOLET = '#7B35D3';
// The mark of favicon.svg on a 64-unit square, without the rounded tile (each icon draws its own ground).
const MARK = `<rect x="12" y="20" width="40" height="28" rx="6" fill="none" stroke="#fff" stroke-width="4"/>
<circle cx="32" cy="34" r="8" fill="none" stroke="#fff" stroke-width="4"/>
<rect x="24" y="14" width="16" height="8" rx="3" fill="#fff"/>`;

/** `radius`: corner of the violet tile (0 = full bleed); `scale`: the mark's share of the tile. */
function svg(size: number, { radius, scale }: { radius: number; scale: number }): string {
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
<rect width="64" height="64" rx="${radius}" fill="${VIOLET}"/>
<g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g></svg>`;
}

const ICONS = [
  // purpose "any": the rounded tile as on the favicon
  { file: 'icon-192.png', size: 192, radius: 14, scale: 1 },
  { file: 'icon-512.png', size: 512, radius: 14, scale: 1 },
  // purpose "maskable": full bleed, the mark inside the 80% safe circle
  { file: 'maskable-512.png', size: 512, radius: 0, scale: 0.8 },
  // iOS rounds the corners itself
  { file: 'apple-touch-icon.png', size: 180, radius: 0, scale: 0.9 },
];

const dir = new URL('../public/icons/', import.meta.url);
await mkdir(dir, { recursive: true });
for (const icon of ICONS) {
  await sharp(Buffer.from(svg(icon.size, icon)))
    .png({ compressionLevel: 9, palette: true })
    .toFile(new URL(icon.file, dir).pathname);
  console.log(`public/icons/${icon.file}`);
}
await writeFile(
  new URL('../public/manifest.webmanifest', import.meta.url),
  `${JSON.stringify(webAppManifest(), null, 2)}\n`,
);
console.log('public/manifest.webmanifest');
