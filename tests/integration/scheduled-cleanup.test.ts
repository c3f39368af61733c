/**
 * The scheduled cleanup job removes the view rows of past days (a viewer counts once a Korean day, so
 * rows before yesterday serve nothing) and keeps today's and yesterday's, and the refresh tokens expired
 * over a day ago (issue 41). Run once directly and once
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

  it('deletes refresh tokens expired over a day ago and keeps the others', async () => {
    const now = Date.now();
    const [member] = await db.query<{ id: number }>(
      `insert into members (kakao_id, nickname) values ($1, $2) returning id`,
      [`${marker}-tokens`, `${marker}t`.slice(0, 10)],
    );
    if (!member) throw new Error('no member inserted');
    const expiries = { old: now - 2 * DAY, recent: now - 60_000, live: now + 29 * DAY };
    for (const [name, at] of Object.entries(expiries)) {
      await db.query(
        'insert into refresh_tokens (member_id, token_hash, chain_id, expires_at) values ($1, $2, $3, $4)',
        [member.id, `${marker}-${name}`, `${marker}-chain`, new Date(at)],
      );
    }
    await runScheduledCleanup(db, storage, new Date(now));
    const left = await db.query<{ token_hash: string }>(
      'select token_hash from refresh_tokens where chain_id = $1 order by token_hash',
      [`${marker}-chain`],
    );
    expect(left.map((r) => r.token_hash)).toEqual([`${marker}-live`, `${marker}-recent`]);
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
