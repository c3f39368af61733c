import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { appIconSvg, FAVICON_URL } from '#lib/app-icon';
import { THEME_LOGIN } from '#lib/theme';

const PREFIX = 'data:image/svg+xml,';

/** The RGBA pixel at (x, y) of a raw RGBA raster `width` wide. */
function pixel(data: Buffer, width: number, x: number, y: number): number[] {
  const i = (y * width + x) * 4;
  return [...data.subarray(i, i + 4)];
}

describe('app icon', () => {
  it('the favicon is an inline SVG: escaped for a URL, the rounded violet tile with the white camera', async () => {
    expect(FAVICON_URL.startsWith(PREFIX)).toBe(true);
    const body = FAVICON_URL.slice(PREFIX.length);
    // What a `data:` URL must not carry raw, and no double quote to break the attribute.
    expect(body).not.toMatch(/[<>#"]/);
    const svg = decodeURIComponent(body);
    expect(svg).toBe(appIconSvg({ radius: 14, scale: 1 }).replaceAll('"', "'"));
    const { data, info } = await sharp(Buffer.from(svg)).resize(64, 64).ensureAlpha().raw().toBuffer({
      resolveWithObject: true,
    });
    expect(pixel(data, info.width, 0, 0)[3]).toBe(0); // the rounded corner
    const violet = [1, 3, 5].map((i) => parseInt(THEME_LOGIN.slice(i, i + 2), 16));
    expect(pixel(data, info.width, 4, 32).slice(0, 3)).toEqual(violet);
    expect(pixel(data, info.width, 32, 14).slice(0, 3)).toEqual([255, 255, 255]); // the camera's top
  });

  it('the home-screen icons are drawn at their size; maskable ones bleed to the edge', () => {
    expect(appIconSvg({ radius: 14, scale: 1, size: 192 })).toMatch(/^<svg [^>]*width="192" height="192"/);
    const maskable = appIconSvg({ radius: 0, scale: 0.8, size: 512 });
    expect(maskable).toContain('rx="0"');
    expect(maskable).toMatch(/<g transform="translate\(6\.\d+ 6\.\d+\) scale\(0.8\)"/);
  });
});
