/**
 * Hidden events at 10k+ rows (issue 22): hiding sets the column every list index already filters on,
 * so the lists, the photographer's walk and the sitemap keep their index plans and leave hidden events
 * out; the moderation page's reads use their own indexes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '#server/db/index';
import type { Principal } from '#server/auth/principal';
import { generateEvents, seedDemoData, type ImageMaker } from '#server/seed/seed';
import { clearPromotionCounts } from '#server/services/promotion-counts';
import { listPromotions, type PromotionFilter } from '#server/services/promotion-lists';
import { listPhotographerPromotions } from '#server/services/photographer-promotions';
import { sitemapEntries } from '#server/services/sitemap';
import { hidePromotion } from '#server/services/moderation';
import { moderationOverview } from '#server/services/moderation-read';
import { openTestDb } from '../support/db';
import { plansOf as plansOfRun } from '../support/plans';

let db: Db;
let hidden: number[] = [];
let authorId = 0;
let listPlanBefore: string[][] = [];
let listSqlBefore: string[] = [];
const fakeImage: ImageMaker = async (_owner, kind, seed) => ({
  name: `${kind}-${seed}.jpg`,
  url: `/media/t/${seed}.webp`,
});
const base: PromotionFilter = { regions: [], categories: [], photographyTypes: [], sortType: 'LATEST' };
const admin: Principal = { id: 0, type: 'USER', roles: ['USER', 'ADMIN'], nickname: '관리자' };

beforeAll(async () => {
  db = await openTestDb();
  await seedDemoData(db, fakeImage);
  await generateEvents(db, 10_500);
  const adminRow = await db.query<{ id: number }>(`select id from members where 'ADMIN' = any(roles) limit 1`);
  admin.id = adminRow[0]?.id ?? 1;
  // Hide the newest events of one author, and a spread of others.
  const newest = await db.query<{ id: number; author_id: number }>(
    'select id, author_id from promotions where deleted_at is null and not is_author_hidden order by id desc limit 1',
  );
  authorId = newest[0]?.author_id ?? 0;
  const picks = await db.query<{ id: number }>(
    `(select id from promotions where author_id = $1 and deleted_at is null order by id desc limit 5)
     union (select id from promotions where deleted_at is null and id % 97 = 0)`,
    [authorId],
  );
  hidden = picks.map((r) => r.id);
  await db.query('vacuum analyze promotions');
  const before = await plansOf(listEvents);
  listPlanBefore = shapeOf(before);
  listSqlBefore = before.map((p) => p.sql);
  for (const id of hidden) await hidePromotion(db, admin, id, '운영 정책 위반');
  await db.query('vacuum analyze promotions');
}, 240_000);

afterAll(async () => {
  await db.close();
});

/** Every statement `run` makes, with the nodes of its plan. */
const plansOf = (run: (q: Queryable) => Promise<unknown>) => plansOfRun(db, run);

/** A plan's shape: each statement's nodes with the index or table they read. */
const shapeOf = (plans: { nodes: Record<string, unknown>[] }[]) =>
  plans.map((p) =>
    p.nodes.map((n) => `${String(n['Node Type'])} ${String(n['Index Name'] ?? n['Relation Name'] ?? '')}`.trim()),
  );
/** The event list with nothing kept (its total): every statement it can send. */
const listEvents = (q: Queryable) => {
  clearPromotionCounts();
  return listPromotions(q, base, { page: 0, pageSize: 10 }, null);
};

const seqScansOfPromotions = (plans: { nodes: Record<string, unknown>[] }[]) =>
  plans.flatMap((p) => p.nodes).filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'promotions');
const indexesOf = (plans: { nodes: Record<string, unknown>[] }[]) =>
  plans.flatMap((p) => p.nodes.map((n) => n['Index Name']).filter(Boolean));

describe('hidden events at 10k+ events', () => {
  it('has more than 10,000 events and some hidden', async () => {
    // The PostgreSQL pass shares its database with other files, which hide events of their own.
    const [row] = await db.query<{ n: number; h: number }>(
      'select count(*)::int as n, count(*) filter (where hidden_at is not null and id = any($1))::int as h from promotions',
      [hidden],
    );
    expect(row?.n).toBeGreaterThan(10_000);
    expect(row?.h).toBe(hidden.length);
    expect(hidden.length).toBeGreaterThan(50);
  });

  it('the event list keeps the plan it had before anything was hidden, and lists no hidden event', async () => {
    // Hiding changes no list statement: the plans are the ones the lists had (PGlite counts on a narrow
    // partial index; PostgreSQL may count the unfiltered list by a scan, as it did before).
    const plans = await plansOf(listEvents);
    // The statements are the same; on PostgreSQL the planner may still pick another way to count the
    // unfiltered list once rows changed (a scan or the author index: seen both), so the shape is
    // compared on PGlite, whose plans follow from the statements alone here.
    if (db.kind === 'pglite') expect(shapeOf(plans)).toEqual(listPlanBefore);
    else expect(plans.map((p) => p.sql)).toEqual(listSqlBefore);
    expect(plans.flatMap((p) => p.sql).join(' ')).not.toMatch(/hidden_at/);
    clearPromotionCounts();
    const first = await listPromotions(db, base, { page: 0, pageSize: 100 }, null);
    expect(first.items.some((i) => hidden.includes(i.id))).toBe(false);
  });

  it("the photographer's walk uses promotions_author_public_idx and skips hidden events", async () => {
    const plans = await plansOf((q) =>
      listPhotographerPromotions(q, authorId, 'CURRENT', { page: 0, pageSize: 10 }, null),
    );
    expect(seqScansOfPromotions(plans)).toEqual([]);
    expect(indexesOf(plans)).toContain('promotions_author_public_idx');
    const page = await listPhotographerPromotions(db, authorId, 'CURRENT', { page: 0, pageSize: 50 }, null);
    expect(page.items.some((i) => hidden.includes(i.id))).toBe(false);
  });

  it('the sitemap leaves hidden events out without scanning', async () => {
    const plans = await plansOf((q) => sitemapEntries(q, 500));
    expect(seqScansOfPromotions(plans)).toEqual([]);
    const entries = await sitemapEntries(db, 50_000);
    const paths = new Set(entries.map((e) => e.path));
    for (const id of hidden) expect(paths.has(`/event/${id}`)).toBe(false);
  });

  it("the moderation page's reads do not scan the events", async () => {
    const plans = await plansOf((q) => moderationOverview(q));
    expect(seqScansOfPromotions(plans)).toEqual([]);
    const overview = await moderationOverview(db);
    expect(overview.events.filter((e) => e.hiddenAt !== null).map((e) => e.id)).toEqual(
      expect.arrayContaining(hidden.filter((id) => overview.events.some((e) => e.id === id))),
    );
    expect(overview.log[0]).toMatchObject({ action: 'HIDE', reason: '운영 정책 위반' });
  });
});
