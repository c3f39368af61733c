import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDbForTests, type Db } from '#server/db/index';
import type { Principal } from '#server/auth/principal';
import { todayKst } from '#lib/deadline';
import { createPromotion, deletePromotion, savePromotion, type PromotionInput } from '#server/services/promotions';
import { photographerEventCards, listPhotographerPromotions } from '#server/services/photographer-promotions';
import { listPromotionCards } from '#server/services/promotion-lists';
import { listSavedClosingSoon } from '#server/services/saved-closing-soon';
import { photographerPage } from '#server/services/photographer-events-page';
import { getPhotographerDetails } from '#server/services/photographers';
import { insertMember, openTestDb } from '../support/db';
import { refusal } from '../support/refusal';

let db: Db;
let author: Principal;
let other: Principal;
let admin: Principal;
let reader: Principal;
const day = (offset: number) => todayKst(Date.now() + offset * 86_400_000);
const first = { page: 0, pageSize: 50 };

function input(patch: Partial<PromotionInput> = {}): PromotionInput {
  return {
    promotionType: 'FREE',
    title: '작가 페이지 이벤트',
    content: '무료 촬영',
    externalLink: 'https://example.com/apply',
    startedAt: day(0),
    endedAt: day(10),
    photographyTypes: ['SNAP'],
    images: [{ name: 'a.webp', url: '/media/a.webp' }],
    activeRegions: [{ category: '서울', name: '강남구' }],
    hashtags: [],
    isAuthorHidden: false,
    ...patch,
  };
}

async function principal(roles: string[]): Promise<Principal> {
  const m = await insertMember(db, { roles });
  return { id: m.id, type: m.type, roles: m.roles, nickname: m.nickname } as Principal;
}

async function withPage(p: Principal): Promise<void> {
  await db.query(
    `insert into photographer_pages (member_id, main_photography_types, description) values ($1, '{SNAP}', '소개')`,
    [p.id],
  );
}

/** Moves an event's dates (the API refuses a past start, so ended events are made here). */
async function setDates(id: number, start: number, end: number): Promise<void> {
  await db.query('update promotions set started_at = $2, ended_at = $3 where id = $1', [id, day(start), day(end)]);
}

beforeAll(async () => {
  db = await openTestDb();
  author = await principal(['PHOTOGRAPHER', 'USER']);
  other = await principal(['PHOTOGRAPHER', 'USER']);
  admin = await principal(['ADMIN', 'USER']);
  reader = await principal(['USER']);
  await withPage(author);
  await withPage(other);
});

afterAll(async () => {
  await db.close();
});

