/**
 * The setup of the tests of pictures made from stored images on first request (og images, `srcset`
 * variants): a database in memory, local storage in a temporary folder that records each write, stored
 * images owned by a member, and requests to the media route.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { setDbForTests, type Db } from '#server/db/index';
import { processImage } from '#server/media/pipeline';
import { saveImages } from '#server/services/files';
import { GET as serveMedia } from '#pages/media/[...key]';
import { createLocalStorage, setStorageForTests, type Storage } from '#server/storage/index';
import { insertMember, openTestDb } from './db';
import { solidPng } from './images';

export interface MediaFixture {
  readonly db: Db;
  readonly storage: Storage;
  /** `{ db, storage }`, as the services take them. */
  readonly deps: { db: Db; storage: Storage };
  /** The keys written since the last `puts.length = 0`, to see that a picture is made once. */
  readonly puts: string[];
  stored(width: number, height: number, colour: string): Promise<{ url: string; hash: string }>;
  mediaRequest(path: string, headers?: Record<string, string>, method?: string): ReturnType<typeof serveMedia>;
}

/** Registers the suite's beforeAll/afterAll and answers the fixture (its db and storage from beforeAll on). */
export function mediaFixture(prefix: string): MediaFixture {
  let db: Db | null = null;
  let storage: Storage | null = null;
  const puts: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const ready = <T>(v: T | null): T => {
    if (v === null) throw new Error('media fixture used before beforeAll');
    return v;
  };

  beforeAll(async () => {
    db = await openTestDb();
    const local = createLocalStorage({ root: dir, publicBaseUrl: 'http://localhost/media' });
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
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  return {
    get db() {
      return ready(db);
    },
    get storage() {
      return ready(storage);
    },
    get deps() {
      return { db: ready(db), storage: ready(storage) };
    },
    puts,
    async stored(width, height, colour) {
      const owner = await insertMember(ready(db));
      const image = await processImage(await solidPng(width, height, colour));
      const [saved] = await saveImages(ready(db), ready(storage), owner.id, 'PROMOTION_IMAGE', [
        { name: 'a.png', image },
      ]);
      // Something public names it (the owner's profile picture): variants and og pictures are made only then.
      await ready(db).query(
        `update members set profile_image = jsonb_build_object('name', 'a.png', 'url', $2::text) where id = $1`,
        [owner.id, `${image.sha256.slice(0, 2)}/${image.sha256}.webp`],
      );
      return { url: saved?.url ?? '', hash: image.sha256 };
    },
    mediaRequest(path, headers = {}, method = 'GET') {
      const key = path.replace(/^\/media\//, '');
      const request = new Request(`http://localhost${path}`, { headers, method });
      return serveMedia({ params: { key }, request } as unknown as Parameters<typeof serveMedia>[0]);
    },
  };
}
