/**
 * The charts' aggregates (migration 20, decision 026): each thing that counts adds to its day's row in the
 * statement, or the transaction, that makes it. An event's counter moves with its author's
 * (promotion_daily_stats and photographer_daily_stats); the operator's per-day numbers live in
 * site_daily_stats. The statistics pages read only these rows (services/statistics.ts).
 */
import type { Queryable } from '#server/db/index';

export const EVENT_COUNTERS = ['views', 'saves', 'clicks', 'applications', 'selections', 'completions'] as const;
export type EventCounter = (typeof EVENT_COUNTERS)[number];

export const SITE_COUNTERS = ['members', 'events', 'applications', 'reviews'] as const;
export type SiteCounter = (typeof SITE_COUNTERS)[number];

/** The Korean calendar day of the statement's time, as the raw rows' `created_at` would give it. */
export const TODAY_KST_SQL = `(now() at time zone 'Asia/Seoul')::date`;

/**
 * Two WITH clauses (prefix `name`) that add to `counter`, for each row of `source` (a WITH name or a
 * subquery with columns `promotion_id` and `day`), `sign` to the event's day and its author's day.
 * Data-modifying WITH clauses always run, so the statement needs not read them.
 */
export function countEventClauses(name: string, counter: EventCounter, source: string, sign: 1 | -1 = 1): string {
  const delta = sign === 1 ? 'count(*)' : '-count(*)';
  return `${name}_event as (
      insert into promotion_daily_stats as s (promotion_id, day, ${counter})
      select promotion_id, day, ${delta} from ${source} x group by promotion_id, day
      on conflict (promotion_id, day) do update set ${counter} = s.${counter} + excluded.${counter}
      returning 1),
    ${name}_author as (
      insert into photographer_daily_stats as s (member_id, day, ${counter})
      select p.author_id, x.day, ${delta} from ${source} x join promotions p on p.id = x.promotion_id
       group by p.author_id, x.day
      on conflict (member_id, day) do update set ${counter} = s.${counter} + excluded.${counter}
      returning 1)`;
}

/**
 * Counts one of an event's things today (Korea time), and with `site` one of the site's, in one statement.
 * Its rows are shared (the author's day by all their events, the site's day by everyone): in a
 * transaction, call it last, so that the row locks are held for the commit alone.
 */
export async function countEvent(
  db: Queryable,
  counter: EventCounter,
  promotionId: number,
  site?: SiteCounter,
): Promise<void> {
  await db.query(
    `with src as (select $1::int as promotion_id, ${TODAY_KST_SQL} as day), ${countEventClauses('c', counter, 'src')}${
      site ? `, ${countSiteClause('s', site, '1')}` : ''
    }
     select 1`,
    [promotionId],
  );
}

/** A WITH clause adding `amount` (an SQL expression) to the site's `counter` of today (Korea time). */
export function countSiteClause(name: string, counter: SiteCounter, amount: string): string {
  return `${name} as (
      insert into site_daily_stats as s (day, ${counter}) select ${TODAY_KST_SQL}, ${amount}
      on conflict (day) do update set ${counter} = s.${counter} + excluded.${counter}
      returning 1)`;
}

/** Counts one of the site's things today, in a statement of its own (last in its transaction: a hot row). */
export async function countSite(db: Queryable, counter: SiteCounter): Promise<void> {
  await db.query(`with ${countSiteClause('c', counter, '1')} select 1`);
}

/**
 * The demo seed writes its rows directly: this counts them as the services would have (members and
 * events for the operator, saves for the photographers), each on the day of its `created_at`. Only for a
 * database just seeded (the rows are counted again on every call).
 */
export async function countSeededRows(db: Queryable): Promise<void> {
  const dayOf = `(created_at at time zone 'Asia/Seoul')::date`;
  await db.query(
    `with saves as (select promotion_id, ${dayOf} as day from promotion_saves),
     ${countEventClauses('seeded', 'saves', 'saves')}
     select 1`,
  );
  await db.query(
    `insert into site_daily_stats as s (day, members, events)
     select day, sum(members), sum(events) from (
       select ${dayOf} as day, count(*) as members, 0 as events from members group by 1
       union all
       select ${dayOf}, 0, count(*) from promotions group by 1) counted
      group by day
     on conflict (day) do update set members = s.members + excluded.members, events = s.events + excluded.events`,
  );
}