describe("a photographer's events", () => {
  it('lists current and upcoming newest first, ended apart; never hidden-author, deleted or others', async () => {
    const ongoing = await createPromotion(db, author, input());
    const upcoming = await createPromotion(db, author, input({ startedAt: day(2), endedAt: day(4) }));
    const closingToday = await createPromotion(db, author, input({ endedAt: day(0) }));
    const ended = await createPromotion(db, author, input());
    await setDates(ended.id, -10, -1);
    const endedLater = await createPromotion(db, author, input());
    await setDates(endedLater.id, -5, -2);
    const deleted = await createPromotion(db, author, input());
    await deletePromotion(db, author, deleted.id);
    // Hidden-author events name no author, so the author's page must not reveal them.
    const hidden = await createPromotion(db, admin, input({ isAuthorHidden: true }));
    await db.query('update promotions set author_id = $1 where id = $2', [author.id, hidden.id]);
    await createPromotion(db, other, input());

    const current = await listPhotographerPromotions(db, author.id, 'CURRENT', first, null);
    expect(current.items.map((e) => e.id)).toEqual([closingToday.id, upcoming.id, ongoing.id]);
    expect(current.items.map((e) => e.progressStatus)).toEqual(['ONGOING', 'UPCOMING', 'ONGOING']);
    expect(current.items.every((e) => e.author?.id === author.id && !e.isSaved)).toBe(true);

    const past = await listPhotographerPromotions(db, author.id, 'ENDED', first, null);
    expect(past.items.map((e) => e.id)).toEqual([endedLater.id, ended.id]);
    expect(past.items.every((e) => e.progressStatus === 'ENDED')).toBe(true);

    expect((await photographerEventCards(db, author.id, 'ENDED', first)).counts).toEqual({ CURRENT: 3, ENDED: 2 });
  });

  it('pages, marks the viewer’s saves, and answers 404 for a member without a photographer page', async () => {
    const p = await principal(['PHOTOGRAPHER', 'USER']);
    await withPage(p);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createPromotion(db, p, input())).id);
    await savePromotion(db, reader.id, ids[1] as number);
    const page1 = await listPhotographerPromotions(db, p.id, 'CURRENT', { page: 1, pageSize: 2 }, reader);
    expect(page1.items.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    expect(page1.items.map((e) => e.isSaved)).toEqual([false, true]);
    expect(page1).toMatchObject({ page: 1, pageSize: 2, totalPage: 3, hasNextPage: true, hasPreviousPage: true });
    const beyond = await listPhotographerPromotions(db, p.id, 'CURRENT', { page: 9, pageSize: 2 }, reader);
    expect(beyond.items).toEqual([]);
    expect(await refusal(listPhotographerPromotions(db, reader.id, 'CURRENT', first, null))).toMatchObject({
      status: 404,
      code: 'PHOTOGRAPHER_NOT_FOUND',
    });
  });

  it('shows its events as the same cards as the event lists', async () => {
    const p = await principal(['PHOTOGRAPHER', 'USER']);
    await withPage(p);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createPromotion(db, p, input({ title: `카드 ${i}` }))).id);
    const { counts, list: cards } = await photographerEventCards(db, p.id, 'CURRENT', first);
    expect(counts).toEqual({ CURRENT: 3, ENDED: 0 });
    expect(cards.items.map((c) => c.id)).toEqual([...ids].reverse());
    const everyEvent = { regions: [], categories: [], photographyTypes: [], sortType: 'LATEST' as const };
    const all = await listPromotionCards(db, everyEvent, { page: 0, pageSize: 100 });
    expect(cards.items).toEqual(all.items.filter((c) => ids.includes(c.id)));
    expect(cards.items[0]?.thumbnailUrl).toEqual(expect.any(String));
    // Page by page, the API's events and paging (the cards are a statement of their own).
    for (const page of [0, 1]) {
      const request = { page, pageSize: 2 };
      const api = await listPhotographerPromotions(db, p.id, 'CURRENT', request, null);
      const { list: paged } = await photographerEventCards(db, p.id, 'CURRENT', request);
      expect(paged.items.map((c) => c.id)).toEqual(api.items.map((i) => i.id));
      expect({ ...paged, items: [] }).toEqual({ ...api, items: [] });
    }
    // A page past the end (an old link) shows the last one; a tab with none, its empty first page.
    const { list: beyond } = await photographerEventCards(db, p.id, 'CURRENT', { page: 7, pageSize: 2 });
    expect(beyond).toMatchObject({ page: 1, totalPage: 2, items: [{ id: ids[0] }] });
    const { list: none } = await photographerEventCards(db, p.id, 'ENDED', { page: 3, pageSize: 2 });
    expect(none).toMatchObject({ page: 0, totalPage: 0, items: [] });
  });

  it("reads the photographer page's details and events block in one statement, as the API answers them", async () => {
    const p = await principal(['PHOTOGRAPHER', 'USER']);
    await withPage(p);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await createPromotion(db, p, input({ title: `페이지 ${i}` }))).id);
    await setDates(ids[0] as number, -20, -10);
    setDbForTests(db);
    try {
      const read = await photographerPage(p.id, { status: 'CURRENT', page: 0 });
      const details = await getPhotographerDetails(db, p.id, null);
      expect(read?.photographer).toMatchObject({ ...details, isSaved: false });
      expect(read?.photographer.pictures).toEqual([]);
      const cards = await photographerEventCards(db, p.id, 'CURRENT', { page: 0, pageSize: 10 });
      expect(read?.events).toEqual({
        status: 'CURRENT',
        counts: { CURRENT: 11, ENDED: 1 },
        page: 0,
        totalPage: 2,
        items: cards.list.items,
      });
      // A page past the end shows the last one; the ended tab its one event.
      const beyond = await photographerPage(p.id, { status: 'CURRENT', page: 5 });
      expect(beyond?.events).toMatchObject({ page: 1, totalPage: 2, items: [{ id: ids[1] }] });
      const ended = await photographerPage(p.id, { status: 'ENDED', page: 0 });
      expect(ended?.events.items.map((e) => e.id)).toEqual([ids[0]]);
      // The tab counts are kept, and an event written here is counted at once.
      await createPromotion(db, p, input({ title: '새 이벤트' }));
      expect((await photographerPage(p.id, { status: 'CURRENT', page: 0 }))?.events.counts).toEqual({
        CURRENT: 12,
        ENDED: 1,
      });
      // No page, or a hidden one: nothing to show.
      expect(await photographerPage(reader.id, { status: 'CURRENT', page: 0 })).toBeNull();
      await db.query('update photographer_pages set hidden_at = now() where member_id = $1', [p.id]);
      expect(await photographerPage(p.id, { status: 'CURRENT', page: 0 })).toBeNull();
    } finally {
      setDbForTests(null);
    }
  });

  it('walks the author index in order: no table scan and no sort', async () => {
    // Few rows here, so the planner would rightly scan; with scans and sorts priced out, a plan exists only
    // if an index gives this author's public events in id order.
    const text = await db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      await tx.query('set local enable_sort = off');
      const plan = await tx.query<Record<string, string>>(
        `explain select p.id from promotions p where p.author_id = $1 and p.deleted_at is null
           and not p.is_author_hidden and p.ended_at >= $2::date order by p.id desc limit 10`,
        [author.id, day(0)],
      );
      return plan.map((r) => Object.values(r).join(' ')).join('\n');
    });
    expect(text).toContain('promotions_author_public_idx');
    expect(text).not.toMatch(/Seq Scan|Sort/);
  });
});

