/**
 * The web app manifest and its home-screen icons: `npx tsx scripts/make-app-icons.ts` writes
 * public/manifest.webmanifest (from src/lib/web-app-manifest.ts, whose copy is in the catalog) and
 * public/icons/*.png, drawn from the app's mark (src/lib/app-icon.ts, also the favicon). Run it again
 * after changing either; a unit test fails while the written manifest differs from the module.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { appIconSvg } from '#lib/app-icon';
import { webAppManifest } from '#lib/web-app-manifest';

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
  await sharp(Buffer.from(appIconSvg(icon)))
    .png({ compressionLevel: 9, palette: true })
    .toFile(new URL(icon.file, dir).pathname);
  console.log(`public/icons/${icon.file}`);
}
await writeFile(
  new URL('../public/manifest.webmanifest', import.meta.url),
  `${JSON.stringify(webAppManifest(), null, 2)}\n`,
);
console.log('public/manifest.webmanifest');
