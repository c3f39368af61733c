/**
 * What an uncached render costs the database: the statements each public page's data and each list
 * answer sends, held to the budget of docs/decisions/008-render-cost.md (kept totals forgotten first,
 * so this is the worst case). And the lean page queries give exactly the rows the API's lists give.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDbForTests, type Db } from '#server/db/index';
import { isPlannedGeneric } from '#server/db/plan-generic';
import { countRoundTrips, type RoundTrips } from '#server/db/round-trips';
import { generateEvents, seedDemoData, type ImageMaker } from '#server/seed/seed';
import { eventDetail, eventList, homeFeed, HOME_EVENTS, photographerList, search } from '#server/services/browse';
import { photographerPage } from '#server/services/photographer-events-page';
import { parsePhotographerFilter, parsePromotionFilter } from '#server/http/list-query';
import { routeInput } from '#server/cache/routes';
import { clearStore } from '#server/cache/store';
import { clearPromotionCounts } from '#server/services/promotion-counts';
import { listPhotographers } from '#server/services/photographers';
import { listPromotionCards, listPromotions, type PromotionFilter } from '#server/services/promotion-lists';
import { withPromotionSaves } from '#server/services/saved-state';
import { memberListAnswer } from '#server/http/list-endpoint';
import { promotionListApi } from '#server/http/public-lists';
import type { Principal } from '#server/auth/principal';
import { openTestDb } from '../support/db';

/** The decision record's budget: statements per render with no kept total. */
const BUDGET = {
  home: 1,
  list: 2,
  /** The list API: its total and its rows (with their authors). */
  listApi: 2,
  /** The event's and the photographers' totals (each chooses its part's plan), then both parts' rows. */
  searchOverview: 3,
  detail: 1,
  /** The page with its events block's tab counts and that tab's cards. */
  photographerPage: 1,
} as const;

let raw: Db;
let rt: RoundTrips;
let eventId: number;
let photographerId: number;
const fakeImage: ImageMaker = async (_owner, kind, seed) => ({
  name: `${kind}-${seed}.jpg`,
  url: `/media/t/${seed}.webp`,
});

beforeAll(async () => {
  raw = await openTestDb();
  await seedDemoData(raw, fakeImage);
  await generateEvents(raw, 600);
  // The table's size as the planner and the walk-or-sort choice read it (PostgreSQL's autovacuum would
  // have analysed it by the time anyone reads; PGlite analyses after generating).
  await raw.query('analyze promotions');
  rt = countRoundTrips(raw);
  setDbForTests(rt.db);
  eventId = (await listPromotions(raw, parsePromotionFilter(new URLSearchParams()), { page: 0, pageSize: 1 }, null))
    .items[0]!.id;
  photographerId = (
    await listPhotographers(raw, parsePhotographerFilter(new URLSearchParams()), { page: 0, pageSize: 1 }, null)
  ).items[0]!.id;
}, 120_000);

afterAll(async () => {
  setDbForTests(null);
  await raw.close();
});

/** The statements `render` sends with no kept total. */
async function statementsOf(render: () => Promise<unknown>): Promise<string[]> {
  clearPromotionCounts();
  rt.reset();
  await render();
  return [...rt.statements];
}

const q = (s: string) => new URLSearchParams(s);
/** A page's URL with this query string (the routes read the input of their render from it). */
const at = (s: string) => new URL(`http://localhost/?${s}`);

