import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/index';
import {
  createPromotion,
  deletePromotion,
  getPromotion,
  savePromotion,
  unsavePromotion,
  viewPromotionDetails,
  type PromotionInput,
} from '#server/services/promotions';
import { listPromotions, listSavedPromotions, type PromotionFilter } from '#server/services/promotion-lists';
import type { Principal } from '#server/auth/principal';
import { todayKst } from '#lib/deadline';
import { insertMember, openTestDb } from '../support/db';
import { refusal } from '../support/refusal';

let db: Db;
let author: Principal;
const marker = `mk${Math.random().toString(36).slice(2, 8)}`;

const day = (offset: number) => todayKst(Date.now() + offset * 86_400_000);

function input(patch: Partial<PromotionInput> = {}): PromotionInput {
  return {
    promotionType: 'FREE',
    title: '한강 야경 스냅 이벤트',
    content: `무료 촬영 ${marker}`,
    externalLink: 'https://example.com/apply',
    startedAt: day(0),
    endedAt: day(10),
    photographyTypes: ['SNAP'],
    images: [{ name: 'a.webp', url: '/media/a.webp' }],
    activeRegions: [{ category: '서울', name: '강남구' }],
    hashtags: ['야경'],
    isAuthorHidden: false,
    ...patch,
  };
}

const filter = (patch: Partial<PromotionFilter> = {}): PromotionFilter => ({
  regions: [],
  categories: [],
  photographyTypes: [],
  sortType: 'LATEST',
  keyword: marker,
  ...patch,
});

beforeAll(async () => {
  db = await openTestDb();
  const m = await insertMember(db, { roles: ['PHOTOGRAPHER', 'USER'] });
  author = { id: m.id, type: 'PHOTOGRAPHER', roles: ['PHOTOGRAPHER', 'USER'], nickname: m.nickname };
});

afterAll(async () => {
  await db.close();
});

describe('promotion lists', () => {
  it('filters by type, progress status, regions, categories and photography types', async () => {
    const upcoming = await createPromotion(
      db,
      author,
      input({ startedAt: day(3), endedAt: day(5), promotionType: 'DISCOUNT' }),
    );
    const ongoing = await createPromotion(db, author, input({ photographyTypes: ['PROFILE', 'SNAP'] }));
    const ended = await createPromotion(db, author, input({ activeRegions: [{ category: '부산', name: '해운대구' }] }));
    await db.query('update promotions set started_at = $2, ended_at = $3 where id = $1', [ended.id, day(-10), day(-1)]);
    const ids = async (f: Partial<PromotionFilter>) =>
      (await listPromotions(db, filter(f), { page: 0, pageSize: 100 }, null)).items.map((i) => i.id);
    // Open and upcoming events first, newest first; closed ones after them (decision 024).
    expect(await ids({})).toEqual([ongoing.id, upcoming.id, ended.id]);
    expect(await ids({ type: 'DISCOUNT' })).toEqual([upcoming.id]);
    expect(await ids({ progressStatus: 'UPCOMING' })).toEqual([upcoming.id]);
    expect(await ids({ progressStatus: 'ONGOING' })).toEqual([ongoing.id]);
    expect(await ids({ progressStatus: 'ENDED' })).toEqual([ended.id]);
    expect(await ids({ categories: ['부산'] })).toEqual([ended.id]);
    expect(await ids({ regions: ['서울 강남구'] })).toEqual([ongoing.id, upcoming.id]);
    expect(await ids({ regions: ['서울 서초구'], categories: ['부산'] })).toEqual([ended.id]);
    expect(await ids({ photographyTypes: ['PROFILE'] })).toEqual([ongoing.id]);
    expect(await ids({ photographyTypes: ['PROFILE'], type: 'DISCOUNT' })).toEqual([]);
    const page = await listPromotions(db, filter({ progressStatus: 'ENDED' }), { page: 0, pageSize: 10 }, null);
    expect(page.items[0]).toMatchObject({
      progressStatus: 'ENDED',
      isSaved: false,
      author: { id: author.id, isAdmin: false },
    });
  });

  it('searches Korean one- and two-syllable words, literally and case-insensitively', async () => {
    const tag = `${marker}s`;
    // `프로필` and `스냅` also reach their photography types (decision 024): a is a profile event only.
    const a = await createPromotion(
      db,
      author,
      input({ title: '프로필 촬영 100% 무료', content: `Seoul ${tag}`, photographyTypes: ['PROFILE'] }),
    );
    const b = await createPromotion(
      db,
      author,
      input({ title: '바다 스냅 할인', content: `부산 ${tag}`, hashtags: ['바다_스냅'] }),
    );
    const search = async (keyword: string) =>
      (await listPromotions(db, filter({ keyword }), { page: 0, pageSize: 100 }, null)).items
        .map((i) => i.id)
        .filter((id) => id === a.id || id === b.id);
    expect(await search('프로필')).toEqual([a.id]);
    expect(await search('스냅')).toEqual([b.id]);
    expect(await search('바')).toEqual([b.id]);
    expect(await search('%')).toEqual([a.id]);
    expect(await search('_')).toEqual([b.id]);
    expect(await search('SEOUL')).toEqual([a.id]);
    expect(await search('100%')).toEqual([a.id]);
    expect(await search('1%0')).toEqual([]);
  });

  it('walks every page of both sorts returning each item exactly once', async () => {
    const tag = `${marker}p`;
    const created: number[] = [];
    for (let i = 0; i < 23; i++)
      created.push((await createPromotion(db, author, input({ content: `페이지 ${tag}` }))).id);
    // Equal save counts force the id tie-breaker.
    for (const id of created.slice(0, 5)) await db.query('update promotions set save_count = 3 where id = $1', [id]);
    for (const sortType of ['LATEST', 'POPULAR'] as const) {
      const seen: number[] = [];
      for (let page = 0; ; page++) {
        const res = await listPromotions(db, filter({ keyword: tag, sortType }), { page, pageSize: 4 }, null);
        expect(res.totalPage).toBe(6);
        seen.push(...res.items.map((i) => i.id));
        if (res.isLastPage) break;
      }
      expect(seen).toHaveLength(23);
      expect(new Set(seen).size).toBe(23);
    }
    const empty = await listPromotions(db, filter({ keyword: `${tag}none` }), { page: 0, pageSize: 10 }, null);
    expect(empty).toMatchObject({ items: [], totalPage: 0, isLastPage: true, hasNextPage: false, isFirstPage: true });
  });
});

