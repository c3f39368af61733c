/**
 * The scheduled cleanup job removes the view rows of past days (a viewer counts once a Korean day, so
 * rows before yesterday serve nothing) and keeps today's and yesterday's. Run once directly and once
 * as the job registers itself with the server's start and stop hooks. PGlite in memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '#lib/deadline';
import { setDbForTests, type Db } from '#server/db/index';
import { setLogLevel } from '#server/log';
import { registerFileCleanup, runScheduledCleanup } from '#server/services/file-cleanup';
import { createLocalStorage, setStorageForTests, type Storage } from '#server/storage/index';
import { openTestDb } from '../support/db';

const DAY = 24 * 60 * 60 * 1000;
const marker = `prune${Math.random().toString(36).slice(2, 8)}`;

let db: Db;
let root: string;
let storage: Storage;

beforeAll(async () => {
  setLogLevel('warn');
  db = await openTestDb();
  root = mkdtempSync(join(tmpdir(), 'damabwa-cleanup-'));
  storage = createLocalStorage({ root, publicBaseUrl: 'http://localhost/media' });
});

afterAll(async () => {
  setDbForTests(null);
  setStorageForTests(null);
  await db.close();
  rmSync(root, { recursive: true, force: true });
});

/** One view row for each of these days ago (Korea time), by viewers named after `run`. */
async function viewsOn(run: string, daysAgo: number[], now: number): Promise<void> {
  for (const ago of daysAgo) {
    await db.query('insert into promotion_views (promotion_id, viewer, day) values (1, $1, $2::date)', [
      `${marker}:${run}:${ago}`,
      todayKst(now - ago * DAY),
    ]);
  }
}

/** Which of the run's rows are left, as days ago, newest first. */
async function daysLeft(run: string): Promise<number[]> {
  const rows = await db.query<{ viewer: string }>('select viewer from promotion_views where viewer like $1', [
    `${marker}:${run}:%`,
  ]);
  return rows.map((r) => Number(r.viewer.split(':')[2])).sort((a, b) => a - b);
}

describe('the scheduled cleanup job', () => {
  it('removes view rows before yesterday and keeps today and yesterday', async () => {
    const now = Date.now();
    await viewsOn('direct', [0, 1, 2, 30], now);
    await runScheduledCleanup(db, storage, new Date(now));
    expect(await daysLeft('direct')).toEqual([0, 1]);
  });

  it('prunes as registered with the start and stop hooks', async () => {
    await viewsOn('registered', [0, 3], Date.now());
    setDbForTests(db);
    setStorageForTests(storage);
    const starts: (() => Promise<void>)[] = [];
    const stops: (() => Promise<void>)[] = [];
    // The first run right after start; the next an hour away.
    registerFileCleanup({ onStart: (h) => starts.push(h), onStop: (h) => stops.push(h) }, 3_600_000, 0);
    for (const start of starts) await start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const stop of stops) await stop(); // waits for the run in progress
    expect(await daysLeft('registered')).toEqual([0]);
  });
});
