/**
 * Issue 45: what Korean searchers type finds what it should. A table of queries and the events and
 * photographers each must and must not find, on documents written before migration 013 and rebuilt by
 * it (which must equal the application's own), and the order of the results: open events first, title
 * and name matches first. A database of its own: PGlite in memory, or a fresh PostgreSQL database in the
 * PostgreSQL pass (DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotographyType, Region } from '#lib/domain';
import { formatDayNumber, kstDayNumber } from '#lib/deadline';
import { openPglite, openPostgres, type Db } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import { loadMigrations } from '#server/db/migrations';
import { eventSearchDocument, photographerSearchDocument, searchGrams } from '#server/search/grams';
import { searchOverview } from '#server/services/browse';
import { listPhotographers, type PhotographerFilter } from '#server/services/photographers';
import { clearPromotionCounts } from '#server/services/promotion-counts';
import { listPromotions, type PromotionFilter } from '#server/services/promotion-lists';
import { insertEvents } from '#server/services/promotion-rows';

let db: Db;
let cleanup: () => Promise<void> = async () => undefined;

const day = (offset: number) => formatDayNumber(kstDayNumber(Date.now()) + offset);
const OPEN = { startedAt: day(-3), endedAt: day(20) };
const UPCOMING = { startedAt: day(5), endedAt: day(30) };
const CLOSED = { startedAt: day(-40), endedAt: day(-10) };
const r = (category: string, name: string): Region => ({ category, name });

interface EventFixture {
  title: string;
  content?: string;
  hashtags?: string[];
  types: PhotographyType[];
  regions: Region[];
  dates: { startedAt: string; endedAt: string };
}

/** Inserted in this order: a later one has a larger id (newer). */
const EVENTS: Record<string, EventFixture> = {
  family: {
    title: '가을 단풍 가족 스냅 11차',
    content: '단풍 아래에서 찍는 가족사진',
    hashtags: ['가족사진'],
    types: ['SNAP'],
    regions: [r('서울', '마포구')],
    dates: OPEN,
  },
  idPhoto: { title: '증명사진 30% 할인', types: ['ID_PHOTO'], regions: [r('서울', '강남구')], dates: OPEN },
  idSpaced: { title: '취준생 증명 사진 무료', types: ['ID_PHOTO'], regions: [r('경기', '수원')], dates: UPCOMING },
  body: { title: '바디프로필 모델 모집', types: ['PROFILE'], regions: [r('부산', '해운대구')], dates: OPEN },
  self: { title: '셀프사진관 1+1 이벤트', types: ['SELF'], regions: [r('서울', '성동구')], dates: OPEN },
  night: { title: '한강 야경 커플 스냅', types: ['SNAP'], regions: [r('서울', '용산구')], dates: CLOSED },
  percent: { title: '100%_할인 이벤트', types: ['CONCEPT'], regions: [r('대구', '수성구')], dates: OPEN },
  invisible: { title: '야간\u200b촬영 \ufeff이벤트', types: ['CONCEPT'], regions: [r('대전', '유성구')], dates: OPEN },
  spring: {
    title: '봄 프로필 촬영',
    content: '가족 스냅도 함께 찍어드려요',
    types: ['PROFILE'],
    regions: [r('인천', '연수구')],
    dates: OPEN,
  },
  familyClosed: { title: '가족 스냅 마감 이벤트', types: ['SNAP'], regions: [r('제주', '제주시')], dates: CLOSED },
};

interface PhotographerFixture {
  nickname: string;
  description: string;
  types: PhotographyType[];
  regions: Region[];
}

/** Inserted in this order, each registered later than the one before. */
const PHOTOGRAPHERS: Record<string, PhotographerFixture> = {
  bitdam: {
    nickname: '빛담 스튜디오',
    description: '가족 스냅 전문입니다',
    types: ['SNAP'],
    regions: [r('서울', '마포구')],
  },
  hangyeol: {
    nickname: '한결사진관',
    description: '증명사진 당일 보정, 스튜디오 촬영',
    types: ['ID_PHOTO'],
    regions: [r('서울', '강남구')],
  },
  haru: {
    nickname: '하루 프로필',
    description: '바디 프로필 전문',
    types: ['PROFILE'],
    regions: [r('부산', '수영구')],
  },
};

