/**
 * `srcset` variants (decision 019): cut once per stored image and size on first request, kept next to the
 * image and read back, only for images a files row names, removed by the cleanup with the image; the
 * media route serves them as WebP, cached forever.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDbForTests, type Db } from '#server/db/index';
import { pictureAttrs, variantUrlFor } from '#lib/media-urls';
import { processImage } from '#server/media/pipeline';
import { variantKey } from '#server/media/variants';
import { cleanUpFiles } from '#server/services/file-cleanup';
import { saveImages } from '#server/services/files';
import { variantBytes } from '#server/services/image-variants';
import { GET as serveMedia } from '#pages/media/[...key]';
import { createLocalStorage, setStorageForTests, type Storage } from '#server/storage/index';
import { insertMember, openTestDb } from '../support/db';
import { solidPng } from '../support/images';

let db: Db;
let storage: Storage;
let puts: string[] = [];
const dir = mkdtempSync(join(tmpdir(), 'damabwa-variants-'));

beforeAll(async () => {
  db = await openTestDb();
  const local = createLocalStorage({ root: dir, publicBaseUrl: 'http://localhost/media' });
  // Counts the writes, to see that a variant is made once.
  storage = {
    ...local,
    driver: local.driver,
    put: async (key, bytes, type) => {
      puts.push(key);
      await local.put(key, bytes, type);
    },
  };
  setStorageForTests(storage);
  setDbForTests(db);
});

afterAll(async () => {
  setStorageForTests(null);
  setDbForTests(null);
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function stored(width: number, height: number, colour: string): Promise<{ url: string; hash: string }> {
  const owner = await insertMember(db);
  const image = await processImage(await solidPng(width, height, colour));
  const [saved] = await saveImages(db, storage, owner.id, 'PROMOTION_IMAGE', [{ name: 'a.png', image }]);
  return { url: saved?.url ?? '', hash: image.sha256 };
}

function mediaRequest(path: string, headers: Record<string, string> = {}) {
  const key = path.replace(/^\/media\//, '');
  const request = new Request(`http://localhost${path}`, { headers });
  return serveMedia({ params: { key }, request } as unknown as Parameters<typeof serveMedia>[0]);
}

describe('picture variants', () => {
  it('cuts each size once (long edge, never enlarged), keeps it next to the image and reads it back', async () => {
    const { hash } = await stored(1800, 1200, '#3366cc');
    puts = [];
    const [a, b] = await Promise.all([
      variantBytes(hash, 960, { db, storage }),
      variantBytes(hash, 960, { db, storage }),
    ]);
    const meta = await sharp(a as Uint8Array).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 960, 640]);
    expect(Buffer.compare(Buffer.from(a as Uint8Array), Buffer.from(b as Uint8Array))).toBe(0);
    expect(await variantBytes(hash, 960, { db, storage })).not.toBeNull();
    expect(puts).toEqual([variantKey(hash, 960)]);
    const small = await sharp((await variantBytes(hash, 240, { db, storage })) as Uint8Array).metadata();
    expect([small.width, small.height]).toEqual([240, 160]);
    // 1440 of a 1800 px image is a cut; of a smaller one, the same size (never enlarged).
    const { hash: tiny } = await stored(600, 400, '#cc6633');
    const big = await sharp((await variantBytes(tiny, 1440, { db, storage })) as Uint8Array).metadata();
    expect([big.width, big.height]).toEqual([600, 400]);
  });

  it('is made for issued images only: an unknown hash or an image whose rows are gone gets none', async () => {
    expect(await variantBytes('0'.repeat(64), 240, { db, storage })).toBeNull();
    const { hash } = await stored(300, 200, '#cc3366');
    await db.query('delete from files where storage_key = $1', [`${hash.slice(0, 2)}/${hash}.webp`]);
    puts = [];
    expect(await variantBytes(hash, 240, { db, storage })).toBeNull();
    expect(puts).toEqual([]);
  });

  it('goes with its image in the cleanup', async () => {
    const { hash } = await stored(320, 240, '#33aa66');
    expect(await variantBytes(hash, 240, { db, storage })).not.toBeNull();
    expect(await variantBytes(hash, 1440, { db, storage })).not.toBeNull();
    await db.query('delete from files where storage_key = $1', [`${hash.slice(0, 2)}/${hash}.webp`]);
    await cleanUpFiles({ db, storage });
    expect(await storage.get(variantKey(hash, 240))).toBeNull();
    expect(await storage.get(variantKey(hash, 1440))).toBeNull();
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
    const head = await serveMedia({
      params: { key: variantKey(hash, 240) },
      request: new Request(`http://localhost${variantUrlFor(url, 240)}`, { method: 'HEAD' }),
    } as unknown as Parameters<typeof serveMedia>[0]);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('answers 404 (never a redirect, never made) for unknown images and sizes it does not make', async () => {
    const { hash } = await stored(500, 500, '#123456');
    puts = [];
    expect((await mediaRequest(`/media/00/${'0'.repeat(64)}_960.webp`)).status).toBe(404);
    for (const size of ['500', '0960', '96', '4096']) {
      const res = await mediaRequest(`/media/${hash.slice(0, 2)}/${hash}_${size}.webp`);
      expect(res.status, size).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(puts).toEqual([]);
  });
});
