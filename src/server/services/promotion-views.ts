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
 * it was before the statement).
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
      returning p.id)
    select ${cols}, (select count(*) from bumped)::int as counted
      from promotions p where p.id = $1 and p.deleted_at is null`;
}

/**
 * Removes the rows of days before yesterday (Korea time), of no further use: a viewer counts once a day.
 * Run by the scheduled cleanup job (file-cleanup.ts); answers how many went.
 */
export async function pruneViews(db: Queryable, now: Date | number = Date.now()): Promise<number> {
  const rows = await db.query<{ removed: number }>(
    `with gone as (delete from promotion_views where day < $1::date - 1 returning 1)
     select count(*)::int as removed from gone`,
    [todayKst(now)],
  );
  return rows[0]?.removed ?? 0;
}
