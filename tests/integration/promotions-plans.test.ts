/**
 * Event lists at a few thousand rows: keyword queries go through the grams index (not a scan that
 * unpacks every row's grams), and a list page is the same whichever way it is fetched (walking the
 * ordered index, or sorting the matches).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/index';
import { generateEvents, seedDemoData, type ImageMaker } from '#server/seed/seed';
import { clearPromotionCounts } from '#server/services/promotion-counts';
import { isPlannedGeneric } from '#server/db/plan-generic';
import { searchOverview } from '#server/services/browse';
import { parsePromotionFilter } from '#server/http/list-query';
import { photographerRowPart } from '#server/services/photographers';
import { readEventsBlock } from '#server/services/photographer-promotions';
import { getPromotionDetails } from '#server/services/promotions';
import { listPromotions, type PromotionFilter } from '#server/services/promotion-lists';
import { todayKst } from '#lib/deadline';
import { openTestDb } from '../support/db';
import { plansOf as plansOfRun, type StatementPlan } from '../support/plans';

let db: Db;
const fakeImage: ImageMaker = async (_owner, kind, seed) => ({
  name: `${kind}-${seed}.jpg`,
  url: `/media/t/${seed}.webp`,
});
const base: PromotionFilter = { regions: [], categories: [], photographyTypes: [], sortType: 'LATEST' };

beforeAll(async () => {
  db = await openTestDb();
  await seedDemoData(db, fakeImage);
  await generateEvents(db, 3_000);
}, 120_000);

afterAll(async () => {
  await db.close();
});

/** The statements one list call makes, and every plan node of each. */
function plansOf(filter: PromotionFilter, page = 0): Promise<StatementPlan[]> {
  return plansOfRun(db, (q) => {
    clearPromotionCounts();
    return listPromotions(q, filter, { page, pageSize: 10 }, null);
  });
}

describe('keyword plans', () => {
  it.each(['야경', '스냅', '강남구 스', 'a'])(
    'finds "%s" through the grams index, never by scanning the events',
    async (keyword) => {
      const plans = await plansOf({ ...base, keyword });
      const counting = plans.find((p) => /count\(\*\)/.test(p.sql) && /search_grams/.test(p.sql));
      expect(counting).toBeDefined();
      const indexes = counting?.nodes.map((n) => n['Index Name']).filter(Boolean);
      expect(indexes).toContain('promotions_grams_idx');
      for (const p of plans.filter((x) => /search_grams/.test(x.sql))) {
        const scans = p.nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'promotions');
        expect(scans, p.sql).toEqual([]);
      }
    },
  );
});

describe('list pages', () => {
  // Open and upcoming events first, title matches first within each (decision 024), then the sort.
  async function reference(keyword: string, popular: boolean): Promise<number[]> {
    const rows = await db.query<{ id: number }>(
      `select id from promotions where deleted_at is null and strpos(replace(search_text, ' ', ''), $1) > 0
        order by ended_at >= $2::date desc, strpos(replace(lower(title), ' ', ''), $1) > 0 desc,
                 ${popular ? 'save_count desc, id desc' : 'id desc'}`,
      [keyword, todayKst()],
    );
    return rows.map((r) => r.id);
  }

  it.each([
    ['LATEST', false],
    ['POPULAR', true],
  ] as const)('are the same pages of one order whichever plan serves them (%s)', async (sortType, popular) => {
    const all = await reference('야경', popular);
    expect(all.length).toBeGreaterThan(100);
    const lastPage = Math.ceil(all.length / 10) - 1;
    for (const page of [0, 1, 2, 5, 12, lastPage]) {
      clearPromotionCounts();
      const result = await listPromotions(db, { ...base, keyword: '야경', sortType }, { page, pageSize: 10 }, null);
      expect(
        result.items.map((i) => i.id),
        `page ${page}`,
      ).toEqual(all.slice(page * 10, page * 10 + 10));
      expect(result.totalPage).toBe(lastPage + 1);
    }
  });
});

