/**
 * Local storage durability and leftovers: the rename that makes an upload durable is followed by a
 * flush of its directory, and temporary files of writes killed midway are swept at start and by the
 * cleanup job (recent ones, maybe still being written, are kept).
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, setDbForTests, type Db } from '#server/db/index';
import { setLogLevel } from '#server/log';
import { STALE_TEMPORARY_MS, cleanUpFiles, registerFileCleanup } from '#server/services/file-cleanup';
import { createLocalStorage, setStorageForTests, type Storage } from '#server/storage/index';

const synced: string[] = [];
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  const open = (async (path: string, ...rest: unknown[]) => {
    const handle = await (fs.open as (...a: unknown[]) => Promise<FsPromises.FileHandle>)(path, ...rest);
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      synced.push(String(path));
      return sync();
    };
    return handle;
  }) as typeof fs.open;
  return { ...fs, default: { ...fs, open }, open };
});

const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
const KEY = `ab/${'a'.repeat(64)}.webp`;

let root: string;
let storage: Storage;
let db: Db;

/** A temporary file as a killed `put` leaves it, `ageMs` old. */
function leftover(dir: string, name: string, ageMs: number): string {
  mkdirSync(join(root, dir), { recursive: true });
  const path = join(root, dir, `${name}.${uuid}.tmp`);
  writeFileSync(path, 'half an image');
  const at = (Date.now() - ageMs) / 1000;
  utimesSync(path, at, at);
  return path;
}

beforeAll(async () => {
  setLogLevel('warn');
  root = mkdtempSync(join(tmpdir(), 'damabwa-temp-'));
  storage = createLocalStorage({ root, publicBaseUrl: 'http://localhost/media' });
  db = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
});

afterAll(async () => {
  setDbForTests(null);
  setStorageForTests(null);
  await db?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('local storage', () => {
  it('flushes the file and then its directory, after the rename', async () => {
    synced.length = 0;
    await storage.put(KEY, new Uint8Array([1, 2, 3]), 'image/webp');
    expect(synced).toHaveLength(2);
    expect(synced[0]).toMatch(/\.tmp$/);
    expect(synced[1]).toBe(join(root, 'ab'));
  });

  it('the cleanup job sweeps stale temporary files, keeping fresh ones and every object', async () => {
    const stale = leftover('cd', `${'c'.repeat(64)}.webp`, STALE_TEMPORARY_MS + 60_000);
    const deep = leftover('ef', `${'e'.repeat(64)}_480.webp`, 24 * 60 * 60 * 1000);
    const fresh = leftover('cd', `${'d'.repeat(64)}.webp`, 1_000);
    const report = await cleanUpFiles({ db, storage });
    expect(report.temporaryRemoved).toBe(2);
    expect([existsSync(stale), existsSync(deep), existsSync(fresh)]).toEqual([false, false, true]);
    expect(await storage.get(KEY)).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('sweeps at start, before the first cleanup run', async () => {
    const stale = leftover('12', `${'1'.repeat(64)}.webp`, STALE_TEMPORARY_MS + 60_000);
    setDbForTests(db);
    setStorageForTests(storage);
    const starts: (() => Promise<void>)[] = [];
    const stops: (() => Promise<void>)[] = [];
    // The first run is an hour away: only the start sweep can remove the file.
    registerFileCleanup({ onStart: (h) => starts.push(h), onStop: (h) => stops.push(h) }, 3_600_000, 3_600_000);
    for (const start of starts) await start();
    expect(existsSync(stale)).toBe(false);
    for (const stop of stops) await stop();
  });
});
