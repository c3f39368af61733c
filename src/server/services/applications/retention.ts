/**
 * The scheduled jobs that expire undecided applications and delete applicants' data after an event
 * ends, and the anonymising of a withdrawing member's applications.
 */
import { todayKst } from '#lib/deadline';
import type { Db, Queryable } from '#server/db/index';
import type { Row } from './rows';

/** Applicants' data is deleted this many days after the event ends. */
export const APPLICATION_RETENTION_DAYS = 90;

/** Applications still undecided when their event has ended expire (a scheduled job). */
export async function expireUndecided(db: Queryable, now = Date.now()): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `with expired as (
       update applications a set status = 'EXPIRED', updated_at = now()
         from promotions p
        where p.id = a.promotion_id and a.status = 'APPLIED' and p.ended_at < $1::date
       returning a.id)
     insert into application_history (application_id, from_status, to_status, actor_role)
     select id, 'APPLIED', 'EXPIRED', 'SYSTEM' from expired returning application_id as id`,
    [todayKst(now)],
  );
  return rows.length;
}

/**
 * Applicants' data is deleted 90 days after the event ends (a scheduled job): the applications, their
 * history and their photos' files (whose objects the storage queue then removes).
 */
export async function deleteExpiredApplicantData(db: Db, now = Date.now()): Promise<number> {
  const cutoff = todayKst(now - APPLICATION_RETENTION_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    const gone = await tx.query<{ applicant_id: number | null; photos: Row['photos'] }>(
      `delete from applications a using promotions p
        where p.id = a.promotion_id and p.ended_at < $1::date
       returning a.applicant_id, a.photos`,
      [cutoff],
    );
    await removePhotoFiles(tx, gone);
    return gone.length;
  });
}

/** Deletes the files rows of these applications' photos that no remaining application uses. */
async function removePhotoFiles(
  tx: Queryable,
  apps: readonly { applicant_id: number | null; photos: Row['photos'] }[],
): Promise<void> {
  const keys = [...new Set(apps.flatMap((a) => a.photos.map((p) => p.key)))];
  if (keys.length === 0) return;
  await tx.query(
    `delete from files f where f.kind = 'APPLICATION_IMAGE' and f.storage_key = any($1::text[])
        and not exists (select 1 from applications a
                         where a.applicant_id = f.owner_id
                           and a.photos @> jsonb_build_array(jsonb_build_object('key', f.storage_key)))`,
    [keys],
  );
}

/**
 * A member withdrawing: their applications keep what the author needs to count (state, dates of the
 * moves) and lose everything personal; places they held are given back. Runs in the withdrawal's
 * transaction, before the member row goes.
 */
export async function anonymiseApplicationsOf(tx: Queryable, memberId: number): Promise<void> {
  await tx.query(
    `update promotions p set selected_count = greatest(p.selected_count - sub.n, 0)
       from (select promotion_id, count(*)::int as n from applications
              where applicant_id = $1 and status in ('SELECTED','CONFIRMED') group by promotion_id) sub
      where p.id = sub.promotion_id`,
    [memberId],
  );
  await tx.query(
    `update applications
        set status = case when status in ('APPLIED','SELECTED','CONFIRMED') then 'WITHDRAWN' else status end,
            applicant_id = null, introduction = '', preferred_dates = '{}', instagram_id = null, photos = '[]',
            contact = null, anonymised_at = now(), updated_at = now()
      where applicant_id = $1`,
    [memberId],
  );
}
