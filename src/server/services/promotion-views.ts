/**
 * Who counts as a viewer of an event (docs/views.md): a signed-in member by id, anyone else by client
 * address (the rate limits' `clientKey`), both kept only as keyed hashes (a view row says nothing about
 * who read what without the server's secret); a withdrawn member's rows go with them. A viewer counts once per event per
 * Korean calendar day; `HEAD` never counts.
 */
import { createHmac } from 'node:crypto';
import { todayKst } from '#lib/deadline';
import { getJwtSecret } from '#server/auth/secret';
import type { Queryable } from '#server/db/index';
import { countEventClauses } from './statistics-counters';

/** The viewer identity stored in promotion_views. */
export function viewerKey(member: { id: number } | null, clientAddress: string): string {
  return member ? memberViewerKey(member.id) : `a:${keyed(`viewer\n${clientAddress}`)}`;
}

const keyed = (text: string) => createHmac('sha256', getJwtSecret()).update(text).digest('base64url').slice(0, 22);

/** A member's viewer key (withdrawal deletes their rows by it). */
export function memberViewerKey(memberId: number): string {
  return `m:${keyed(`member viewer\n${memberId}`)}`;
}

/**
 * The detail read that counts a view: records (event, viewer, day) and, only when that row is new, adds
 * one to the counter, in one statement. `cols` is the row's column list; `counted` (0 or 1) is the view
 * this statement added, which the row's view_count does not hold yet (the main query sees the table as
 * it was before the statement). A new view also adds to the day's statistics (statistics-counters.ts).
 * Parameters: $1 event id, $2 viewer key, $3 day (YYYY-MM-DD, Korea time).
 */
export function countingDetailSql(cols: string): string {
  return `with seen as (
      insert into promotion_views (promotion_id, viewer, day)
      select p.id, $2, $3::date from promotions p where p.id = $1 and p.deleted_at is null
      on conflict do nothing
      returning promotion_id),
    bumped as (
      update promotions p set view_count = p.view_count + 1
        from seen where p.id = seen.promotion_id
      returning p.id),
    ${countEventClauses('daily', 'views', '(select promotion_id, $3::date as day from seen)')}
    select ${cols}, (select count(*) from bumped)::int as counted
      from promotions p where p.id = $1 and p.deleted_at is null`;
}

/**
 * The apply link (`GET /promotions/{id}/apply`): records (event, viewer, day) and, only when that row is
 * new, adds a click to the day's statistics, in one statement; answers the link to follow, or nothing
 * when the event is missing, deleted, hidden by an admin or takes applications only on 담아봐.
 * Parameters as countingDetailSql's.
 */
export async function followApplyLink(
  db: Queryable,
  id: number,
  viewer: string,
  now: Date | number = Date.now(),
): Promise<{ link: string; counted: boolean } | null> {
  const rows = await db.query<{ external_link: string; counted: number }>(
    `with target as (
      select p.id, p.external_link from promotions p
       where p.id = $1 and p.deleted_at is null and p.apply_mode <> 'IN_APP' and p.external_link <> ''),
    clicked as (
      insert into promotion_clicks (promotion_id, viewer, day)
      select id, $2, $3::date from target
      on conflict do nothing
      returning promotion_id),
    ${countEventClauses('daily', 'clicks', '(select promotion_id, $3::date as day from clicked)')}
    select external_link, (select count(*) from clicked)::int as counted from target`,
    [id, viewer, todayKst(now)],
  );
  const row = rows[0];
  return row ? { link: row.external_link, counted: row.counted > 0 } : null;
}

/** The apply link without counting (`HEAD`), or null as followApplyLink. */
export async function applyLinkOf(db: Queryable, id: number): Promise<string | null> {
  const rows = await db.query<{ external_link: string }>(
    `select external_link from promotions
      where id = $1 and deleted_at is null and apply_mode <> 'IN_APP' and external_link <> ''`,
    [id],
  );
  return rows[0]?.external_link ?? null;
}

/** Whether the event is shown (neither deleted nor hidden): an apply link's 404 names what is missing. */
export async function isShownPromotion(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('select 1 as ok from promotions where id = $1 and deleted_at is null', [id]);
  return rows.length > 0;
}

/**
 * Removes the rows of days before yesterday (Korea time), of no further use: a viewer counts once a day.
 * Run by the scheduled cleanup job (file-cleanup.ts); answers how many went.
 */
export async function pruneViews(db: Queryable, now: Date | number = Date.now()): Promise<number> {
  const rows = await db.query<{ removed: number }>(
    `with gone as (delete from promotion_views where day < $1::date - 1 returning 1),
       gone_clicks as (delete from promotion_clicks where day < $1::date - 1 returning 1)
     select ((select count(*) from gone) + (select count(*) from gone_clicks))::int as removed`,
    [todayKst(now)],
  );
  return rows[0]?.removed ?? 0;
}