describe('saved events closing soon', () => {
  it('lists the saved events ending today to D-3, soonest first; not ended, later or unsaved ones', async () => {
    const member = await principal(['USER']);
    const make = async (end: number, start = 0) => {
      const e = await createPromotion(db, other, input({ startedAt: day(Math.min(start, end)), endedAt: day(end) }));
      return e.id;
    };
    const today = await make(0);
    const tomorrow = await make(1);
    const d3 = await make(3);
    const d4 = await make(4);
    const ended = await make(5);
    await setDates(ended, -5, -1);
    const unsaved = await make(1);
    for (const id of [d3, today, tomorrow, d4, ended]) await savePromotion(db, member.id, id);
    const deleted = await make(2);
    await savePromotion(db, member.id, deleted);
    await deletePromotion(db, other, deleted);

    const soon = await listSavedClosingSoon(db, member.id, 3, first);
    expect(soon.items.map((e) => e.id)).toEqual([today, tomorrow, d3]);
    expect(soon.items.every((e) => e.isSaved)).toBe(true);
    expect(soon.items.map((e) => e.id)).not.toContain(unsaved);
    expect((await listSavedClosingSoon(db, member.id, 0, first)).items.map((e) => e.id)).toEqual([today]);
    expect((await listSavedClosingSoon(db, member.id, 3, { page: 1, pageSize: 2 })).items.map((e) => e.id)).toEqual([
      d3,
    ]);
  });
});