describe('list pages planned once for any values (decision 008, round 9)', () => {
  it.each([
    'sortType=POPULAR&type=FREE',
    'progressStatus=ONGOING&searchKeyword=스냅',
    'regions=서울&photographyTypes=SNAP',
  ])('a common filter (%s) still walks the ordered index: no bitmap of all its matches, no scan', async (query) => {
    const plans = await plansOf(parsePromotionFilter(new URLSearchParams(query)));
    const page = plans.find((p) => /\blimit\b/.test(p.sql));
    expect(page && isPlannedGeneric(page.sql)).toBe(true);
    const nodes = page?.nodes ?? [];
    expect(nodes.map((n) => n['Index Name'])).toContainEqual(expect.stringMatching(/^promotions_(pkey|popular_idx)$/));
    expect(nodes.filter((n) => String(n['Node Type']).startsWith('Bitmap'))).toEqual([]);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'promotions')).toEqual([]);
  });

  it('a keyword page reads the events through an index, never scanning them', async () => {
    // Which index (the grams, or the ordered key filtered) is the planner's choice from the statistics
    // of the moment; both are bounded. A scan of every event is not.
    const plans = await plansOf(parsePromotionFilter(new URLSearchParams('searchKeyword=야경')));
    const page = plans.find((p) => /\blimit\b/.test(p.sql));
    const nodes = page?.nodes ?? [];
    expect(nodes.some((n) => String(n['Index Name'] ?? '').startsWith('promotions_'))).toBe(true);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'promotions')).toEqual([]);
  });

  it('a region and type filter gives the same pages planned for any values as the reference', async () => {
    const rows = await db.query<{ id: number }>(
      `select id from promotions where deleted_at is null and region_categories && array['서울'] and
              photography_types && array['SNAP'] order by ended_at >= $1::date desc, id desc`,
      [todayKst()],
    );
    const all = rows.map((r) => r.id);
    expect(all.length).toBeGreaterThan(100);
    const filter = parsePromotionFilter(new URLSearchParams('regions=서울&photographyTypes=SNAP'));
    for (const page of [0, 1, 4, Math.ceil(all.length / 10) - 1]) {
      clearPromotionCounts();
      const result = await listPromotions(db, filter, { page, pageSize: 10 }, null);
      expect(
        result.items.map((i) => i.id),
        `page ${page}`,
      ).toEqual(all.slice(page * 10, page * 10 + 10));
    }
  });
});

describe('the search overview', () => {
  it.each(['야경', '스냅'])('walks the events’ key for "%s"', async (keyword) => {
    const plans = await plansOfRun(db, (q) => {
      clearPromotionCounts();
      return searchOverview(q, keyword);
    });
    const read = plans.find((p) => /\blimit\b/.test(p.sql));
    const nodes = read?.nodes ?? [];
    // The photographers' part chooses its own plan (tests/integration/photographers-plans.test.ts):
    // the statement is planned once for any keyword when it walks too.
    expect(nodes.map((n) => n['Index Name'])).toContain('promotions_pkey');
    expect(nodes.filter((n) => n['Relation Name'] === 'promotions' && n['Node Type'] !== 'Index Scan')).toEqual([]);
    // The same event as planned for the keyword: the event list's first.
    clearPromotionCounts();
    const overview = await searchOverview(db, keyword);
    const [first] = (await listPromotions(db, { ...base, keyword }, { page: 0, pageSize: 1 }, null)).items;
    expect(overview.events.map((e) => e.id)).toEqual(first ? [first.id] : []);
  });
});

describe('pages read by their ids, planned once for any id', () => {
  const seqScans = (plans: StatementPlan[]) =>
    plans.flatMap((p) => p.nodes).filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'promotions');

  it('the photographer page walks its author’s index, for the busiest author and a later page too', async () => {
    const [busiest] = await db.query<{ author_id: number; n: number }>(
      'select author_id, count(*)::int as n from promotions group by 1 order by 2 desc limit 1',
    );
    expect(busiest!.n).toBeGreaterThan(100);
    for (const [status, page] of [
      ['CURRENT', 0],
      ['ENDED', 0],
      ['ENDED', 5],
    ] as const) {
      const plans = await plansOfRun(db, (q) => {
        clearPromotionCounts();
        return readEventsBlock(q, busiest!.author_id, status, { page, pageSize: 10 }, Date.now(), photographerRowPart);
      });
      expect(plans.every((p) => isPlannedGeneric(p.sql))).toBe(true);
      expect(seqScans(plans), `${status} ${page}`).toEqual([]);
      expect(plans[0]!.nodes.map((n) => n['Index Name'])).toContain('promotions_author_public_idx');
    }
  });

  it('the event page reads its event by the key', async () => {
    const [event] = await db.query<{ id: number }>('select id from promotions order by id desc limit 1');
    const plans = await plansOfRun(db, (q) => getPromotionDetails(q, event!.id, null));
    expect(plans).toHaveLength(1);
    expect(isPlannedGeneric(plans[0]!.sql)).toBe(true);
    expect(seqScans(plans)).toEqual([]);
    // Planned for any id: the condition names the parameter, not a value.
    expect(plans[0]!.nodes.map((n) => n['Index Cond'])).toContain('(id = $1)');
  });
});
