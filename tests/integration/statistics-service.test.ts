/**
 * Statistics at the service level, on PGlite and on PostgreSQL (issue 43): the numbers the statistics
 * answers give — read from the daily aggregates only — equal the counts of the raw rows they stand for
 * (views, saves, apply-link clicks, applications, selections, completed shoots), in total, per day and per
 * event; a click counts once per viewer a day; the operator's numbers move with each thing that counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '#lib/deadline';
import type { Principal } from '#server/auth/principal';
import type { Db } from '#server/db/index';
import { applyTo, moveApplication } from '#server/services/applications';
import { findOrCreateByKakaoId } from '#server/services/members';
import { followApplyLink, pruneViews } from '#server/services/promotion-views';
import {
  createPromotion,
  savePromotion,
  unsavePromotion,
  viewPromotionDetails,
  type PromotionInput,
} from '#server/services/promotions';
import { writeReview } from '#server/services/reviews';
import { photographerStats, siteStats, statsPeriod } from '#server/services/statistics';
import { insertMember, openTestDb } from '../support/db';

let db: Db;
const DAY = 86_400_000;
const day = (offset: number) => todayKst(Date.now() + offset * DAY);

async function member(roles: ('USER' | 'PHOTOGRAPHER')[] = ['USER']): Promise<Principal> {
  const m = await insertMember(db, { roles });
  return { id: m.id, type: roles.includes('PHOTOGRAPHER') ? 'PHOTOGRAPHER' : 'USER', roles, nickname: m.nickname };
}

async function photographer(): Promise<Principal> {
  const p = await member(['PHOTOGRAPHER', 'USER']);
  await db.query(
    `insert into photographer_pages (member_id, main_photography_types, regions, region_categories, description)
     values ($1, '{SNAP}', '{서울 강남구}', '{서울}', '소개')`,
    [p.id],
  );
  return p;
}

function event(patch: Partial<PromotionInput> = {}): PromotionInput {
  return {
    promotionType: 'FREE',
    title: '통계 스냅 무료 촬영',
    content: '신청해 주세요',
    externalLink: 'https://forms.gle/stats',
    startedAt: day(0),
    endedAt: day(10),
    photographyTypes: ['SNAP'],
    images: [{ name: 'a.webp', url: '/media/a.webp' }],
    activeRegions: [{ category: '서울', name: '강남구' }],
    hashtags: ['가족'],
    isAuthorHidden: false,
    applyMode: 'BOTH',
    capacity: 5,
    showPlacesLeft: false,
    asksInstagram: false,
    asksPhotos: false,
    ...patch,
  };
}

/** The raw rows' counts of the events `ids`, per event and Korean day. */
async function rawCounts(ids: number[]) {
  const rows = await db.query<{ promotion_id: number; day: string; kind: string; n: number }>(
    `select promotion_id, day::text as day, 'views' as kind, count(*)::int as n from promotion_views
      where promotion_id = any($1::int[]) group by 1, 2
     union all
     select promotion_id, day::text, 'clicks', count(*)::int from promotion_clicks
      where promotion_id = any($1::int[]) group by 1, 2
     union all
     select promotion_id, ((created_at at time zone 'Asia/Seoul')::date)::text, 'saves', count(*)::int
       from promotion_saves where promotion_id = any($1::int[]) group by 1, 2
     union all
     select promotion_id, ((created_at at time zone 'Asia/Seoul')::date)::text, 'applications', count(*)::int
       from applications where promotion_id = any($1::int[]) group by 1, 2
     union all
     select a.promotion_id, ((h.at at time zone 'Asia/Seoul')::date)::text,
            case h.to_status when 'SELECTED' then 'selections' else 'completions' end, count(*)::int
       from application_history h join applications a on a.id = h.application_id
      where a.promotion_id = any($1::int[]) and h.to_status in ('SELECTED', 'COMPLETED') group by 1, 2, 3`,
    [ids],
  );
  return rows;
}

