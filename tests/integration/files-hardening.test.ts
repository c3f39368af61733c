/**
 * Uploads nobody can flood, and a full disk that answers clearly (issue 46, items 4–6), at the service
 * level: the daily quota of unused uploads, the short grace of files never used, variants only for
 * pictures something public names, what a member who has not registered may upload, the free-space
 * check and an injected ENOSPC. PGlite in memory (or DATABASE_URL), local storage in a temporary folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getConfig, setConfigForTests, type Config } from '#server/config';
import type { Db } from '#server/db/index';
import { ApiError, statusOf } from '#server/http/errors';
import { resetRateLimits } from '#server/http/rate-limit';
import { receiveUpload, type Uploader } from '#server/http/uploads';
import { setLogLevel } from '#server/log';
import { cleanUpFiles } from '#server/services/file-cleanup';
import { assertImagesIssuedTo } from '#server/services/files';
import { DomainError } from '#server/services/errors';
import { variantBytes } from '#server/services/image-variants';
import { variantKey } from '#server/media/variants';
import { createLocalStorage, type Storage } from '#server/storage/index';
import { insertMember, openTestDb } from '../support/db';
import { solidPng } from '../support/images';

const HOUR = 60 * 60 * 1000;

let colour = 0;
/** A small PNG of its own colour: a new picture (and a new key) every call. */
const png = () => solidPng(40 + (colour % 7), 30, `#${(0x102030 + ++colour * 7919).toString(16).slice(-6)}`);

async function request(fileType: string, count: number): Promise<Request> {
  const form = new FormData();
  form.append('fileType', fileType);
  for (let i = 0; i < count; i++) form.append('files', new Blob([new Uint8Array(await png())]), `p${i}.png`);
  return new Request('http://localhost/api/v1/files', { method: 'POST', body: form });
}

/** The refusal as the API answers it: status, code, message and headers. */
async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) {
      return {
        status: statusOf(err),
        code: err.code,
        message: err.message,
        headers: err instanceof ApiError ? (err.headers ?? {}) : {},
      };
    }
    throw err;
  }
  throw new Error('expected a refusal');
}

const keyOf = (url: string): string => /([0-9a-f]{2}\/[0-9a-f]{64}\.webp)$/.exec(url)?.[1] ?? '';

