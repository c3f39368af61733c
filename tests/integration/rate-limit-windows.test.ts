/**
 * Several windows counted by one request (a write with a limit of its own: applying, reporting): each
 * window counts on its own, one statement counts them all on PostgreSQL, and the caller is refused with
 * the longest wait among the windows it passed. Runs on memory windows (PGlite pass) and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/index';
import { hitRateLimits, resetRateLimits, type RateLimitHit } from '#server/http/rate-limit';
import { ApiError } from '#server/http/errors';
import { openTestDb } from '../support/db';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
  resetRateLimits();
});
afterAll(async () => {
  await db.close();
});

const unique = () => `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
const hits = (key: string, write: number, own: number, ownWindowMs = 60_000): RateLimitHit[] => [
  { bucket: 'write', key, rule: { limit: write, windowMs: 60_000 } },
  { bucket: 'apply', key, rule: { limit: own, windowMs: ownWindowMs } },
];

async function refusal(work: Promise<void>): Promise<ApiError | null> {
  try {
    await work;
    return null;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
}

describe('hitRateLimits', () => {
  it('counts every window and refuses once the smaller limit is passed', async () => {
    const key = unique();
    for (let i = 0; i < 3; i++) await hitRateLimits(hits(key, 10, 3), db);
    const refused = await refusal(hitRateLimits(hits(key, 10, 3), db));
    expect(refused?.status).toBe(429);
    expect(refused?.code).toBe('TOO_MANY_REQUESTS');
  });

  it('keeps each window apart: another bucket of the same member still counts from zero', async () => {
    const key = unique();
    for (let i = 0; i < 3; i++) await hitRateLimits(hits(key, 10, 3), db);
    // The write window has 3 of 10: a write of another kind (its own limit 5) passes four times.
    const report = (n: number): RateLimitHit[] => [
      { bucket: 'write', key, rule: { limit: 10, windowMs: 60_000 } },
      { bucket: 'report', key, rule: { limit: n, windowMs: 60_000 } },
    ];
    for (let i = 0; i < 4; i++) await hitRateLimits(report(5), db);
    // 7 writes counted; three more reach the write limit of 10, the next is refused by it.
    for (let i = 0; i < 3; i++)
      await hitRateLimits([{ bucket: 'write', key, rule: { limit: 10, windowMs: 60_000 } }], db);
    expect((await refusal(hitRateLimits(report(100), db)))?.status).toBe(429);
  });

  it('answers the longest wait among the windows passed', async () => {
    const key = unique();
    await hitRateLimits(hits(key, 1, 1, 600_000), db);
    const refused = await refusal(hitRateLimits(hits(key, 1, 1, 600_000), db));
    expect(refused?.status).toBe(429);
    const retryAfter = Number(refused?.headers?.['Retry-After']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });
});