describe('authors in lists', () => {
  it('names each event’s author as the members row says, and a changed member at once after the change', async () => {
    const m = await insertMember(db, { roles: ['PHOTOGRAPHER', 'USER'] });
    const who: Principal = { id: m.id, type: 'PHOTOGRAPHER', roles: ['PHOTOGRAPHER', 'USER'], nickname: m.nickname };
    const word = `au${Math.random().toString(36).slice(2, 8)}`;
    await createPromotion(db, who, input({ title: `작가 이름 ${word}` }));
    const authorOf = async () =>
      (await listPromotions(db, filter({ keyword: word }), { page: 0, pageSize: 10 }, null)).items[0]?.author;
    expect(await authorOf()).toMatchObject({ id: m.id, nickname: m.nickname, roles: ['PHOTOGRAPHER', 'USER'] });
    const renamed = `새${word}`.slice(0, 12);
    await db.query('update members set nickname = $2, instagram_id = $3 where id = $1', [m.id, renamed, 'new_insta']);
    // Nothing about a member is kept: the next list reads the change.
    expect(await authorOf()).toMatchObject({ id: m.id, nickname: renamed, instagramId: 'new_insta' });
  });
});

describe('counters', () => {
  it('counts 50 concurrent viewers exactly, each once per Korean day', async () => {
    const p = await createPromotion(db, author, input());
    const viewers = Array.from({ length: 50 }, (_, i) => `a:viewer${i}`);
    const count = async () =>
      (await db.query<{ view_count: number }>('select view_count from promotions where id = $1', [p.id]))[0]
        ?.view_count;
    await Promise.all(viewers.map((v) => viewPromotionDetails(db, p.id, null, v)));
    expect(await count()).toBe(50);
    const again = await Promise.all(viewers.map((v) => viewPromotionDetails(db, p.id, null, v)));
    expect(await count()).toBe(50);
    expect(again.every((d) => d.viewCount === 50)).toBe(true);
    // The answer includes the view it counted.
    expect((await viewPromotionDetails(db, p.id, null, 'm:1')).viewCount).toBe(51);
    // The next day (Korea time) the same viewer counts again.
    const tomorrow = Date.now() + 86_400_000;
    expect((await viewPromotionDetails(db, p.id, null, 'a:viewer0', tomorrow)).viewCount).toBe(52);
  });

  it('keeps saveCount exact under concurrent saves and unsaves', async () => {
    const p = await createPromotion(db, author, input());
    const members = await Promise.all(Array.from({ length: 50 }, () => insertMember(db)));
    await Promise.all(members.map((m) => savePromotion(db, m.id, p.id)));
    let rows = await db.query<{ save_count: number }>('select save_count from promotions where id = $1', [p.id]);
    expect(rows[0]?.save_count).toBe(50);
    const results = await Promise.allSettled(
      members.flatMap((m, i) =>
        i % 2 === 0
          ? [unsavePromotion(db, m.id, p.id), unsavePromotion(db, m.id, p.id)]
          : [savePromotion(db, m.id, p.id)],
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(25);
    rows = await db.query<{ save_count: number }>('select save_count from promotions where id = $1', [p.id]);
    const saves = await db.query<{ n: number }>(
      'select count(*)::int as n from promotion_saves where promotion_id = $1',
      [p.id],
    );
    expect(rows[0]?.save_count).toBe(25);
    expect(saves[0]?.n).toBe(25);
  });

  it('saves: twice is 409, a missing event is 404, unsave of nothing is 404; saved list newest first', async () => {
    const [p1, p2] = [await createPromotion(db, author, input()), await createPromotion(db, author, input())];
    const reader = await insertMember(db);
    await savePromotion(db, reader.id, p1.id);
    await savePromotion(db, reader.id, p2.id);
    expect(await refusal(savePromotion(db, reader.id, p1.id))).toMatchObject({
      status: 409,
      code: 'ALREADY_PROMOTION_SAVE',
    });
    expect(await refusal(savePromotion(db, reader.id, 999_999_999))).toMatchObject({
      status: 404,
      code: 'PROMOTION_NOT_FOUND',
    });
    await expect(unsavePromotion(db, reader.id, 999_999_999)).rejects.toMatchObject({
      code: 'PROMOTION_SAVE_NOT_FOUND',
    });
    await db.query("update promotion_saves set created_at = now() + interval '1 second' where promotion_id = $1", [
      p1.id,
    ]);
    const saved = await listSavedPromotions(db, reader.id, { page: 0, pageSize: 10 });
    expect(saved.items.map((i) => i.id)).toEqual([p1.id, p2.id]);
    expect(saved.items.every((i) => i.isSaved)).toBe(true);
    await deletePromotion(db, author, p2.id);
    expect((await listSavedPromotions(db, reader.id, { page: 0, pageSize: 10 })).items.map((i) => i.id)).toEqual([
      p1.id,
    ]);
  });
});

describe('ADMIN', () => {
  it("may hide the author on creation and delete anyone's event; others may not hide", async () => {
    const adminRow = await insertMember(db, { roles: ['ADMIN', 'USER'], type: 'USER' });
    const admin: Principal = { id: adminRow.id, type: 'USER', roles: ['ADMIN', 'USER'], nickname: adminRow.nickname };
    expect(await refusal(createPromotion(db, author, input({ isAuthorHidden: true })))).toMatchObject({
      status: 403,
      code: 'PROMOTION_AUTHOR_HIDDEN_PERMISSION_DENIED',
    });
    const hidden = await createPromotion(db, admin, input({ isAuthorHidden: true }));
    const listed = await listPromotions(db, filter(), { page: 0, pageSize: 100 }, null);
    expect(listed.items.find((i) => i.id === hidden.id)).toMatchObject({ isAuthorHidden: true, author: null });
    const byAuthor = await createPromotion(db, author, input());
    await deletePromotion(db, admin, byAuthor.id);
    const gone = await listPromotions(db, filter(), { page: 0, pageSize: 100 }, null);
    expect(gone.items.some((i) => i.id === byAuthor.id)).toBe(false);
  });

  it('shows a hidden author to the author (admin or not any more) and to admins only', async () => {
    const adminRow = await insertMember(db, { roles: ['ADMIN', 'USER'], type: 'USER' });
    const admin: Principal = { id: adminRow.id, type: 'USER', roles: ['ADMIN', 'USER'], nickname: adminRow.nickname };
    const hidden = await createPromotion(db, admin, input({ isAuthorHidden: true }));
    const formerAdmin: Principal = { ...admin, roles: ['USER'] };
    const otherAdminRow = await insertMember(db, { roles: ['ADMIN', 'USER'], type: 'USER' });
    const otherAdmin: Principal = { ...admin, id: otherAdminRow.id, nickname: otherAdminRow.nickname };
    for (const viewer of [admin, formerAdmin, otherAdmin]) {
      expect((await viewPromotionDetails(db, hidden.id, viewer, `viewer:${viewer.id}`)).author?.id).toBe(admin.id);
      expect((await getPromotion(db, hidden.id, viewer)).authorId).toBe(admin.id);
    }
    for (const viewer of [null, author]) {
      expect(
        (await viewPromotionDetails(db, hidden.id, viewer, `viewer:${viewer?.id ?? 'anonymous'}`)).author,
      ).toBeNull();
      expect((await getPromotion(db, hidden.id, viewer)).authorId).toBeNull();
    }
  });
});
