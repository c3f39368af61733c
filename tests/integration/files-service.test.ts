/**
 * The upload pipeline, the ownership check and the cleanup job, run against both storage drivers:
 * local disk in a temporary directory, and the S3 driver against fauxqs on loopback. The database is
 * PGlite in memory.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIContext } from 'astro';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Image } from '#lib/domain';
import { openDatabase, setDbForTests, type Db } from '#server/db/index';
import { statusOf } from '#server/http/errors';
import { resetRateLimits } from '#server/http/rate-limit';
import { receiveUpload } from '#server/http/uploads';
import { setLogLevel } from '#server/log';
import { thumbnailUrlFor } from '#server/media/keys';
import { storedImage, storedImages } from '#server/media/pictures';
import { cleanUpFiles, registerFileCleanup } from '#server/services/file-cleanup';
import { MAX_FILE_BYTES, assertImagesIssuedTo, deleteFilesOwnedBy, findImageDetails } from '#server/services/files';
import { DomainError, type FieldError } from '#server/services/errors';
import { GET as serveMedia } from '#pages/media/[...key]';
import { createLocalStorage, createS3Storage, setStorageForTests, type Storage } from '#server/storage/index';
import { phoneJpeg, solidPng } from '../support/images';
import { startTestS3, type TestS3 } from '../support/s3';

const HOUR = 60 * 60 * 1000;

interface Refusal {
  status: number;
  code: string;
  message: string;
  errors?: FieldError[] | undefined;
}

/** A refusal as the API answers it: the error's code and message, with the status its code maps to. */
async function apiError(p: Promise<unknown>): Promise<Refusal> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError)
      return { status: statusOf(err), code: err.code, message: err.message, errors: err.errors };
    throw err;
  }
  throw new Error('expected a DomainError');
}

