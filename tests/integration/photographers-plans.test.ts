/**
 * Photographer lists at a few thousand photographers (issue 45 measures 100k): a keyword page is the
 * same page of one order (name matches first, then the sort) whichever plan serves it, and a page (of
 * photographers, of events) reads its members by their key, never all of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/index';
import { isPlannedGeneric } from '#server/db/plan-generic';
import { generateEvents, generatePhotographers, seedDemoData, type ImageMaker } from '#server/seed/seed';
import { SEARCH_OVERVIEW_PHOTOGRAPHERS, searchOverview } from '#server/services/browse';
import { clearPromotionCounts } from '#server/services/promotion-counts';
import { listPhotographers, type PhotographerFilter } from '#server/services/photographers';
import { listPromotions } from '#server/services/promotion-lists';
import { setPhotographerHidden } from '#server/services/moderation';
import { insertPrincipal, openOwnTestDb } from '../support/db';
import { plansOf, type StatementPlan } from '../support/plans';

let db: Db;
let close: () => Promise<void>;
const fakeImage: ImageMaker = async (_owner, kind, seed) => ({
  name: `${kind}-${seed}.jpg`,
  url: `/media/t/${seed}.webp`,
});
const base: PhotographerFilter = { regions: [], categories: [], photographyTypes: [], sort: 'LATEST' };

beforeAll(async () => {
  // Its own database: thousands of photographers would fill the lists of the PostgreSQL pass's others.
  ({ db, close } = await openOwnTestDb('photographers_plans'));
  await seedDemoData(db, fakeImage);
  await generatePhotographers(db, 3_000);
  await generateEvents(db, 3_000);
}, 120_000);

afterAll(async () => {
  await close();
});

/** Every listed photographer matching `word` in its text, name matches first, then the sort. */
async function reference(word: string, popular: boolean): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select member_id as id from photographer_pages
      where description <> '' and hidden_at is null and strpos(replace(search_text, ' ', ''), $1) > 0
      order by strpos(replace(split_part(search_text, chr(10), 1), ' ', ''), $1) > 0 desc,
               ${popular ? 'save_count desc, member_id desc' : 'created_at desc, member_id desc'}`,
    [word],
  );
  return rows.map((r) => r.id);
}

const membersScanned = (plans: StatementPlan[]) =>
  plans
    .flatMap((p) => p.nodes)
    .filter((n) => n['Relation Name'] === 'members' && !String(n['Node Type']).startsWith('Index'));

describe('photographer list pages', () => {
  it.each([
    ['빛담', 'LATEST'],
    ['빛담', 'POPULAR'],
    ['필름', 'LATEST'],
  ] as const)('"%s" (%s): the same pages of one order whichever plan serves them', async (word, sort) => {
    const all = await reference(word, sort === 'POPULAR');
    expect(all.length).toBeGreaterThan(100);
    const lastPage = Math.ceil(all.length / 10) - 1;
    for (const page of [0, 1, 5, lastPage]) {
      clearPromotionCounts();
      const result = await listPhotographers(db, { ...base, sort, keyword: word }, { page, pageSize: 10 }, null);
      expect(
        result.items.map((i) => i.id),
        `page ${page}`,
      ).toEqual(all.slice(page * 10, page * 10 + 10));
      expect(result.totalPage).toBe(lastPage + 1);
    }
  });

  it.each(['빛담', '스냅'])('a page for "%s" reads its members by their key, whichever its plan', async (word) => {
    const plans = await plansOf(db, (q) => {
      clearPromotionCounts();
      return listPhotographers(q, { ...base, keyword: word }, { page: 0, pageSize: 10 }, null);
    });
    expect(plans.some((p) => /\blimit\b/.test(p.sql))).toBe(true);
    expect(membersScanned(plans)).toEqual([]);
  });

  it('a common keyword’s page walks the newest photographers, planned once for any values', async () => {
    const plans = await plansOf(db, (q) => {
      clearPromotionCounts();
      return listPhotographers(q, { ...base, keyword: '스냅' }, { page: 0, pageSize: 10 }, null);
    });
    const page = plans.find((p) => /\blimit\b/.test(p.sql));
    expect(page && isPlannedGeneric(page.sql)).toBe(true);
    expect(page?.nodes.map((n) => n['Index Name'])).toContain('photographer_pages_latest_idx');
  });

  it('the search overview reads its photographers’ members by their key too', async () => {
    const plans = await plansOf(db, (q) => {
      clearPromotionCounts();
      return searchOverview(q, '스냅');
    });
    expect(membersScanned(plans)).toEqual([]);
    clearPromotionCounts();
    const overview = await searchOverview(db, '스냅');
    const first = await listPhotographers(
      db,
      { ...base, keyword: '스냅' },
      { page: 0, pageSize: SEARCH_OVERVIEW_PHOTOGRAPHERS },
      null,
    );
    expect(overview.photographers.map((p) => p.id)).toEqual(first.items.map((p) => p.id));
  });

  it.each(['스냅', '야경'])(
    'an event page for "%s" reads its authors by their key, whichever its plan',
    async (word) => {
      const filter = { regions: [], categories: [], photographyTypes: [], sortType: 'LATEST' as const, keyword: word };
      const plans = await plansOf(db, (q) => {
        clearPromotionCounts();
        return listPromotions(q, filter, { page: 0, pageSize: 10 }, null);
      });
      expect(plans.some((p) => /\blimit\b/.test(p.sql))).toBe(true);
      expect(membersScanned(plans)).toEqual([]);
    },
  );

  it('a write that changes what the list finds is counted at once in this process', async () => {
    const filter = { ...base, keyword: '빛담' };
    const page = { page: 0, pageSize: 10 };
    const all = await reference('빛담', false);
    expect((await listPhotographers(db, filter, { page: 0, pageSize: 1 }, null)).totalPage).toBe(all.length);
    const [first] = (await listPhotographers(db, filter, page, null)).items;
    const admin = await insertPrincipal(db, ['ADMIN', 'USER']);
    await setPhotographerHidden(db, admin, first!.id, { reason: '도용된 사진' });
    const after = await listPhotographers(db, filter, page, null);
    expect(after.items.map((i) => i.id)).not.toContain(first!.id);
    // One a page: the total in pages is the total.
    expect((await listPhotographers(db, filter, { page: 0, pageSize: 1 }, null)).totalPage).toBe(all.length - 1);
    await setPhotographerHidden(db, admin, first!.id, null);
    expect((await listPhotographers(db, filter, page, null)).items[0]?.id).toBe(first!.id);
  });
});
