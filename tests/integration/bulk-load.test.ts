/**
 * Generating many events drops the events' secondary indexes and builds them again (decision 020): the
 * same definitions after as before, all or nothing, and the rows found through the rebuilt indexes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/index';
import { secondaryIndexes, withIndexesRebuilt } from '#server/seed/bulk-load';
import { generateEvents, seedDemoData, type ImageMaker } from '#server/seed/seed';
import { clearPromotionCounts } from '#server/services/promotion-counts';
import { listPromotions } from '#server/services/promotion-lists';
import { openTestDb } from '../support/db';

let db: Db;
const fakeImage: ImageMaker = async (_owner, kind, seed) => ({
  name: `${kind}-${seed}.jpg`,
  url: `/media/t/${seed}.webp`,
});

/** Each secondary index of the events: its definition and the oid of the index as built. */
async function indexState(): Promise<{ name: string; def: string; oid: number }[]> {
  const defs = await secondaryIndexes(db, 'promotions');
  const oids = await db.query<{ name: string; oid: number }>(
    `select c.relname as name, c.oid::int as oid from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'promotions'::regclass`,
  );
  return defs.map((d) => ({ ...d, oid: oids.find((o) => o.name === d.name)?.oid ?? 0 }));
}

const eventCount = async () => (await db.query<{ n: number }>('select count(*)::int as n from promotions'))[0]?.n ?? 0;

beforeAll(async () => {
  db = await openTestDb();
  await seedDemoData(db, fakeImage);
}, 120_000);

afterAll(async () => {
  await db.close();
});

describe('generating many events', () => {
  it('finds the secondary indexes, not those of the primary key', async () => {
    const names = (await indexState()).map((i) => i.name);
    expect(names).toContain('promotions_grams_idx');
    expect(names).toContain('promotions_list_idx');
    expect(names).not.toContain('promotions_pkey');
  });

  it('builds the same indexes again after the load, and the rows are found through them', async () => {
    const before = await indexState();
    const had = await eventCount();
    expect(await generateEvents(db, 300, { batch: 120, rebuildIndexes: true })).toBe(300);
    expect(await eventCount()).toBe(had + 300);
    const after = await indexState();
    expect(after.map(({ name, def }) => ({ name, def }))).toEqual(before.map(({ name, def }) => ({ name, def })));
    // Built anew: no index kept its oid.
    for (const index of after) expect(before.find((b) => b.name === index.name)?.oid).not.toBe(index.oid);
    clearPromotionCounts();
    const base = { regions: [], categories: [], photographyTypes: [], sortType: 'LATEST' as const };
    const found = await listPromotions(db, { ...base, keyword: '야경' }, { page: 0, pageSize: 5 }, null);
    expect(found.items.length).toBeGreaterThan(0);
  });

  it('keeps the indexes while a small load writes through them', async () => {
    const before = await indexState();
    expect(await generateEvents(db, 50)).toBe(50);
    expect(await indexState()).toEqual(before);
  });

  it('leaves the rows and the indexes as they were when the load fails', async () => {
    const before = await indexState();
    const had = await eventCount();
    await expect(
      withIndexesRebuilt(db, 'promotions', async (tx) => {
        await tx.query(`update promotions set title = title || '!' where id = (select min(id) from promotions)`);
        throw new Error('load failed');
      }),
    ).rejects.toThrow('load failed');
    expect(await indexState()).toEqual(before);
    expect(await eventCount()).toBe(had);
  });
});
