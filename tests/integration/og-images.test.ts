/**
 * Link-preview pictures: cut once per stored image (1200×630 JPEG), kept in storage and read back, only
 * for images a files row names, removed by the cleanup with the image; the media route serves them.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediaFixture } from '../support/media-fixture';
import { ogImagePathFor } from '#lib/media-urls';
import { ogImageKey } from '#server/media/og-image';
import { cleanUpFiles } from '#server/services/file-cleanup';
import { ogImageBytes } from '#server/services/og-images';

const fx = mediaFixture('damabwa-og-');
const { puts, stored, mediaRequest } = fx;

describe('og images', () => {
  it('cuts a 1200×630 JPEG once, keeps it next to the image and reads it back after', async () => {
    const { url, hash } = await stored(900, 1600, '#3366cc');
    puts.length = 0;
    const [a, b] = await Promise.all([ogImageBytes(hash, fx.deps), ogImageBytes(hash, fx.deps)]);
    const meta = await sharp(a as Uint8Array).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect(Buffer.compare(Buffer.from(a as Uint8Array), Buffer.from(b as Uint8Array))).toBe(0);
    expect(await ogImageBytes(hash, fx.deps)).not.toBeNull();
    expect(puts).toEqual([ogImageKey(hash)]);
    expect(await fx.storage.get(ogImageKey(hash))).not.toBeNull();
    expect(ogImagePathFor(url)).toBe(`/media/${hash.slice(0, 2)}/${hash}_og.jpg`);
  });

  it('is made for issued images only: an unknown hash or an image whose rows are gone gets none', async () => {
    expect(await ogImageBytes('0'.repeat(64), fx.deps)).toBeNull();
    const { hash } = await stored(300, 200, '#cc3366');
    await fx.db.query('delete from files where storage_key = $1', [`${hash.slice(0, 2)}/${hash}.webp`]);
    puts.length = 0;
    expect(await ogImageBytes(hash, fx.deps)).toBeNull();
    expect(puts).toEqual([]);
  });

  it('goes with its image in the cleanup', async () => {
    const { hash } = await stored(320, 240, '#33aa66');
    expect(await ogImageBytes(hash, fx.deps)).not.toBeNull();
    await fx.db.query('delete from files where storage_key = $1', [`${hash.slice(0, 2)}/${hash}.webp`]);
    await cleanUpFiles(fx.deps);
    expect(await fx.storage.get(ogImageKey(hash))).toBeNull();
    expect(await fx.storage.get(`${hash.slice(0, 2)}/${hash}.webp`)).toBeNull();
  });

  it('is served as image/jpeg, cached forever, 304 on its ETag, 404 (never a redirect) when unknown', async () => {
    const { url, hash } = await stored(640, 480, '#aa33cc');
    const path = ogImagePathFor(url) ?? '';
    const res = await mediaRequest(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(1200);
    const again = await mediaRequest(path, { 'if-none-match': res.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
    expect((await mediaRequest(`/media/00/${'0'.repeat(64)}_og.jpg`)).status).toBe(404);
    expect((await mediaRequest(`/media/${hash.slice(0, 2)}/${hash}_og.png`)).status).toBe(404);
  });
});