const KINDS = ['views', 'saves', 'clicks', 'applications', 'selections', 'completions'] as const;
const sum = (rows: { kind: string; n: number }[], kind: string) =>
  rows.filter((r) => r.kind === kind).reduce((a, r) => a + r.n, 0);

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db.close();
});

describe("a photographer's statistics", () => {
  it('equal the counts of the raw rows: in total, per day and per event', async () => {
    const author = await photographer();
    const both = await createPromotion(db, author, event());
    const link = await createPromotion(db, author, event({ applyMode: 'LINK', capacity: null, title: '링크 이벤트' }));
    const inApp = await createPromotion(
      db,
      author,
      event({ applyMode: 'IN_APP', externalLink: '', title: '앱 이벤트' }),
    );
    const people = await Promise.all([member(), member(), member(), member()]);
    const [a, b, c, d] = people as [Principal, Principal, Principal, Principal];

    // Views: three viewers, one of them twice (counts once), of two events.
    for (const viewer of ['v-a', 'v-b', 'v-a', 'v-c']) await viewPromotionDetails(db, both.id, null, viewer);
    await viewPromotionDetails(db, link.id, null, 'v-a');
    // Clicks: two viewers on `both`, one of them twice; one on `link`; none on the in-app event (no link).
    expect(await followApplyLink(db, both.id, 'v-a')).toEqual({ link: 'https://forms.gle/stats', counted: true });
    expect(await followApplyLink(db, both.id, 'v-a')).toEqual({ link: 'https://forms.gle/stats', counted: false });
    expect(await followApplyLink(db, both.id, 'v-b')).toMatchObject({ counted: true });
    expect(await followApplyLink(db, link.id, 'v-b')).toMatchObject({ counted: true });
    expect(await followApplyLink(db, inApp.id, 'v-b')).toBeNull();
    // Saves: three, one taken back.
    for (const m of [a, b, c]) await savePromotion(db, m.id, both.id);
    await savePromotion(db, d.id, inApp.id);
    await unsavePromotion(db, c.id, both.id);
    // Applications: three on `both`, two selected, one of them completed; one on the in-app event.
    const apps = [];
    for (const m of [a, b, c]) apps.push(await applyTo(db, m, both.id, { introduction: '안녕하세요', consent: true }));
    await applyTo(db, d, inApp.id, { introduction: '안녕하세요', consent: true });
    for (const app of apps.slice(0, 2))
      await moveApplication(db, author, app.id, { to: 'SELECTED', shootAt: new Date().toISOString(), place: '서울숲' });
    await moveApplication(db, a, apps[0]!.id, { to: 'CONFIRMED' });
    await moveApplication(db, author, apps[0]!.id, { to: 'COMPLETED' });

    const stats = await photographerStats(db, author.id, 30);
    const raw = await rawCounts([both.id, link.id, inApp.id]);
    for (const kind of KINDS) expect(stats.totals[kind], kind).toBe(sum(raw, kind));
    expect(stats.totals).toEqual({ views: 4, saves: 3, clicks: 3, applications: 4, selections: 2, completions: 1 });
    expect(stats.previousTotals).toEqual({
      views: 0,
      saves: 0,
      clicks: 0,
      applications: 0,
      selections: 0,
      completions: 0,
    });
    // Per day: 30 days, oldest first, today last, each day's numbers those of its raw rows.
    const period = statsPeriod(30);
    expect(stats.perDay).toHaveLength(30);
    expect(stats.perDay[0]?.day).toBe(period.from);
    expect(stats.perDay[29]?.day).toBe(todayKst());
    for (const d of stats.perDay)
      for (const kind of KINDS)
        expect(d[kind], `${d.day} ${kind}`).toBe(
          sum(
            raw.filter((r) => r.day === d.day),
            kind,
          ),
        );
    // Per event: the latest first, each with its own raw counts.
    expect(stats.events.map((e) => e.id)).toEqual([inApp.id, link.id, both.id]);
    for (const e of stats.events) {
      const mine = raw.filter((r) => r.promotion_id === e.id);
      for (const kind of KINDS) expect(e.totals[kind], `${e.title} ${kind}`).toBe(sum(mine, kind));
      expect(e.perDay.every((d) => d.day >= period.from)).toBe(true);
    }
    // The chart is drawn on the server: an SVG with a row per counter, hidden from screen readers.
    expect(stats.chart).toMatch(/^<svg [^>]*aria-hidden="true"/);
    expect(stats.chart).toContain('신청 링크 클릭');
    expect((stats.chart.match(/<rect /g) ?? []).length).toBeGreaterThanOrEqual(6);
  });

  it("reads another photographer's numbers apart, and the previous period's as the comparison", async () => {
    const author = await photographer();
    const other = await photographer();
    const e = await createPromotion(db, author, event());
    await viewPromotionDetails(db, e.id, null, 'x-1');
    // Yesterday's view of 31 days ago belongs to the previous period (written as the counter would).
    await db.query(`insert into photographer_daily_stats (member_id, day, views) values ($1, $2::date, 7)`, [
      author.id,
      day(-31),
    ]);
    const stats = await photographerStats(db, author.id, 30);
    expect(stats.totals.views).toBe(1);
    expect(stats.previousTotals.views).toBe(7);
    expect((await photographerStats(db, other.id, 30)).totals.views).toBe(0);
  });
});

