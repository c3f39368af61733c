import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/index';
import { generateEvents, generatePhotographers, seedDemoData, type ImageMaker } from '#server/seed/seed';
import { listPromotions } from '#server/services/promotion-lists';
import { openDatabase } from '#server/db/index';
import { insertEvents } from '#server/services/promotion-rows';
import { eventSearchDocument } from '#server/search/grams';
import { consentsOf } from '#server/services/consents';
import { listPhotographers, refreshPhotographerSearch } from '#server/services/photographers';

// Always a fresh embedded database: the seed expects an empty one.
let db: Db;
const fakeImage: ImageMaker = async (_owner, kind, seed) => ({
  name: `${kind}-${seed}.jpg`,
  url: `/media/test/${seed}.webp`,
});

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
});
afterAll(async () => {
  await db.close();
});

describe('demo seed', () => {
  it('fills an empty database once, with every progress status, both types and consistent counters', async () => {
    const first = await seedDemoData(db, fakeImage);
    expect(first).toMatchObject({ skipped: false, photographers: 26, events: 60 });
    expect(first.members).toBeGreaterThanOrEqual(12);
    const second = await seedDemoData(db, fakeImage);
    expect(second.skipped).toBe(true);
    const counts = await db.query<{ members: number; events: number }>(
      'select (select count(*)::int from members) as members, (select count(*)::int from promotions) as events',
    );
    expect(counts[0]).toEqual({ members: first.members + 26, events: 60 });
    const all = await listPromotions(
      db,
      { regions: [], categories: [], photographyTypes: [], sortType: 'LATEST' },
      { page: 0, pageSize: 100 },
      null,
    );
    const statuses = new Set(all.items.map((i) => i.progressStatus));
    expect(statuses).toEqual(new Set(['UPCOMING', 'ONGOING', 'ENDED']));
    expect(new Set(all.items.map((i) => i.promotionType))).toEqual(new Set(['FREE', 'DISCOUNT']));
    const drift = await db.query<{ n: number }>(
      `select count(*)::int as n from promotions p
        where p.save_count <> (select count(*) from promotion_saves s where s.promotion_id = p.id)`,
    );
    expect(drift[0]?.n).toBe(0);
    // The statistics count what the seed wrote (issue 43): the operator's members and events, the saves.
    const stats = await db.query<{ members: number; events: number; saves: number; authorSaves: number }>(
      `select (select sum(members)::int from site_daily_stats) as members,
              (select sum(events)::int from site_daily_stats) as events,
              (select sum(saves)::int from promotion_daily_stats) as saves,
              (select sum(saves)::int from photographer_daily_stats) as "authorSaves"`,
    );
    const saves = await db.query<{ n: number }>('select count(*)::int as n from promotion_saves');
    expect(stats[0]).toEqual({
      members: first.members + 26,
      events: 60,
      saves: saves[0]?.n,
      authorSaves: saves[0]?.n,
    });
    const popular = await listPromotions(
      db,
      { regions: [], categories: [], photographyTypes: [], sortType: 'POPULAR' },
      { page: 0, pageSize: 100 },
      null,
    );
    expect(popular.items.map((i) => i.id)).not.toEqual(all.items.map((i) => i.id));
    const eight = await db.query<{ id: number }>('select id from promotions where id = 8 and deleted_at is null');
    expect(eight).toHaveLength(1);
    // The home banner's event is ongoing, and still will be a month after seeding.
    expect(all.items.find((i) => i.id === 8)?.progressStatus).toBe('ONGOING');
    const monthAhead = new Date(Date.now() + 9 * 3_600_000 + 30 * 86_400_000).toISOString().slice(0, 10);
    expect((all.items.find((i) => i.id === 8)?.endedAt ?? '').slice(0, 10) >= monthAhead).toBe(true);
  });

  it('records the required consents in force for every demo member (issue 41: none is asked again)', async () => {
    const members = await db.query<{ id: number }>("select id from members where type <> 'UNDEFINED'");
    expect(members.length).toBeGreaterThan(30);
    for (const m of members) expect((await consentsOf(db, m.id)).needsAgreement, `member ${m.id}`).toEqual([]);
  });

  it('generates large data sets in batches', async () => {
    expect(await generateEvents(db, 2500, { batch: 1000 })).toBe(2500);
    const n = await db.query<{ n: number }>('select count(*)::int as n from promotions');
    expect(n[0]?.n).toBe(2560);
    const found = await listPromotions(
      db,
      { regions: [], categories: [], photographyTypes: [], sortType: 'LATEST', keyword: '야경' },
      { page: 0, pageSize: 5 },
      null,
    );
    expect(found.items.length).toBeGreaterThan(0);
  });

  it('generates photographers in batches, listed and found as the service writes them', async () => {
    const count = async () =>
      (await db.query<{ n: number }>('select count(*)::int as n from photographer_pages'))[0]?.n ?? 0;
    const had = await count();
    expect(await generatePhotographers(db, 1_200)).toBe(1_200);
    expect(await count()).toBe(had + 1_200);
    const [last] = await db.query<{ id: number; nickname: string; text: string; grams: string[] }>(
      `select m.id, m.nickname, pp.search_text as text, pp.search_grams as grams
         from photographer_pages pp join members m on m.id = pp.member_id order by m.id desc limit 1`,
    );
    const generated = last as { id: number; nickname: string; text: string; grams: string[] };
    // The document is the one the service writes for that page.
    await refreshPhotographerSearch(db, generated.id);
    const [again] = await db.query<{ text: string; grams: string[] }>(
      'select search_text as text, search_grams as grams from photographer_pages where member_id = $1',
      [generated.id],
    );
    expect(again).toEqual({ text: generated.text, grams: generated.grams });
    const base = { regions: [], categories: [], photographyTypes: [], sort: 'LATEST' as const };
    const found = await listPhotographers(db, { ...base, keyword: generated.nickname }, { page: 0, pageSize: 5 }, null);
    expect(found.items[0]?.id).toBe(generated.id);
    // Events generated afterwards are spread over every photographer.
    await generateEvents(db, 3_000);
    const [authors] = await db.query<{ n: number }>('select count(distinct author_id)::int as n from promotions');
    expect(authors?.n).toBeGreaterThan(1_000);
  });

  it('writes events through the service builder: arrays and quotes as parameters, the same document', async () => {
    const [author] = await db.query<{ id: number }>('select member_id as id from photographer_pages limit 1');
    const base = {
      authorId: (author as { id: number }).id,
      promotionType: 'FREE' as const,
      content: '따옴표 "와 역슬래시 \\ 가 든 내용',
      externalLink: 'https://example.com/e',
      startedAt: '2026-01-01',
      endedAt: '2026-01-31',
      photographyTypes: ['SNAP' as const],
      activeRegions: [{ category: '서울', name: '강남구' }],
      images: [],
      isAuthorHidden: false,
    };
    const rows = await insertEvents<{ id: number }>(
      db,
      [
        { ...base, title: '첫째', hashtags: ['a"b', 'c\\d', '{e,f}'] },
        { ...base, title: '둘째', hashtags: [] },
      ],
      'id',
    );
    expect(rows).toHaveLength(2);
    const stored = await db.query<{ hashtags: string[]; regions: string[]; search_text: string }>(
      'select hashtags, regions, search_text from promotions where id = $1',
      [(rows[0] as { id: number }).id],
    );
    expect(stored[0]?.hashtags).toEqual(['a"b', 'c\\d', '{e,f}']);
    expect(stored[0]?.regions).toEqual(['서울 강남구']);
    expect(stored[0]?.search_text).toBe(
      eventSearchDocument({
        title: '첫째',
        content: base.content,
        hashtags: ['a"b', 'c\\d', '{e,f}'],
        regions: base.activeRegions,
      }).text,
    );
  });
});
