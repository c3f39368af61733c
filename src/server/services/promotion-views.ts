/**
 * Who counts as a viewer of an event (docs/views.md): a signed-in member by id, anyone else by client
 * address (the rate limits' `clientKey`), kept only as a keyed hash. A viewer counts once per event per
 * Korean calendar day; `HEAD` never counts.
 */
import { createHmac } from 'node:crypto';
import { getJwtSecret } from '#server/auth/secret';

/** The viewer identity stored in promotion_views. */
export function viewerKey(member: { id: number } | null, clientAddress: string): string {
  if (member) return `m:${member.id}`;
  return `a:${createHmac('sha256', getJwtSecret()).update(`viewer\n${clientAddress}`).digest('base64url').slice(0, 22)}`;
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

/** Rows of days before yesterday are of no further use; removed now and then (about one view in 1,000). */
export const PRUNE_VIEWS_SQL = `delete from promotion_views where day < $1::date - 1`;