const eventIds: Record<string, number> = {};
const photographerIds: Record<string, number> = {};
const eventName = new Map<number, string>();
const photographerName = new Map<number, string>();

/** A document as written before migration 013: fields normalised and joined, grams with spaces. */
function oldDocument(parts: string[]): { text: string; grams: string[] } {
  const norm = (t: string) => t.normalize('NFC').toLowerCase().replace(/\s+/gu, ' ').trim();
  const lines = parts.map(norm).filter(Boolean);
  const grams = new Set<string>();
  for (const line of lines) {
    const chars = Array.from(line);
    chars.forEach((c, i) => {
      if (c !== ' ') grams.add(c);
      if (i + 1 < chars.length) grams.add(c + chars[i + 1]);
    });
  }
  return { text: lines.join('\n'), grams: [...grams] };
}

const regionParts = (regions: Region[]) => regions.flatMap((x) => [x.name, `${x.category} ${x.name}`]);

async function freshDb(): Promise<Db> {
  const url = process.env['DATABASE_URL'];
  if (!url) return openPglite('memory://');
  const admin = await openPostgres(url);
  const name = `search_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const fresh = await openPostgres(url.replace(/\/[^/?]+(\?.*)?$/, `/${name}`));
  cleanup = async () => {
    await fresh.close();
    await admin.query(`drop database ${name}`);
    await admin.close();
  };
  return fresh;
}

beforeAll(async () => {
  db = await freshDb();
  const all = loadMigrations();
  await migrate(
    db,
    all.filter((m) => m.id < 13),
  );
  let n = 0;
  for (const [key, p] of Object.entries(PHOTOGRAPHERS)) {
    n++;
    const [member] = await db.query<{ id: number }>(
      `insert into members (kakao_id, type, roles, nickname, gender, registered_at)
       values ($1, 'PHOTOGRAPHER', array['USER','PHOTOGRAPHER'], $2, 'FEMALE', now()) returning id`,
      [`search-${key}`, p.nickname],
    );
    const id = member!.id;
    const old = oldDocument([p.nickname, p.description, ...regionParts(p.regions)]);
    await db.query(
      `insert into photographer_pages (member_id, main_photography_types, regions, region_categories, description,
                                       search_text, search_grams, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(days => $8))`,
      [
        id,
        p.types,
        p.regions.map((x) => `${x.category} ${x.name}`),
        [...new Set(p.regions.map((x) => x.category))],
        p.description,
        old.text,
        old.grams,
        10 - n,
      ],
    );
    photographerIds[key] = id;
    photographerName.set(id, key);
  }
  const author = photographerIds['bitdam']!;
  for (const [key, e] of Object.entries(EVENTS)) {
    const [row] = await insertEvents<{ id: number }>(
      db,
      [
        {
          authorId: author,
          promotionType: 'FREE',
          title: e.title,
          content: e.content ?? `${e.title} 이벤트입니다.`,
          externalLink: 'https://example.com',
          ...e.dates,
          photographyTypes: e.types,
          images: [],
          activeRegions: e.regions,
          hashtags: e.hashtags ?? [],
          isAuthorHidden: false,
        },
      ],
      'p.id',
    );
    const id = row!.id;
    const old = oldDocument([
      e.title,
      e.content ?? `${e.title} 이벤트입니다.`,
      ...(e.hashtags ?? []),
      ...regionParts(e.regions),
    ]);
    await db.query('update promotions set search_text = $2, search_grams = $3 where id = $1', [
      id,
      old.text,
      old.grams,
    ]);
    eventIds[key] = id;
    eventName.set(id, key);
  }
  await migrate(db, all);
}, 120_000);

afterAll(async () => {
  // A fresh PostgreSQL database is closed and dropped by its cleanup; PGlite is only closed.
  if (process.env['DATABASE_URL']) await cleanup();
  else await db.close();
});

const base: PromotionFilter = { regions: [], categories: [], photographyTypes: [], sortType: 'LATEST' };
const people: PhotographerFilter = { regions: [], categories: [], photographyTypes: [], sort: 'LATEST' };

async function eventsFound(keyword: string): Promise<string[]> {
  clearPromotionCounts();
  const page = await listPromotions(db, { ...base, keyword }, { page: 0, pageSize: 50 }, null);
  return page.items.map((i) => eventName.get(i.id) ?? `other ${i.id}`);
}

async function photographersFound(keyword: string): Promise<string[]> {
  const page = await listPhotographers(db, { ...people, keyword }, { page: 0, pageSize: 50 }, null);
  return page.items.map((i) => photographerName.get(i.id) ?? `other ${i.id}`);
}

describe('migration 013 rebuilds the stored documents as the application writes them', () => {
  it('events', async () => {
    const rows = await db.query<{ id: number; search_text: string; search_grams: string[] }>(
      'select id, search_text, search_grams from promotions',
    );
    expect(rows).toHaveLength(Object.keys(EVENTS).length);
    for (const row of rows) {
      const e = EVENTS[eventName.get(row.id)!]!;
      const doc = eventSearchDocument({
        title: e.title,
        content: e.content ?? `${e.title} 이벤트입니다.`,
        hashtags: e.hashtags ?? [],
        regions: e.regions,
      });
      expect(row.search_text).toBe(doc.text);
      expect([...row.search_grams].sort()).toEqual([...doc.grams].sort());
    }
  });

  it('photographers', async () => {
    const rows = await db.query<{ member_id: number; search_text: string; search_grams: string[] }>(
      'select member_id, search_text, search_grams from photographer_pages',
    );
    for (const row of rows) {
      const p = PHOTOGRAPHERS[photographerName.get(row.member_id)!]!;
      const doc = photographerSearchDocument(p);
      expect(row.search_text).toBe(doc.text);
      expect([...row.search_grams].sort()).toEqual([...doc.grams].sort());
    }
  });
});

/** [query, events it must find, events it must not find, photographers it must find, must not find]. */
const TABLE: [string, string[], string[], string[], string[]][] = [
  // Spacing on either side does not matter; every word must match, in any order.
  ['가족스냅', ['family', 'spring', 'familyClosed'], ['idPhoto', 'night'], ['bitdam'], ['hangyeol']],
  ['가족 스냅', ['family', 'spring', 'familyClosed'], ['night', 'body'], ['bitdam'], ['haru']],
  ['증명 사진', ['idPhoto', 'idSpaced'], ['family'], ['hangyeol'], ['bitdam']],
  ['증명사진', ['idPhoto', 'idSpaced'], ['family', 'body'], ['hangyeol'], ['bitdam']],
  ['가을 스냅', ['family'], ['night', 'spring', 'familyClosed'], [], []],
  ['단풍 스냅', ['family'], ['night'], [], []],
  ['스냅 단풍', ['family'], ['night'], [], []],
  ['가을단풍', ['family'], ['night'], [], []],
  // The words people use for types and regions.
  ['SNAP', ['family', 'night', 'familyClosed'], ['idPhoto', 'body'], ['bitdam'], ['hangyeol']],
  ['snap', ['family', 'night'], ['self'], ['bitdam'], []],
  ['profile', ['body', 'spring'], ['family'], ['haru'], ['bitdam']],
  ['id photo', ['idPhoto', 'idSpaced'], ['family'], ['hangyeol'], []],
  ['증사', ['idPhoto', 'idSpaced'], ['family'], ['hangyeol'], []],
  ['바프', ['body'], ['family', 'idPhoto'], ['haru'], []],
  ['셀프사진관', ['self'], ['family'], [], ['bitdam']],
  ['서울 강남', ['idPhoto'], ['body', 'family'], ['hangyeol'], ['bitdam']],
  ['강남역', ['idPhoto'], ['family'], ['hangyeol'], []],
  ['홍대', ['family'], ['idPhoto'], ['bitdam'], ['hangyeol']],
  ['홍대 가족', ['family'], ['idPhoto', 'familyClosed'], ['bitdam'], []],
  // Initials of titles and names.
  ['ㄱㅈㅅㄴ', ['family', 'familyClosed'], ['spring', 'night'], [], ['bitdam']],
  ['ㅂㄷ', [], ['family'], ['bitdam'], ['hangyeol']],
  // One and two syllables, literal % and _, invisible characters.
  ['야경', ['night'], ['family'], [], []],
  ['냅', ['family', 'night'], ['idPhoto'], [], []],
  ['100%', ['percent'], ['idPhoto'], [], []],
  ['%', ['percent', 'idPhoto'], ['family', 'night'], [], ['bitdam']],
  ['_', ['percent'], ['idPhoto', 'family'], [], []],
  ['야간촬영', ['invisible'], ['night'], [], []],
  ['야간\u200b 촬영', ['invisible'], [], [], []],
  ['없는검색어', [], ['family'], [], ['bitdam']],
];

describe('migration 024 indexes the heads’ grams as the application writes them', () => {
  it('search_head_grams of every stored document is the grams of its first two lines', async () => {
    const rows = await db.query<{ text: string; grams: string[] }>(
      `select search_text as text, search_head_grams(search_text) as grams from promotions
       union all
       select search_text, search_head_grams(search_text) from photographer_pages`,
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) {
      const [name = '', initials = ''] = r.text.split('\n');
      const expected = new Set([...searchGrams(name), ...searchGrams(initials)]);
      expect(new Set(r.grams), r.text).toEqual(expected);
    }
  });
});

describe('queries find what they must, and nothing they must not', () => {
  it.each(TABLE)('%s', async (query, mustEvents, notEvents, mustPeople, notPeople) => {
    const events = await eventsFound(query);
    for (const e of mustEvents) expect(events, `${query} must find ${e}`).toContain(e);
    for (const e of notEvents) expect(events, `${query} must not find ${e}`).not.toContain(e);
    const found = await photographersFound(query);
    for (const p of mustPeople) expect(found, `${query} must find ${p}`).toContain(p);
    for (const p of notPeople) expect(found, `${query} must not find ${p}`).not.toContain(p);
  });
});

describe('order', () => {
  it('open and upcoming events first, closed ones after; title matches first within each', async () => {
    expect(await eventsFound('가족 스냅')).toEqual(['family', 'spring', 'familyClosed']);
  });

  it('the list without a keyword: open and upcoming events, newest first, then closed ones', async () => {
    clearPromotionCounts();
    const page = await listPromotions(db, base, { page: 0, pageSize: 50 }, null);
    const names = page.items.map((i) => eventName.get(i.id));
    const open = Object.keys(EVENTS)
      .filter((k) => EVENTS[k]!.dates !== CLOSED)
      .reverse();
    const closed = Object.keys(EVENTS)
      .filter((k) => EVENTS[k]!.dates === CLOSED)
      .reverse();
    expect(names).toEqual([...open, ...closed]);
    // Pages across the boundary of the parts.
    for (const pageSize of [3, 4, 7]) {
      const pages = [];
      for (let p = 0; p * pageSize < names.length; p++) {
        clearPromotionCounts();
        const got = await listPromotions(db, base, { page: p, pageSize }, null);
        pages.push(...got.items.map((i) => eventName.get(i.id)));
      }
      expect(pages, `pages of ${pageSize}`).toEqual(names);
    }
  });

  it('photographers whose name matches come before those whose description does', async () => {
    // 한결사진관 registered later (newest first), but 빛담 스튜디오 has the word in its name.
    expect(await photographersFound('스튜디오')).toEqual(['bitdam', 'hangyeol']);
  });

  it('the search overview shows the first open event with a title match', async () => {
    clearPromotionCounts();
    const overview = await searchOverview(db, '가족스냅');
    expect(overview.events.map((e) => eventName.get(e.id))).toEqual(['family']);
    expect(overview.photographers.map((p) => photographerName.get(p.id))).toEqual(['bitdam']);
  });
});

describe('suggestions and popular searches', () => {
  it('suggests titles and names holding every word typed, then types and regions', async () => {
    const { suggest } = await import('#server/services/suggestions');
    const items = await suggest(db, '가족');
    expect(items).toContainEqual({ kind: 'EVENT', text: '가을 단풍 가족 스냅 11차' });
    expect(items).toContainEqual({ kind: 'EVENT', text: '가족 스냅 마감 이벤트' });
    // 봄 프로필 촬영 holds 가족 only in its description: not suggested.
    expect(items.map((i) => i.text)).not.toContain('봄 프로필 촬영');
    expect(await suggest(db, '가족스ㄴ')).toContainEqual({ kind: 'EVENT', text: '가을 단풍 가족 스냅 11차' });
    expect(await suggest(db, '빛담')).toContainEqual({ kind: 'PHOTOGRAPHER', text: '빛담 스튜디오' });
    expect(await suggest(db, 'ㅂㄷ')).toContainEqual({ kind: 'PHOTOGRAPHER', text: '빛담 스튜디오' });
    expect(await suggest(db, '홍')).toContainEqual({ kind: 'REGION', text: '홍대' });
    expect(await suggest(db, 'sn')).toContainEqual({ kind: 'TYPE', text: 'snap' });
    expect(await suggest(db, '마포')).toContainEqual({ kind: 'REGION', text: '서울 마포구' });
    expect(await suggest(db, '  ')).toEqual([]);
  });

  it('answers the same whether the walk finds enough or the grams index is asked (issue 45, at 1M events)', async () => {
    const { suggest, SUGGESTION_READS } = await import('#server/services/suggestions');
    const events = (items: { kind: string; text: string }[]) => items.filter((i) => i.kind === 'EVENT');
    const walked = await suggest(db, '가족', Date.now(), { walk: 1_000, fallback: 1_000 });
    // The newest open event alone is walked: the others come from the index, open ones first.
    const looked = await suggest(db, '가족', Date.now(), { walk: 1, fallback: 1_000 });
    expect(events(looked)).toEqual(events(walked));
    expect(await suggest(db, '가족')).toEqual(walked);
    expect(events(walked).map((e) => e.text)).toEqual(['가을 단풍 가족 스냅 11차', '가족 스냅 마감 이벤트']);
    // The walk alone (the index asked for nothing): open events only, newest first.
    const only = await suggest(db, '가족', Date.now(), { walk: 1_000, fallback: 0 });
    expect(events(only).map((e) => e.text)).toEqual(['가을 단풍 가족 스냅 11차']);
    expect(SUGGESTION_READS.walk).toBeGreaterThanOrEqual(SUGGESTION_READS.fallback);
    // Names and initials through the heads' grams index alike.
    for (const typed of ['빛담', 'ㅂㄷ']) {
      const names = (await suggest(db, typed, Date.now(), { walk: 0, fallback: 1_000 })).filter(
        (i) => i.kind === 'PHOTOGRAPHER',
      );
      expect(names, typed).toContainEqual({ kind: 'PHOTOGRAPHER', text: '빛담 스튜디오' });
    }
  });

  it('counts searches that find something, per day, and lists the most searched of the last 7 days', async () => {
    const { popularSearches, recordSearch } = await import('#server/services/suggestions');
    const now = Date.now();
    expect(await recordSearch(db, '가족스냅', now)).toBe(true);
    expect(await recordSearch(db, '가족스냅', now)).toBe(true);
    expect(await recordSearch(db, '  홍대 ', now)).toBe(true);
    expect(await recordSearch(db, '없는검색어', now)).toBe(false);
    // Eight days ago is outside the window.
    for (let i = 0; i < 5; i++) expect(await recordSearch(db, '야경', now - 8 * 86_400_000)).toBe(true);
    expect(await popularSearches(db, now)).toEqual(['가족스냅', '홍대']);
    const columns = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'search_counts' order by 1`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['count', 'day', 'keyword']);
  });
});