describe('round trips per uncached render', () => {
  it.each([
    ['/', BUDGET.home, () => homeFeed()],
    ['/events', BUDGET.list, () => eventList(routeInput('events', at('')))],
    [
      '/events?regions=서울&photographyTypes=SNAP',
      BUDGET.list,
      () => eventList(routeInput('events', at('regions=서울&photographyTypes=SNAP'))),
    ],
    [
      '/events?sortType=POPULAR&page=2',
      BUDGET.list,
      () => eventList(routeInput('events', at('sortType=POPULAR&page=2'))),
    ],
    ['/photographers', BUDGET.list, () => photographerList(routeInput('photographers', at('')))],
    ['/search (overview)', BUDGET.searchOverview, () => search(routeInput('search', at('searchKeyword=스냅')))],
    ['/search (events)', BUDGET.list, () => search(routeInput('search', at('searchKeyword=야경&state=PROMOTION')))],
    [
      '/search (photographers)',
      BUDGET.list,
      () => search(routeInput('search', at('searchKeyword=스냅&state=PHOTOGRAPHER'))),
    ],
    ['/event/:id', BUDGET.detail, () => eventDetail(eventId)],
    [
      '/photographer/:id',
      BUDGET.photographerPage,
      () => photographerPage(photographerId, { status: 'CURRENT', page: 0 }),
    ],
  ] as const)('%s stays within %i', async (_page, budget, render) => {
    const statements = await statementsOf(render);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(budget);
    expect(statements.length).toBeGreaterThan(0);
  });

  it.each([
    ['first page', ''],
    ['search', 'searchKeyword=야경'],
    ['region+type', 'regions=서울&photographyTypes=SNAP'],
    ['POPULAR', 'sortType=POPULAR'],
  ])('the list API (%s) stays within its budget, and a kept total leaves one', async (_name, query) => {
    const filter = parsePromotionFilter(q(query));
    const page = { page: 0, pageSize: 10 };
    const cold = await statementsOf(() => listPromotions(rt.db, filter, page, null));
    expect(cold.length, cold.join('\n')).toBeLessThanOrEqual(BUDGET.listApi);
    rt.reset();
    const kept = await listPromotions(rt.db, filter, page, null);
    expect(rt.statements).toHaveLength(1);
    expect(kept).toEqual(await listPromotions(raw, filter, page, null));
  });

  it('the pages everyone opens first are planned once: their statements carry no parameters', async () => {
    const once = (statements: string[]) => statements.filter((s) => !/\$\d/.test(s));
    const home = await statementsOf(() => homeFeed());
    expect(once(home)).toEqual(home);
    await eventList(routeInput('events', at(''))); // keeps the total
    rt.reset();
    await eventList(routeInput('events', at('')));
    expect(once(rt.statements)).toEqual(rt.statements);
    const cold = await statementsOf(() => photographerList(routeInput('photographers', at(''))));
    expect(once(cold)).toEqual(cold);
    rt.reset();
    await photographerList(routeInput('photographers', at('')));
    expect(rt.statements).toHaveLength(1);
    expect(once(rt.statements)).toEqual(rt.statements);
    // A visitor's own choices stay parameters: a filter, a keyword, a later page (the rows' statement;
    // an unfiltered count has no parameters anyway).
    const rows = (statements: string[]) => statements.filter((s) => /\blimit\b/.test(s));
    for (const query of ['regions=서울', 'searchKeyword=야경&state=PROMOTION', 'page=2']) {
      const filtered = rows(await statementsOf(() => search(routeInput('search', at(`state=PROMOTION&${query}`)))));
      expect(filtered, query).toHaveLength(1);
      expect(once(filtered), query).toEqual([]);
    }
    const later = await statementsOf(() => photographerList(routeInput('photographers', at('page=1'))));
    expect(rows(later)).toHaveLength(1);
    expect(once(rows(later))).toEqual([]);
  });

  it('the event and photographer pages, read by their ids, are planned once for any id', async () => {
    const event = await statementsOf(() => eventDetail(eventId));
    const photographer = await statementsOf(() => photographerPage(photographerId, { status: 'ENDED', page: 0 }));
    for (const statement of [...event, ...photographer]) expect(isPlannedGeneric(statement), statement).toBe(true);
  });

  it('a list page that walks is planned once for any values; a sort of the matches and a count per call', async () => {
    const rows = (statements: string[]) => statements.filter((s) => /\blimit\b/.test(s));
    const counts = (statements: string[]) => statements.filter((s) => /count\(\*\)/.test(s));
    const sorts = (s: string) => /\+ 0 desc/.test(s);
    const member = { id: 1, type: 'USER', roles: ['USER'], nickname: '회원' } as Principal;
    const seen: string[] = [];
    for (const query of [
      '',
      'type=FREE',
      'sortType=POPULAR&progressStatus=ONGOING',
      'regions=서울&photographyTypes=SNAP',
      'searchKeyword=야경',
    ]) {
      clearPromotionCounts();
      const filter = parsePromotionFilter(q(query));
      const statements = await statementsOf(() => listPromotions(rt.db, filter, { page: 0, pageSize: 10 }, member));
      const later = await statementsOf(() => eventList(routeInput('events', at(`${query}&page=2`))));
      // A last page reads about as many rows walking as the filter has matches: it sorts them.
      const { totalPage } = await listPromotions(raw, filter, { page: 0, pageSize: 10 }, member);
      const last = await statementsOf(() =>
        listPromotions(rt.db, filter, { page: totalPage - 1, pageSize: 10 }, member),
      );
      for (const s of [...rows(statements), ...rows(later), ...rows(last)]) {
        expect(isPlannedGeneric(s), `${query}: ${s}`).toBe(!sorts(s));
        seen.push(sorts(s) ? 'sort' : 'walk');
      }
      // The count's plan follows its values (an index-only scan, or the grams index): never marked.
      expect(counts(statements).filter(isPlannedGeneric), query).toEqual([]);
    }
    // Both kinds were met.
    expect(new Set(seen)).toEqual(new Set(['walk', 'sort']));
  });

  it('the photographer page counts its tabs once, then reads them kept: the same events block', async () => {
    const read = () => photographerPage(photographerId, { status: 'CURRENT', page: 0 });
    const cold = await statementsOf(read);
    expect(cold).toHaveLength(1);
    expect(cold[0]).toContain('count(*)');
    rt.reset();
    const again = await read();
    expect(rt.statements).toHaveLength(1);
    expect(rt.statements[0]).not.toContain('count(*)');
    clearPromotionCounts();
    expect((await read())?.events).toEqual(again?.events);
  });

  /** The first member, with the `nth` event of the first page saved, for `run`; the save undone after. */
  async function withOneSave(
    nth: number,
    run: (member: Principal, saved: number, request: { page: number; pageSize: number }) => Promise<void>,
  ) {
    const request = { page: 0, pageSize: 10 };
    const [saver] = await raw.query<{ id: number }>('select id from members order by id limit 1');
    const member = { id: saver!.id, type: 'USER', roles: ['USER'], nickname: '회원' } as Principal;
    const saved = (await listPromotions(raw, parsePromotionFilter(q('')), request, null)).items[nth]!.id;
    await raw.query('insert into promotion_saves (member_id, promotion_id) values ($1, $2) on conflict do nothing', [
      member.id,
      saved,
    ]);
    try {
      await run(member, saved, request);
    } finally {
      await raw.query('delete from promotion_saves where member_id = $1 and promotion_id = $2', [member.id, saved]);
    }
  }

  it('a member’s list answer is the shared answer and one statement for their part, the same answer', () =>
    withOneSave(1, async (member, saved, request) => {
      const input = { filter: parsePromotionFilter(q('')), page: request };
      clearStore();
      // The shared answer exists (an anonymous or another member's call made it): only the overlay is read.
      await memberListAnswer(rt.db, promotionListApi, input, member);
      rt.reset();
      const answer = await memberListAnswer(rt.db, promotionListApi, input, member);
      clearStore();
      expect(rt.statements, rt.statements.join('\n')).toHaveLength(1);
      expect(rt.statements[0]).toContain('promotion_saves');
      const expected = await withPromotionSaves(raw, member.id, await listPromotions(raw, input.filter, request, null));
      expect(answer).toEqual(expected);
      expect(answer.items.filter((i) => i.isSaved).map((i) => i.id)).toContain(saved);
    }));

  it('the photographers list API stays within the list budget', async () => {
    const statements = await statementsOf(() =>
      listPhotographers(rt.db, parsePhotographerFilter(q('')), { page: 0, pageSize: 12 }, null),
    );
    expect(statements.length).toBeLessThanOrEqual(BUDGET.list);
  });

  it('no list statement reads an event body', async () => {
    const statements = await statementsOf(async () => {
      await homeFeed();
      await eventList(routeInput('events', at('')));
      await listPromotions(rt.db, parsePromotionFilter(q('')), { page: 0, pageSize: 10 }, null);
    });
    for (const s of statements) expect(s).not.toMatch(/p\.content|p\.\*\s+from promotions/);
  });
});

