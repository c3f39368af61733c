/**
 * Generated demo pictures: soft gradients and shapes drawn as SVG and rendered by sharp, so the seed
 * needs no downloads and no fonts.
 */
import sharp from 'sharp';
import { rng } from './demo-data';

const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#f9d7e3', '#b9a1f0', '#6e4bd8'],
  ['#ffe1b3', '#ff9a8b', '#d9487d'],
  ['#cde8ff', '#8fc5f2', '#3c6fd1'],
  ['#d9f5e4', '#8fd6b0', '#2f8f6b'],
  ['#fff2c7', '#f6c667', '#d07f2c'],
  ['#e8e1ff', '#a78bfa', '#622aa9'],
  ['#ffe4e1', '#f7a1b0', '#9b3d6b'],
  ['#e0f7f4', '#7fd1c7', '#1f7a8c'],
];

export function artworkSvg(seed: number, width: number, height: number): string {
  const r = rng(seed * 7919 + 17);
  const [a, b, c] = PALETTES[seed % PALETTES.length] as readonly [string, string, string];
  const shapes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const cx = Math.round(r() * width);
    const cy = Math.round(r() * height);
    const rad = Math.round((0.12 + r() * 0.3) * Math.min(width, height));
    shapes.push(
      `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="${i % 2 ? c : '#ffffff'}" fill-opacity="${(0.12 + r() * 0.25).toFixed(2)}"/>`,
    );
  }
  const horizon = Math.round(height * (0.55 + r() * 0.2));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="0.55" stop-color="${b}"/><stop offset="1" stop-color="${c}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  ${shapes.join('')}
  <path d="M0 ${horizon} Q ${width * 0.3} ${horizon - height * 0.12} ${width * 0.55} ${horizon} T ${width} ${horizon} V ${height} H 0 Z" fill="${c}" fill-opacity="0.35"/>
</svg>`;
}

/** A JPEG of the artwork, as a phone would upload it. */
export async function artworkJpeg(seed: number, width = 1200, height = 1500): Promise<Buffer> {
  return sharp(Buffer.from(artworkSvg(seed, width, height)))
    .jpeg({ quality: 82 })
    .toBuffer();
}
