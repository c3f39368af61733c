/**
 * `srcset` variants (decision 019): cut once per stored image and size on first request, kept next to the
 * image and read back, only for images a files row names, removed by the cleanup with the image; the
 * media route serves them as WebP, cached forever.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediaFixture } from '../support/media-fixture';
import { pictureAttrs, variantUrlFor } from '#lib/media-urls';
import { variantKey } from '#server/media/variants';
import { cleanUpFiles } from '#server/services/file-cleanup';
import { variantBytes } from '#server/services/image-variants';

const fx = mediaFixture('damabwa-variants-');
const { puts, stored, mediaRequest } = fx;

describe('picture variants', () => {
  it('cuts each size once (long edge, never enlarged), keeps it next to the image and reads it back', async () => {
    const { hash } = await stored(1800, 1200, '#3366cc');
    puts.length = 0;
    const [a, b] = await Promise.all([variantBytes(hash, 960, fx.deps), variantBytes(hash, 960, fx.deps)]);
    const meta = await sharp(a as Uint8Array).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 960, 640]);
    expect(Buffer.compare(Buffer.from(a as Uint8Array), Buffer.from(b as Uint8Array))).toBe(0);
    expect(await variantBytes(hash, 960, fx.deps)).not.toBeNull();
    expect(puts).toEqual([variantKey(hash, 960)]);
    const small = await sharp((await variantBytes(hash, 240, fx.deps)) as Uint8Array).metadata();
    expect([small.width, small.height]).toEqual([240, 160]);
    // 1440 of a 1800 px image is a cut; of a smaller one, the same size (never enlarged).
    const { hash: tiny } = await stored(600, 400, '#cc6633');
    const big = await sharp((await variantBytes(tiny, 1440, fx.deps)) as Uint8Array).metadata();
    expect([big.width, big.height]).toEqual([600, 400]);
  });

  it('is made for issued images only: an unknown hash or an image whose rows are gone gets none', async () => {
    expect(await variantBytes('0'.repeat(64), 240, fx.deps)).toBeNull();
    const { hash } = await stored(300, 200, '#cc3366');
    await fx.db.query('delete from files where storage_key = $1', [`${hash.slice(0, 2)}/${hash}.webp`]);
    puts.length = 0;
    expect(await variantBytes(hash, 240, fx.deps)).toBeNull();
    expect(puts).toEqual([]);
  });

  it('goes with its image in the cleanup', async () => {
    const { hash } = await stored(320, 240, '#33aa66');
    expect(await variantBytes(hash, 240, fx.deps)).not.toBeNull();
    expect(await variantBytes(hash, 1440, fx.deps)).not.toBeNull();
    await fx.db.query('delete from files where storage_key = $1', [`${hash.slice(0, 2)}/${hash}.webp`]);
    await cleanUpFiles(fx.deps);
    expect(await fx.storage.get(variantKey(hash, 240))).toBeNull();
    expect(await fx.storage.get(variantKey(hash, 1440))).toBeNull();
  });

  it('is served at the URL the page derives, as image/webp, cached forever, 304 on its ETag', async () => {
    const { url, hash } = await stored(1600, 1600, '#aa33cc');
    const gallery = pictureAttrs(url, 'gallery');
    expect(gallery.src).toBe(variantUrlFor(url, 960));
    const res = await mediaRequest(gallery.src);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toBe(`"${hash}-960"`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(body.byteLength));
    expect((await sharp(body).metadata()).width).toBe(960);
    const again = await mediaRequest(gallery.src, { 'if-none-match': `"${hash}-960"` });
    expect(again.status).toBe(304);
    expect(variantUrlFor(url, 240)).toBe(`/media/${variantKey(hash, 240)}`);
    const head = await mediaRequest(variantUrlFor(url, 240), {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('answers 404 (never a redirect, never made) for unknown images and sizes it does not make', async () => {
    const { hash } = await stored(500, 500, '#123456');
    puts.length = 0;
    expect((await mediaRequest(`/media/00/${'0'.repeat(64)}_960.webp`)).status).toBe(404);
    for (const size of ['500', '0960', '96', '4096']) {
      const res = await mediaRequest(`/media/${hash.slice(0, 2)}/${hash}_${size}.webp`);
      expect(res.status, size).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(puts).toEqual([]);
  });
});
