/**
 * Link-preview pictures: cut once per stored image (1200×630 JPEG), kept in storage and read back, only
 * for images a files row names, removed by the cleanup with the image; the media route serves them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDbForTests, type Db } from '#server/db/index';
import { ogImagePathFor } from '#lib/media-urls';
import { ogImageKey } from '#server/media/og-image';
import { processImage } from '#server/media/pipeline';
import { cleanUpFiles } from '#server/services/file-cleanup';
import { saveImages } from '#server/services/files';
import { ogImageBytes } from '#server/services/og-images';
import { GET as serveMedia } from '#pages/media/[...key]';
import { createLocalStorage, setStorageForTests, type Storage } from '#server/storage/index';
import { insertMember, openTestDb } from '../support/db';
import { solidPng } from '../support/images';

let db: Db;
let storage: Storage;
let puts: string[] = [];
const dir = mkdtempSync(join(tmpdir(), 'damabwa-og-'));

beforeAll(async () => {
  db = await openTestDb();
  const local = createLocalStorage({ root: dir, publicBaseUrl: 'http://localhost/media' });
  // Counts the writes, to see that an og image is made once.
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

describe('og images', () => {
  it('cuts a 1200×630 JPEG once, keeps it next to the image and reads it back after', async () => {
    const { url, hash } = await stored(900, 1600, '#3366cc');
    puts = [];
    const [a, b] = await Promise.all([ogImageBytes(hash, { db, storage }), ogImageBytes(hash, { db, storage })]);
    const meta = await sharp(a as Uint8Array).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect(Buffer.compare(Buffer.from(a as Uint8Array), Buffer.from(b as Uint8Array))).toBe(0);
    expect(await ogImageBytes(hash, { db, storage })).not.toBeNull();
    expect(puts).toEqual([ogImageKey(hash)]);
    expect(await storage.get(ogImageKey(hash))).not.toBeNull();
    expect(ogImagePathFor(url)).toBe(`/media/${hash.slice(0, 2)}/${hash}_og.jpg`);
  });

  it('is made for issued images only: an unknown hash or an image whose rows are gone gets none', async () => {
    expect(await ogImageBytes('0'.repeat(64), { db, storage })).toBeNull();
    const { hash } = await stored(300, 200, '#cc3366');
    await db.query('delete from files where storage_key = $1', [`${hash.slice(0, 2)}/${hash}.webp`]);
    puts = [];
    expect(await ogImageBytes(hash, { db, storage })).toBeNull();
    expect(puts).toEqual([]);
  });

  it('goes with its image in the cleanup', async () => {
    const { hash } = await stored(320, 240, '#33aa66');
    expect(await ogImageBytes(hash, { db, storage })).not.toBeNull();
    await db.query('delete from files where storage_key = $1', [`${hash.slice(0, 2)}/${hash}.webp`]);
    await cleanUpFiles({ db, storage });
    expect(await storage.get(ogImageKey(hash))).toBeNull();
    expect(await storage.get(`${hash.slice(0, 2)}/${hash}.webp`)).toBeNull();
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