describe('upload hardening (service level)', () => {
  let db: Db;
  let storage: Storage;
  let root = '';
  let base: Config;

  const withConfig = (patch: Partial<Config>) => setConfigForTests({ ...base, ...patch });
  const upload = (
    memberId: number,
    fileType: string,
    count: number,
    extra: { storage?: Storage; uploader?: Uploader } = {},
  ) => request(fileType, count).then((req) => receiveUpload(memberId, req, { db, storage, ...extra }));
  const fileCount = async (memberId: number) =>
    Number(
      (await db.query<{ n: number }>('select count(*)::int as n from files where owner_id = $1', [memberId]))[0]?.n,
    );

  beforeAll(async () => {
    setLogLevel('error');
    db = await openTestDb();
    root = mkdtempSync(join(tmpdir(), 'damabwa-hardening-'));
    storage = createLocalStorage({ root, publicBaseUrl: 'http://localhost/media' });
    base = getConfig();
  });

  afterEach(() => {
    setConfigForTests(base);
    resetRateLimits();
  });

  afterAll(async () => {
    setConfigForTests(base);
    await db?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  describe('a daily quota of unused uploads', () => {
    it('answers 429 with Retry-After and a Korean message past the files of the day; a use gives room back', async () => {
      withConfig({ uploadQuota: { dailyBytes: 100 * 1024 * 1024, dailyFiles: 3 } });
      const me = await insertMember(db);
      const first = await upload(me.id, 'PROMOTION_IMAGE', 2);
      expect(first.files).toHaveLength(2);
      // Two would make four: refused whole, nothing recorded.
      const over = await refusal(upload(me.id, 'PROMOTION_IMAGE', 2));
      expect(over).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/[가-힣]/) });
      expect(Number(over.headers['Retry-After'])).toBeGreaterThan(0);
      expect(Number(over.headers['Retry-After'])).toBeLessThanOrEqual(24 * 60 * 60);
      expect(await fileCount(me.id)).toBe(2);
      await upload(me.id, 'PROMOTION_IMAGE', 1);
      // The quota is used up: refused before the body is read.
      expect((await refusal(upload(me.id, 'PROMOTION_IMAGE', 1))).status).toBe(429);
      // Using two of them (a profile picture here) gives their share back.
      await db.transaction((tx) => assertImagesIssuedTo(tx, me.id, first.files, 'images'));
      expect((await upload(me.id, 'PROMOTION_IMAGE', 2)).files).toHaveLength(2);
      expect((await refusal(upload(me.id, 'PROMOTION_IMAGE', 1))).status).toBe(429);
      // Another member has a quota of their own.
      const other = await insertMember(db);
      expect((await upload(other.id, 'PROMOTION_IMAGE', 3)).files).toHaveLength(3);
    });

    it('counts bytes too', async () => {
      withConfig({ uploadQuota: { dailyBytes: 1, dailyFiles: 1000 } });
      const me = await insertMember(db);
      const over = await refusal(upload(me.id, 'PROMOTION_IMAGE', 1));
      expect(over).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
      expect(await fileCount(me.id)).toBe(0);
    });
  });

  describe('files never used', () => {
    it('go after the short grace; files once used keep the 24 h rule', async () => {
      const me = await insertMember(db);
      const [, used] = (await upload(me.id, 'PROMOTION_IMAGE', 2)).files;
      await db.transaction((tx) => assertImagesIssuedTo(tx, me.id, [used!], 'images'));
      // Three hours on, nothing names either of them any more.
      await cleanUpFiles({ db, storage, now: new Date(Date.now() + 3 * HOUR) });
      const left = await db.query<{ storage_key: string }>('select storage_key from files where owner_id = $1', [
        me.id,
      ]);
      expect(left.map((r) => r.storage_key)).toEqual([keyOf(used!.url)]);
      await cleanUpFiles({ db, storage, now: new Date(Date.now() + 25 * HOUR) });
      expect(await fileCount(me.id)).toBe(0);
    });

    it('keeps a file never used but named (a profile picture) past the short grace', async () => {
      const me = await insertMember(db);
      const [mine] = (await upload(me.id, 'USER_PROFILE_IMAGE', 1)).files;
      await db.query(
        `update members set profile_image = jsonb_build_object('name', 'a', 'url', $2::text) where id = $1`,
        [me.id, keyOf(mine!.url)],
      );
      await cleanUpFiles({ db, storage, now: new Date(Date.now() + 3 * HOUR) });
      expect(await fileCount(me.id)).toBe(1);
    });
  });

  describe('variants', () => {
    it('are made only for pictures something public names', async () => {
      const me = await insertMember(db);
      const [image] = (await upload(me.id, 'PROMOTION_IMAGE', 1)).files;
      const key = keyOf(image!.url);
      const hash = key.slice(3, 67);
      expect(await variantBytes(hash, 240, { db, storage })).toBeNull();
      expect(await storage.get(variantKey(hash, 240))).toBeNull();
      await db.query(
        `update members set profile_image = jsonb_build_object('name', 'a', 'url', $2::text) where id = $1`,
        [me.id, key],
      );
      expect(await variantBytes(hash, 240, { db, storage })).not.toBeNull();
      expect(await storage.get(variantKey(hash, 240))).not.toBeNull();
    });
  });

  describe('a member who has not registered', () => {
    it('may upload one profile picture and nothing else (403 REGISTRATION_REQUIRED)', async () => {
      const me = await insertMember(db, { type: 'UNDEFINED', roles: ['USER'] });
      const uploader: Uploader = { type: 'UNDEFINED', address: '203.0.113.9' };
      const event = await refusal(upload(me.id, 'PROMOTION_IMAGE', 1, { uploader }));
      expect(event).toMatchObject({
        status: 403,
        code: 'REGISTRATION_REQUIRED',
        message: expect.stringMatching(/프로필 사진/),
      });
      expect((await refusal(upload(me.id, 'USER_PROFILE_IMAGE', 2, { uploader }))).status).toBe(403);
      expect(await fileCount(me.id)).toBe(0);
      expect((await upload(me.id, 'USER_PROFILE_IMAGE', 1, { uploader })).files).toHaveLength(1);
      // Registered members are not bound by it.
      expect((await upload(me.id, 'PROMOTION_IMAGE', 2, { uploader: { type: 'USER' } })).files).toHaveLength(2);
    });
  });

  describe('a full disk', () => {
    it('refuses uploads (507, Retry-After, Korean) before reading them while free space is under the minimum', async () => {
      const me = await insertMember(db);
      const full: Storage = { ...storage, driver: 'local', freeBytes: () => Promise.resolve(10 * 1024 * 1024) };
      withConfig({ uploadsMinFreeBytes: 64 * 1024 * 1024 });
      // Not even multipart: the body is never looked at.
      const req = new Request('http://localhost/api/v1/files', { method: 'POST', body: 'not a form' });
      const answer = await refusal(receiveUpload(me.id, req, { db, storage: full }));
      expect(answer).toMatchObject({ status: 507, message: expect.stringMatching(/저장 공간/) });
      expect(Number(answer.headers['Retry-After'])).toBeGreaterThan(0);
      withConfig({ uploadsMinFreeBytes: 1024 * 1024 });
      expect((await upload(me.id, 'PROMOTION_IMAGE', 1, { storage: full })).files).toHaveLength(1);
    });

    it('measures the uploads disk (statfs) for local storage', async () => {
      const free = await storage.freeBytes?.();
      expect(free).toBeGreaterThan(0);
      const nowhere = createLocalStorage({ root: join(root, 'not', 'yet'), publicBaseUrl: 'http://localhost/media' });
      expect(await nowhere.freeBytes?.()).toBeGreaterThan(0);
    });

    it('answers 507 for ENOSPC on a write and leaves no files row (nor quota) behind', async () => {
      withConfig({ uploadQuota: { dailyBytes: 100 * 1024 * 1024, dailyFiles: 2 } });
      const me = await insertMember(db);
      let writes = 0;
      const failing: Storage = {
        ...storage,
        driver: 'local',
        async put(key, bytes, type) {
          // The first object goes in; the disk is full for the next.
          if (++writes > 1)
            throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
          await storage.put(key, bytes, type);
        },
      };
      const answer = await refusal(upload(me.id, 'PROMOTION_IMAGE', 2, { storage: failing }));
      expect(answer).toMatchObject({ status: 507, message: expect.stringMatching(/[가-힣]/) });
      expect(Number(answer.headers['Retry-After'])).toBeGreaterThan(0);
      expect(await fileCount(me.id)).toBe(0);
      // The quota was given back: two files fit again.
      expect((await upload(me.id, 'PROMOTION_IMAGE', 2)).files).toHaveLength(2);
    });

    it('answers EDQUOT the same way, and keeps the rows of an earlier upload of the same picture', async () => {
      const me = await insertMember(db);
      const bytes = await png();
      const send = (s: Storage) => {
        const form = new FormData();
        form.append('fileType', 'PROMOTION_IMAGE');
        form.append('files', new Blob([new Uint8Array(bytes)]), 'same.png');
        return receiveUpload(me.id, new Request('http://localhost/api/v1/files', { method: 'POST', body: form }), {
          db,
          storage: s,
        });
      };
      await send(storage);
      const quota: Storage = {
        ...storage,
        driver: 'local',
        put: () => Promise.reject(Object.assign(new Error('EDQUOT'), { code: 'EDQUOT' })),
      };
      expect((await refusal(send(quota))).status).toBe(507);
      expect(await fileCount(me.id)).toBe(1);
    });
  });
});
