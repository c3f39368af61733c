import { describe, expect, it } from 'vitest';
import type { Queryable } from '#server/db/index';
import {
  clearPromotionCounts,
  COUNT_COST_RATIO,
  countMatching,
  countWithSize,
  freshFor,
} from '#server/services/promotion-counts';

/** A database that answers counts after a tick and counts how often it was asked. */
function countingDb(answers: (number | Error)[]): Queryable & { asked: number } {
  const db = {
    asked: 0,
    query<T>(): Promise<T[]> {
      const answer = answers[Math.min(db.asked, answers.length - 1)];
      db.asked++;
      return new Promise((resolve, reject) =>
        setTimeout(() => (answer instanceof Error ? reject(answer) : resolve([{ total: answer }] as T[])), 5),
      );
    },
  };
  return db;
}

describe('list totals', () => {
  it('counts a burst of the same list once, and again after the TTL or a clear', async () => {
    clearPromotionCounts();
    const db = countingDb([42, 43, 44]);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => countMatching(db, 'p.deleted_at is null', [], 1_000)),
    );
    expect(burst).toEqual(Array(20).fill(42));
    expect(db.asked).toBe(1);
    expect(await countMatching(db, 'p.deleted_at is null', [], 5_999)).toBe(42);
    // Past the TTL: the kept total is answered at once while one request counts it again.
    const stale = await Promise.all(
      [7_000, 7_001, 7_002].map((at) => countMatching(db, 'p.deleted_at is null', [], at)),
    );
    expect(stale).toEqual([42, 42, 42]);
    expect(db.asked).toBe(2);
    await new Promise((r) => setTimeout(r, 20));
    expect(await countMatching(db, 'p.deleted_at is null', [], 7_003)).toBe(43);
    clearPromotionCounts();
    expect(await countMatching(db, 'p.deleted_at is null', [], 7_004)).toBe(44);
    expect(db.asked).toBe(3);
  });

  it('waits for a new count once the kept one is more than a minute stale', async () => {
    clearPromotionCounts();
    const db = countingDb([1, 2]);
    expect(await countMatching(db, 'old', [], 1_000)).toBe(1);
    // Fresh until about 6,000, answered stale until about 66,000: after that the request waits.
    expect(await countMatching(db, 'old', [], 68_000)).toBe(2);
    expect(db.asked).toBe(2);
  });

  it('keeps no failed count', async () => {
    clearPromotionCounts();
    const db = countingDb([new Error('database gone'), 7]);
    await expect(countMatching(db, 'x', [1], 1_000)).rejects.toThrow('database gone');
    expect(await countMatching(db, 'x', [1], 1_001)).toBe(7);
    expect(db.asked).toBe(2);
  });

  it('forgets one table’s counts on its writes, and keeps the other’s', async () => {
    clearPromotionCounts();
    const db = countingDb([1, 2, 3]);
    const events = (at: number) => countWithSize(db, 'w', [], [], at, 'promotions');
    const photographers = (at: number) => countWithSize(db, 'w', [], [], at, 'photographer_pages');
    expect((await events(1_000)).total).toBe(1);
    expect((await photographers(1_000)).total).toBe(2);
    // A photographer's page changed: the events' total (seconds to count at 1M) is kept.
    clearPromotionCounts('photographer_pages');
    expect((await events(1_001)).total).toBe(1);
    expect((await photographers(1_001)).total).toBe(3);
    expect(db.asked).toBe(3);
  });

  it('keys on the filter and its values', async () => {
    clearPromotionCounts();
    const db = countingDb([1, 2]);
    expect(await countMatching(db, 'a = $1', ['서울'], 1_000)).toBe(1);
    expect(await countMatching(db, 'a = $1', ['부산'], 1_000)).toBe(2);
  });
});

describe('slow list totals', () => {
  it('keep a count thirty times as long as it took, from when it finished', async () => {
    clearPromotionCounts();
    let asked = 0;
    const db: Queryable = {
      query<T>(): Promise<T[]> {
        asked++;
        return new Promise((resolve) => setTimeout(() => resolve([{ total: 9 }] as T[]), 300));
      },
    };
    const start = Date.now();
    expect(await countMatching(db, 'slow', [], start)).toBe(9);
    const done = Date.now();
    const took = done - start;
    expect(freshFor(took)).toBeGreaterThanOrEqual(COUNT_COST_RATIO * 300);
    // Past five seconds, and past thirty times the count counted from its start, within it counted from
    // its end: still kept, not counted again.
    expect(await countMatching(db, 'slow', [], start + 5_000 + took + 1)).toBe(9);
    expect(await countMatching(db, 'slow', [], start + COUNT_COST_RATIO * took + took / 2)).toBe(9);
    expect(asked).toBe(1);
    // Then stale: answered at once, counted again behind it.
    expect(await countMatching(db, 'slow', [], start + (COUNT_COST_RATIO + 1) * took + 100)).toBe(9);
    expect(asked).toBe(2);
  });

  it('keep a quick count five seconds', () => {
    expect(freshFor(0)).toBe(5_000);
    expect(freshFor(100)).toBe(5_000);
    expect(freshFor(1_700)).toBe(51_000);
  });
});