describe('keyword walks', () => {
  it.each(['야경', '스냅', 'a'])('test the grams only through their index, never row by row (%s)', async (keyword) => {
    for (const page of [0, 5]) {
      const statements = await statementsOf(() =>
        listPromotions(rt.db, parsePromotionFilter(q(`searchKeyword=${keyword}`)), { page, pageSize: 10 }, null),
      );
      for (const s of statements.filter((x) => x.includes('search_grams'))) {
        expect(s.replaceAll('search_grams_key(p.search_grams)', '')).not.toContain('search_grams');
      }
    }
  });
});

describe('lean page queries, same rows', () => {
  const base: PromotionFilter = { regions: [], categories: [], photographyTypes: [], sortType: 'LATEST' };

  it.each([
    ['everything', base],
    ['POPULAR', { ...base, sortType: 'POPULAR' }],
    ['a keyword', { ...base, keyword: '야경' }],
    ['region and type', { ...base, categories: ['서울'], photographyTypes: ['SNAP'] }],
    ['ended, free', { ...base, progressStatus: 'ENDED', type: 'FREE' }],
  ] as [string, PromotionFilter][])('event cards list the API list’s events (%s)', async (_name, filter) => {
    for (const page of [0, 1, 3]) {
      const request = { page, pageSize: 10 };
      const items = await listPromotions(raw, filter, request, null);
      const cards = await listPromotionCards(raw, filter, request);
      expect(cards.items.map((c) => c.id)).toEqual(items.items.map((i) => i.id));
      expect(cards.totalPage).toBe(items.totalPage);
      expect(cards.items.map((c) => [c.title, c.saveCount, c.activeRegions, c.photographyTypes])).toEqual(
        items.items.map((i) => [i.title, i.saveCount, i.activeRegions, i.photographyTypes]),
      );
    }
  });

  it('the home feed is the newest ongoing events, then the newest upcoming ones', async () => {
    const first = { page: 0, pageSize: HOME_EVENTS };
    const ongoing = await listPromotions(raw, { ...base, progressStatus: 'ONGOING' }, first, null);
    const upcoming = await listPromotions(raw, { ...base, progressStatus: 'UPCOMING' }, first, null);
    const expected = [...ongoing.items, ...upcoming.items].slice(0, HOME_EVENTS).map((i) => i.id);
    expect(expected).toHaveLength(HOME_EVENTS);
    expect((await homeFeed()).events.map((e) => e.id)).toEqual(expected);
  });

  it('the home feed’s photographers are the photographer list’s first, newest first', async () => {
    const list = await listPhotographers(raw, parsePhotographerFilter(q('')), { page: 0, pageSize: 4 }, null);
    expect(list.items).toHaveLength(4);
    expect((await homeFeed()).photographers.map((p) => p.id)).toEqual(list.items.map((p) => p.id));
  });

  it('the search overview shows the first event and photographers of the keyword’s own lists', async () => {
    for (const keyword of ['스냅', '야경', '서울']) {
      const overview = await search(routeInput('search', at(`searchKeyword=${keyword}`)));
      const events = await search(routeInput('search', at(`searchKeyword=${keyword}&state=PROMOTION`)));
      const photographers = await search(routeInput('search', at(`searchKeyword=${keyword}&state=PHOTOGRAPHER`)));
      if (overview.state !== 'OVERVIEW' || events.state !== 'PROMOTION' || photographers.state !== 'PHOTOGRAPHER')
        throw new Error('unexpected states');
      expect(overview.events, keyword).toEqual(events.list.items.slice(0, 1));
      expect(overview.photographers, keyword).toEqual(photographers.list.items.slice(0, 2));
    }
    const none = await search(routeInput('search', at('searchKeyword=없는검색어조합')));
    expect(none).toMatchObject({ events: [], photographers: [] });
  });

  it('the event page reads its author with the event, and none when hidden', async () => {
    const pick = (hidden: boolean) =>
      raw.query<{ id: number; author_id: number }>(
        'select id, author_id from promotions where is_author_hidden = $1 and deleted_at is null limit 1',
        [hidden],
      );
    const [shown] = await pick(false);
    const detail = await eventDetail(shown!.id);
    expect(detail?.author?.id).toBe(shown!.author_id);
    expect(detail?.author?.nickname).toBeTruthy();
    const [hidden] = await pick(true);
    if (hidden) expect((await eventDetail(hidden.id))?.author).toBeNull();
  });
});
