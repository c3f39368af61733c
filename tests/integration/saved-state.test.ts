/**
 * A member's own part of shared answers (saved-state.ts): which events and photographers they saved,
 * with live counts, as the batched answer and laid over shared list pages. PGlite in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotographerListItem, PromotionListItem } from '#lib/contract';
import { toPage, type Page } from '#lib/page';
import type { Principal } from '#server/auth/principal';
import { setDbForTests, type Db } from '#server/db/index';
import { savePhotographer } from '#server/services/photographers';
import { createPromotion, savePromotion } from '#server/services/promotions';
import { savedState, withPhotographerSaves, withPromotionSaves } from '#server/services/saved-state';
import { todayKst } from '#lib/deadline';
import { insertMember, openTestDb } from '../support/db';

let db: Db;
let saver: number;
let events: number[];
let photographers: number[];

/** A shared page of these items as another reader left it: nothing saved, counts as they were. */
const sharedPage = <T>(items: T[]): Page<T> => toPage(items, items.length, { page: 0, pageSize: 12 });

beforeAll(async () => {
  db = await openTestDb();
  setDbForTests(db);
  const author = await insertMember(db, { roles: ['PHOTOGRAPHER', 'USER'] });
  const principal: Principal = { id: author.id, type: 'PHOTOGRAPHER', roles: ['PHOTOGRAPHER', 'USER'], nickname: '' };
  events = [];
  for (const title of ['저장할 이벤트', '안 저장할 이벤트']) {
    const p = await createPromotion(db, principal, {
      promotionType: 'FREE',
      title,
      content: '내용',
      externalLink: 'https://example.com/apply',
      startedAt: todayKst(),
      endedAt: todayKst(Date.now() + 5 * 86_400_000),
      photographyTypes: ['SNAP'],
      images: [],
      activeRegions: [{ category: '서울', name: '강남구' }],
      hashtags: [],
      isAuthorHidden: false,
    });
    events.push(p.id);
  }
  photographers = [];
  for (let i = 0; i < 2; i++) {
    const m = await insertMember(db, { roles: ['PHOTOGRAPHER', 'USER'] });
    await db.query(
      `insert into photographer_pages (member_id, main_photography_types, regions, region_categories)
       values ($1, '{SNAP}', '{}', '{}')`,
      [m.id],
    );
    photographers.push(m.id);
  }
  saver = (await insertMember(db)).id;
  await savePromotion(db, saver, events[0] as number);
  await savePhotographer(db, saver, photographers[0] as number);
});

afterAll(async () => {
  setDbForTests(null);
  await db.close();
});

describe('saved state', () => {
  it('answers the saved ids and live counts of the asked ids that exist', async () => {
    const state = await savedState(db, saver, [...events, 999_999], [...photographers, 999_998]);
    expect(state.promotionIds).toEqual([events[0]]);
    expect(state.photographerIds).toEqual([photographers[0]]);
    expect(state.promotionCounts).toEqual({ [String(events[0])]: 1, [String(events[1])]: 0 });
    expect(state.photographerCounts).toEqual({ [String(photographers[0])]: 1, [String(photographers[1])]: 0 });
  });

  it('lays the member’s saves and live counts over a shared event page', async () => {
    const items = [...events, 999_999].map((id) => ({ id, isSaved: false, saveCount: 7 }) as PromotionListItem);
    const page = await withPromotionSaves(db, saver, sharedPage(items));
    expect(page.items.map((i) => [i.id, i.isSaved, i.saveCount])).toEqual([
      [events[0], true, 1],
      [events[1], false, 0],
      [999_999, false, 7],
    ]);
  });

  it('lays the member’s saves over a shared photographer page', async () => {
    const items = [...photographers].map((id) => ({ id, isSaved: true }) as PhotographerListItem);
    const page = await withPhotographerSaves(db, saver, sharedPage(items));
    expect(page.items.map((i) => [i.id, i.isSaved])).toEqual([
      [photographers[0], true],
      [photographers[1], false],
    ]);
  });

  it('answers nothing saved for no ids', async () => {
    expect((await withPromotionSaves(db, saver, sharedPage<PromotionListItem>([]))).items).toEqual([]);
    expect(await savedState(db, saver, [], [])).toEqual({
      promotionIds: [],
      photographerIds: [],
      promotionCounts: {},
      photographerCounts: {},
    });
  });
});