describe('click rows', () => {
  it('count once per viewer a day and go with the view rows after yesterday; the counts stay', async () => {
    const author = await photographer();
    const e = await createPromotion(db, author, event({ applyMode: 'LINK', capacity: null }));
    const now = Date.now();
    expect(await followApplyLink(db, e.id, 'c-1', now - 3 * DAY)).toMatchObject({ counted: true });
    expect(await followApplyLink(db, e.id, 'c-1', now - 3 * DAY)).toMatchObject({ counted: false });
    // The next day the same viewer counts again.
    expect(await followApplyLink(db, e.id, 'c-1', now - 2 * DAY)).toMatchObject({ counted: true });
    expect(await followApplyLink(db, e.id, 'c-1', now)).toMatchObject({ counted: true });
    await pruneViews(db, now);
    const rows = await db.query<{ day: string }>(
      'select day::text as day from promotion_clicks where promotion_id = $1',
      [e.id],
    );
    expect(rows.map((r) => r.day)).toEqual([day(0)]);
    const stats = await photographerStats(db, author.id, 30);
    expect(stats.totals.clicks).toBe(3);
    expect(stats.perDay.filter((d) => d.clicks > 0).map((d) => d.day)).toEqual([day(-3), day(-2), day(0)]);
  });
});

// The site's rows are shared by every test file: on the PostgreSQL pass other files write at the same time.
describe.skipIf(process.env['TEST_DATABASE'] === 'postgres')("the operator's statistics", () => {
  it('count each sign-up, event, application and review of the day', async () => {
    const before = (await siteStats(db, 30)).totals;
    const author = await photographer();
    await findOrCreateByKakaoId(db, `stats-${Date.now()}-a`);
    await findOrCreateByKakaoId(db, `stats-${Date.now()}-b`);
    const e = await createPromotion(db, author, event());
    const applicant = await member();
    const app = await applyTo(db, applicant, e.id, { introduction: '안녕하세요', consent: true });
    await moveApplication(db, author, app.id, { to: 'SELECTED', shootAt: new Date().toISOString(), place: '서울숲' });
    await moveApplication(db, applicant, app.id, { to: 'CONFIRMED' });
    await moveApplication(db, author, app.id, { to: 'COMPLETED' });
    await writeReview(db, applicant, app.id, { rating: 5, text: '친절하게 찍어 주셔서 정말 좋았어요!', photos: [] });
    const after = await siteStats(db, 30);
    expect({
      members: after.totals.members - before.members,
      events: after.totals.events - before.events,
      applications: after.totals.applications - before.applications,
      reviews: after.totals.reviews - before.reviews,
    }).toEqual({ members: 2, events: 1, applications: 1, reviews: 1 });
    expect(after.perDay).toHaveLength(30);
    expect(after.perDay.at(-1)?.day).toBe(todayKst());
    expect(after.chart).toContain('후기');
  });
});