interface Part {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

function uploadRequest(fileType: string | null, files: Part[]): Request {
  const form = new FormData();
  if (fileType !== null) form.append('fileType', fileType);
  for (const f of files)
    form.append('files', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/jpeg' }), f.name);
  return new Request('http://localhost/api/v1/files', { method: 'POST', body: form });
}

function rawRequest(contentType: string, body: string | Uint8Array): Request {
  return new Request('http://localhost/api/v1/files', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
}

/** A storage whose deletes fail while `failing` is set (to check retries). */
function flaky(inner: Storage): Storage & { failing: boolean } {
  const wrapper = {
    failing: false,
    driver: inner.driver,
    put: inner.put.bind(inner),
    get: inner.get.bind(inner),
    stream: inner.stream.bind(inner),
    publicUrl: inner.publicUrl.bind(inner),
    async delete(key: string) {
      if (wrapper.failing) throw new Error('storage is down');
      await inner.delete(key);
    },
  };
  return wrapper;
}

const keyOf = (url: string): string => /([0-9a-f]{2}\/[0-9a-f]{64}(?:_480)?\.webp)$/.exec(url)?.[1] ?? '';

describe.each(['local', 's3'] as const)('uploads with %s storage', (driver) => {
  let db: Db;
  let storage: Storage;
  let s3: TestS3 | null = null;
  let root = '';
  let members = 0;

  const newMember = async (): Promise<number> => {
    members++;
    const rows = await db.query<{ id: number }>(
      'insert into members (kakao_id, nickname) values ($1, $2) returning id',
      [`${driver}-${members}-${Date.now()}`, `m${driver}${members}`],
    );
    return rows[0]?.id ?? 0;
  };

  const upload = (memberId: number, fileType: string | null, files: Part[]) =>
    receiveUpload(memberId, uploadRequest(fileType, files), { db, storage });

  const age = async (urls: string[], hours: number) => {
    await db.query(
      `update files set last_used_at = now() - make_interval(hours => $2) where storage_key = any($1::text[])`,
      [urls.map(keyOf), hours],
    );
  };

  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
    resetRateLimits();
    if (driver === 'local') {
      root = mkdtempSync(join(tmpdir(), 'damabwa-uploads-'));
      storage = createLocalStorage({ root, publicBaseUrl: 'http://localhost:4321/media' });
    } else {
      s3 = await startTestS3();
      storage = createS3Storage({
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: s3.region,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forcePathStyle: true,
        publicBaseUrl: 'https://cdn.example.com/uploads',
      });
    }
  });

  afterAll(async () => {
    await db?.close();
    await s3?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  describe('storage driver', () => {
    it('puts, gets, streams and deletes objects; missing keys are null; delete is idempotent', async () => {
      const key = `zz/${'f'.repeat(64)}.webp`;
      const bytes = new Uint8Array([1, 2, 3, 4, 5]);
      expect(await storage.get(key)).toBeNull();
      expect(await storage.stream(key)).toBeNull();
      await storage.put(key, bytes, 'image/webp');
      await storage.put(key, bytes, 'image/webp'); // same content again: fine
      expect(Array.from((await storage.get(key)) ?? [])).toEqual([1, 2, 3, 4, 5]);
      const streamed = await storage.stream(key);
      expect(streamed?.contentType).toBe('image/webp');
      expect(streamed?.size).toBe(5);
      expect(Array.from(new Uint8Array(await new Response(streamed?.body).arrayBuffer()))).toEqual([1, 2, 3, 4, 5]);
      await storage.delete(key);
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
    });

    it('refuses keys that could leave the store', async () => {
      for (const key of ['../escape.webp', '/abs.webp', 'a/../../b.webp', 'a//b.webp', 'A/B.webp', '']) {
        await expect(storage.put(key, new Uint8Array([1]), 'image/webp'), key).rejects.toThrow(/invalid storage key/);
        expect(() => storage.publicUrl(key)).toThrow();
      }
    });

    it('builds public URLs under its base', () => {
      const key = `ab/${'a'.repeat(64)}.webp`;
      expect(storage.publicUrl(key)).toBe(
        driver === 'local' ? `http://localhost:4321/media/${key}` : `https://cdn.example.com/uploads/${key}`,
      );
    });

    if (driver === 'local') {
      it('writes atomically: no temporary files are left behind', async () => {
        const key = `cd/${'c'.repeat(64)}.webp`;
        await storage.put(key, new Uint8Array(1024), 'image/webp');
        expect(readdirSync(join(root, 'cd'))).toEqual([`${'c'.repeat(64)}.webp`]);
        await storage.delete(key);
      });
    }
  });

  describe('POST /files service', () => {
    it('stores a phone photo upright, ≤ 2048 px, without EXIF, with a thumbnail, and records it', async () => {
      const member = await newMember();
      const { files } = await upload(member, 'PROMOTION_IMAGE', [{ name: '바다 사진.jpg', bytes: await phoneJpeg() }]);
      expect(files).toHaveLength(1);
      const [file] = files as [Image];
      expect(file.name).toBe('바다 사진.jpg');
      expect(file.url).toMatch(
        driver === 'local'
          ? /^http:\/\/localhost:4321\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/
          : /^https:\/\/cdn\.example\.com\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/,
      );

      const stored = await storage.get(keyOf(file.url));
      expect(stored).not.toBeNull();
      const meta = await sharp(stored as Uint8Array).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.height).toBeGreaterThan(meta.width ?? 0);
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(2048);
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();

      const thumb = await storage.get(keyOf(thumbnailUrlFor(file.url)));
      const thumbMeta = await sharp(thumb as Uint8Array).metadata();
      expect(Math.max(thumbMeta.width ?? 0, thumbMeta.height ?? 0)).toBe(480);

      const rows = await db.query<Record<string, unknown>>(
        'select owner_id, kind, storage_key, thumb_key, original_name, content_type, byte_size, width, height from files where storage_key = $1',
        [keyOf(file.url)],
      );
      expect(rows).toEqual([
        {
          owner_id: member,
          kind: 'PROMOTION_IMAGE',
          storage_key: keyOf(file.url),
          thumb_key: keyOf(thumbnailUrlFor(file.url)),
          original_name: '바다 사진.jpg',
          content_type: 'image/webp',
          byte_size: (stored as Uint8Array).byteLength,
          width: 1536,
          height: 2048,
        },
      ]);
      const details = await findImageDetails(db, [file.url, 'https://elsewhere.example/x.jpg'], storage);
      expect(details.get(file.url)).toEqual({
        url: file.url,
        thumbnailUrl: thumbnailUrlFor(file.url),
        width: 1536,
        height: 2048,
        thumbnailWidth: 360,
        thumbnailHeight: 480,
      });
      expect(details.has('https://elsewhere.example/x.jpg')).toBe(false);
    });

    it('answers several files in upload order', async () => {
      const member = await newMember();
      const colours = ['#ff0000', '#00ff00', '#0000ff'];
      const parts = await Promise.all(
        colours.map(async (c, i) => ({ name: `${i}.png`, bytes: await solidPng(40 + i, 30, c) })),
      );
      const { files } = await upload(member, 'PHOTOGRAPHER_PORTFOLIO_IMAGE', parts);
      expect(files.map((f) => f.name)).toEqual(['0.png', '1.png', '2.png']);
      for (const [i, f] of files.entries()) {
        const meta = await sharp((await storage.get(keyOf(f.url))) as Uint8Array).metadata();
        expect(meta.width).toBe(40 + i);
      }
    });

    it('refuses a text file named .jpg (415) and stores nothing', async () => {
      const member = await newMember();
      const err = await apiError(
        upload(member, 'USER_PROFILE_IMAGE', [
          { name: 'ok.png', bytes: await solidPng(20, 20) },
          { name: 'notes.jpg', bytes: new TextEncoder().encode('이건 사진이 아니에요\n'.repeat(50)) },
        ]),
      );
      expect([err.status, err.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      expect(err.message).toMatch(/[가-힣]/);
      expect(await db.query('select 1 from files where owner_id = $1', [member])).toEqual([]);
    });

    it('refuses a file of 3,145,729 bytes (413) but takes one of exactly 3,145,728', async () => {
      const member = await newMember();
      const png = await solidPng(64, 64);
      const padded = (size: number) => {
        const bytes = new Uint8Array(size);
        bytes.set(png);
        return bytes; // a valid PNG followed by padding
      };
      const err = await apiError(
        upload(member, 'PROMOTION_IMAGE', [{ name: 'big.png', bytes: padded(MAX_FILE_BYTES + 1) }]),
      );
      expect([err.status, err.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
      const ok = await upload(member, 'PROMOTION_IMAGE', [{ name: 'limit.png', bytes: padded(MAX_FILE_BYTES) }]);
      expect(ok.files).toHaveLength(1);
    });

    it('refuses 11 files (413) and takes 10', async () => {
      const member = await newMember();
      const png = await solidPng(10, 10);
      const parts = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `${i}.png`, bytes: png }));
      const err = await apiError(upload(member, 'PROMOTION_IMAGE', parts(11)));
      expect([err.status, err.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
      expect(err.message).toContain('10개');
      expect((await upload(member, 'PROMOTION_IMAGE', parts(10))).files).toHaveLength(10);
    });

    it('answers 400 without a file part, without or with a bad fileType, and for a truncated body', async () => {
      const member = await newMember();
      const png = await solidPng(10, 10);
      expect((await apiError(upload(member, 'PROMOTION_IMAGE', []))).status).toBe(400);
      // A browser form with an empty file input sends a nameless, empty part: that is "no file" too.
      expect((await apiError(upload(member, 'PROMOTION_IMAGE', [{ name: '', bytes: new Uint8Array(0) }]))).status).toBe(
        400,
      );
      expect((await apiError(upload(member, null, [{ name: 'a.png', bytes: png }]))).status).toBe(400);
      const bad = await apiError(upload(member, 'BANNER', [{ name: 'a.png', bytes: png }]));
      expect([bad.status, bad.code]).toEqual([400, 'BAD_REQUEST']);
      const truncated = [
        '--XyZ',
        'Content-Disposition: form-data; name="fileType"',
        '',
        'PROMOTION_IMAGE',
        '--XyZ',
        'Content-Disposition: form-data; name="files"; filename="a.png"',
        'Content-Type: image/png',
        '',
        'PNG-bytes-that-never-end',
      ].join('\r\n');
      const err = await apiError(
        receiveUpload(member, rawRequest('multipart/form-data; boundary=XyZ', truncated), { db, storage }),
      );
      expect([err.status, err.code]).toEqual([400, 'BAD_REQUEST']);
    });

    it('answers 415 for a body that is not multipart', async () => {
      const member = await newMember();
      for (const type of ['application/json', 'image/png', 'multipart/form-data', 'text/plain']) {
        const err = await apiError(receiveUpload(member, rawRequest(type, '{}'), { db, storage }));
        expect([err.status, err.code], type).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      }
    });
  });

  describe('GET /media/<key> handler', () => {
    beforeAll(() => setStorageForTests(storage));
    afterAll(() => setStorageForTests(null));

    const get = async (key: string, headers: Record<string, string> = {}, method = 'GET') =>
      serveMedia({
        params: { key },
        request: new Request(`http://localhost/media/${key}`, { method, headers }),
      } as unknown as APIContext);

    it('serves stored images and thumbnails with immutable caching; 404 for anything else', async () => {
      const member = await newMember();
      const [img] = (await upload(member, 'PROMOTION_IMAGE', [{ name: 'm.png', bytes: await solidPng(120, 80) }]))
        .files as [Image];
      if (driver === 's3') {
        // Issued URLs point at the bucket; the app does not proxy S3.
        expect((await get(keyOf(img.url))).status).toBe(404);
        return;
      }
      for (const key of [keyOf(img.url), keyOf(thumbnailUrlFor(img.url))]) {
        const res = await get(key);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        const bytes = new Uint8Array(await res.arrayBuffer());
        expect(res.headers.get('content-length')).toBe(String(bytes.byteLength));
        expect((await sharp(bytes).metadata()).format).toBe('webp');
        const etag = res.headers.get('etag') ?? '';
        expect((await get(key, { 'if-none-match': etag })).status).toBe(304);
        const head = await get(key, {}, 'HEAD');
        expect(head.status).toBe(200);
        expect(await head.text()).toBe('');
      }
      for (const key of [
        `ab/${'ab'.repeat(32)}.webp`,
        '../../package.json',
        `${keyOf(img.url)}.tmp`,
        keyOf(img.url).toUpperCase(),
        '',
      ]) {
        const res = await get(key);
        expect(res.status, key).toBe(404);
        expect(res.headers.get('content-type'), key).not.toMatch(/^image\//);
      }
    });
  });

  describe('ownership of image URLs', () => {
    it('accepts only URLs issued to the same member (422 otherwise)', async () => {
      const alice = await newMember();
      const bob = await newMember();
      const [own] = (
        await upload(alice, 'USER_PROFILE_IMAGE', [{ name: 'me.png', bytes: await solidPng(33, 33, '#112233') }])
      ).files as [Image];
      await assertImagesIssuedTo(db, alice, [own], 'profileImage');
      const foreign = await apiError(assertImagesIssuedTo(db, bob, [own], 'profileImage'));
      expect([foreign.status, foreign.code]).toEqual([422, 'VALIDATION_ERROR']);
      expect(foreign.errors).toEqual([{ field: 'profileImage', message: expect.stringMatching(/[가-힣]/) as string }]);
      for (const url of ['https://evil.example/x.webp', 'javascript:alert(1)', '', thumbnailUrlFor(own.url)]) {
        expect((await apiError(assertImagesIssuedTo(db, alice, [{ name: 'x', url }], 'portfolio'))).status).toBe(422);
      }
      // What the record already holds (e.g. a demo picture) may stay.
      await assertImagesIssuedTo(db, alice, [own, { name: 'demo', url: 'https://example.com/demo.jpg' }], 'portfolio', {
        keep: ['https://example.com/demo.jpg'],
      });
      await assertImagesIssuedTo(db, alice, [], 'portfolio');
    });

    it('lets two members upload the same picture: same object, separate ownership', async () => {
      const alice = await newMember();
      const bob = await newMember();
      const carol = await newMember();
      const png = await solidPng(50, 50, '#445566');
      const [a] = (await upload(alice, 'PROMOTION_IMAGE', [{ name: 'a.png', bytes: png }])).files as [Image];
      const [b] = (await upload(bob, 'PROMOTION_IMAGE', [{ name: 'b.png', bytes: png }])).files as [Image];
      const [again] = (await upload(alice, 'PROMOTION_IMAGE', [{ name: 'again.png', bytes: png }])).files as [Image];
      expect(b.url).toBe(a.url);
      expect(again).toEqual({ name: 'again.png', url: a.url });
      await assertImagesIssuedTo(db, bob, [b], 'images');
      expect((await apiError(assertImagesIssuedTo(db, carol, [b], 'images'))).status).toBe(422);
      expect(
        await db.query('select owner_id from files where storage_key = $1 order by owner_id', [keyOf(a.url)]),
      ).toEqual([{ owner_id: alice }, { owner_id: bob }]);
    });
  });

  describe('cleanup', () => {
    it('removes unreferenced files after the grace period, keeps referenced ones, retries failed deletions', async () => {
      const owner = await newMember();
      const pic = async (seed: number) =>
        (
          await upload(owner, 'PROMOTION_IMAGE', [
            { name: `${seed}.png`, bytes: await solidPng(20 + seed, 20, '#a0a0a0') },
          ])
        ).files[0] as Image;
      // One after another: a member has at most UPLOADS_IN_FLIGHT_PER_MEMBER (4) uploads in flight.
      const pics: Image[] = [];
      for (const seed of [1, 2, 3, 4, 5, 6, 7]) pics.push(await pic(seed));
      const [profile, portfolio, live, deleted, fresh, stale, hidden] = pics as [
        Image,
        Image,
        Image,
        Image,
        Image,
        Image,
        Image,
      ];
      // Rows hold pictures as the services store them (storage keys).
      await db.query('update members set profile_image = $2::jsonb where id = $1', [
        owner,
        JSON.stringify(storedImage(profile)),
      ]);
      await db.query(
        `insert into photographer_pages (member_id, main_photography_types, portfolio) values ($1, array['SNAP'], $2::jsonb)`,
        [owner, JSON.stringify(storedImages([portfolio]))],
      );
      const insertPromotion = async (images: Image[], deletedAt: boolean, hiddenAt = false) => {
        await db.query(
          `insert into promotions (author_id, promotion_type, title, content, external_link, started_at, ended_at,
                                   photography_types, regions, region_categories, hashtags, images, deleted_at, hidden_at)
           values ($1, 'FREE', '테스트 이벤트', '내용', 'https://example.com', '2030-01-01', '2030-01-02',
                   array['SNAP'], array['서울 강남구'], array['서울'], array['태그'], $2::jsonb, $3, $4)`,
          [owner, JSON.stringify(storedImages(images)), deletedAt ? new Date() : null, hiddenAt ? new Date() : null],
        );
      };
      await insertPromotion([{ name: 'x', url: 'https://example.com/other.jpg' }, live], false);
      await insertPromotion([deleted], true);
      // Hidden by an admin (deleted_at set too, migration 009): kept for an unhide.
      await insertPromotion([hidden], true, true);
      await age(
        [profile, portfolio, live, deleted, stale, hidden].map((i) => i.url),
        25,
      );

      const flakyStorage = flaky(storage);
      flakyStorage.failing = true;
      const first = await cleanUpFiles({ db, storage: flakyStorage });
      expect(first.filesRemoved).toBe(2);
      expect(first.objectsFailed).toBeGreaterThanOrEqual(2);
      const remaining = async () =>
        (await db.query<{ storage_key: string }>('select storage_key from files where owner_id = $1', [owner]))
          .map((r) => r.storage_key)
          .sort();
      expect(await remaining()).toEqual([profile, portfolio, live, fresh, hidden].map((i) => keyOf(i.url)).sort());
      // Storage was down: the objects are still there, queued for the next run.
      expect(await storage.get(keyOf(stale.url))).not.toBeNull();
      const queued = await db.query<{ attempts: number }>(
        'select attempts from storage_deletions where storage_key = any($1::text[])',
        [[keyOf(stale.url), keyOf(deleted.url)]],
      );
      expect(queued.map((q) => q.attempts)).toEqual([1, 1]);

      flakyStorage.failing = false;
      const soon = await cleanUpFiles({ db, storage: flakyStorage });
      expect(soon.objectsRemoved).toBe(0); // backed off until the next hourly run
      const later = await cleanUpFiles({ db, storage: flakyStorage, now: new Date(Date.now() + HOUR) });
      expect(later.objectsRemoved).toBeGreaterThanOrEqual(2);
      for (const gone of [stale, deleted]) {
        expect(await storage.get(keyOf(gone.url))).toBeNull();
        expect(await storage.get(keyOf(thumbnailUrlFor(gone.url)))).toBeNull();
      }
      for (const kept of [profile, portfolio, live, fresh, hidden])
        expect(await storage.get(keyOf(kept.url))).not.toBeNull();
      expect(
        await db.query('select 1 from storage_deletions where storage_key = any($1::text[])', [
          [keyOf(stale.url), keyOf(deleted.url)],
        ]),
      ).toEqual([]);
    });

    it('removes files of a withdrawn member, but keeps an object another member still uses', async () => {
      const leaving = await newMember();
      const staying = await newMember();
      const shared = await solidPng(61, 61, '#0f0f0f');
      const own = await solidPng(62, 62, '#f0f0f0');
      const [sharedByLeaving, ownOfLeaving] = (
        await upload(leaving, 'USER_PROFILE_IMAGE', [
          { name: 's.png', bytes: shared },
          { name: 'o.png', bytes: own },
        ])
      ).files as [Image, Image];
      const [sharedByStaying] = (await upload(staying, 'USER_PROFILE_IMAGE', [{ name: 's.png', bytes: shared }]))
        .files as [Image];
      await db.query('update members set profile_image = $2::jsonb where id = $1', [
        staying,
        JSON.stringify(storedImage(sharedByStaying)),
      ]);
      await db.query('delete from members where id = $1', [leaving]); // withdrawal: owner_id becomes null

      await cleanUpFiles({ db, storage });
      expect(await db.query('select 1 from files where owner_id is null')).toEqual([]);
      expect(await storage.get(keyOf(ownOfLeaving.url))).toBeNull();
      expect(await storage.get(keyOf(sharedByLeaving.url))).not.toBeNull();
      await assertImagesIssuedTo(db, staying, [sharedByStaying], 'profileImage');

      // Once nobody names it and the grace period is over, the shared object goes too.
      await db.query('update members set profile_image = null where id = $1', [staying]);
      await age([sharedByStaying.url], 25);
      await cleanUpFiles({ db, storage });
      expect(await storage.get(keyOf(sharedByStaying.url))).toBeNull();
    });

    it('deleteFilesOwnedBy drops rows at once and queues their objects', async () => {
      const member = await newMember();
      const [img] = (await upload(member, 'USER_PROFILE_IMAGE', [{ name: 'z.png', bytes: await solidPng(71, 71) }]))
        .files as [Image];
      expect(await deleteFilesOwnedBy(db, member)).toHaveLength(1);
      expect(await db.query('select 1 from storage_deletions where storage_key = $1', [keyOf(img.url)])).toHaveLength(
        1,
      );
      const report = await cleanUpFiles({ db, storage });
      expect(report.objectsRemoved).toBeGreaterThanOrEqual(1);
      expect(await storage.get(keyOf(img.url))).toBeNull();
    });

    it('keeps a picture uploaded again after its old row was removed', async () => {
      const member = await newMember();
      const png = await solidPng(81, 81, '#808000');
      const [first] = (await upload(member, 'PROMOTION_IMAGE', [{ name: 'p.png', bytes: png }])).files as [Image];
      await deleteFilesOwnedBy(db, member); // queued for deletion …
      const [second] = (await upload(member, 'PROMOTION_IMAGE', [{ name: 'p.png', bytes: png }])).files as [Image];
      expect(second.url).toBe(first.url); // … but issued again before the cleanup ran
      await cleanUpFiles({ db, storage });
      expect(await storage.get(keyOf(second.url))).not.toBeNull();
      expect(await db.query('select 1 from storage_deletions where storage_key = $1', [keyOf(second.url)])).toEqual([]);
    });
  });
});

describe('registerFileCleanup', () => {
  it("runs the cleanup on unref'd timers between the start and stop hooks", async () => {
    const db = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
    const root = mkdtempSync(join(tmpdir(), 'damabwa-cleanup-'));
    const storage = createLocalStorage({ root, publicBaseUrl: 'http://localhost/media' });
    setDbForTests(db);
    setStorageForTests(storage);
    setLogLevel('warn');
    try {
      const key = `ee/${'e'.repeat(64)}.webp`;
      const thumb = `ee/${'e'.repeat(64)}_480.webp`;
      await storage.put(key, new Uint8Array([1]), 'image/webp');
      await storage.put(thumb, new Uint8Array([2]), 'image/webp');
      await db.query('insert into storage_deletions (storage_key, thumb_key) values ($1, $2)', [key, thumb]);

      const starts: (() => Promise<void>)[] = [];
      const stops: (() => Promise<void>)[] = [];
      registerFileCleanup({ onStart: (h) => starts.push(h), onStop: (h) => stops.push(h) }, 50, 10);
      expect([starts.length, stops.length]).toEqual([1, 1]);
      for (const start of starts) await start();
      await vi.waitFor(async () => expect(await storage.get(key)).toBeNull(), { timeout: 5_000, interval: 20 });
      expect(await storage.get(thumb)).toBeNull();
      for (const stop of stops) await stop();
    } finally {
      setDbForTests(null);
      setStorageForTests(null);
      await db.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
