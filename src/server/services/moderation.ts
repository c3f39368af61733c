/**
 * What an admin does to a reported target: hide it from the public, unhide it, delete an event, or
 * dismiss a report. Each action resolves the target's open reports and writes one moderation_log row
 * (who, what, when, why), in one transaction.
 *
 * A hidden event has deleted_at set as well as hidden_at (migration 009): every public list, count,
 * search, sitemap and photographer walk already filters `deleted_at is null` through its indexes.
 */
import { announce } from '#server/cache/announce';
import { changed } from '#server/cache/tags';
import type { ModerationAction } from '#lib/contract-moderation';
import type { ReportTargetType } from '#lib/rules/report';
import type { Principal } from '#server/auth/principal';
import type { Db, Queryable } from '#server/db/index';
import { notFound } from './errors';
import { clearPromotionCounts } from './promotion-counts';
import { photographerNotFound } from './photographers';
import { promotionNotFound } from './promotions';

type Resolution = 'HIDDEN' | 'UNHIDDEN' | 'DELETED' | 'DISMISSED';

async function resolveReports(
  tx: Queryable,
  admin: Principal,
  type: ReportTargetType,
  id: number,
  resolution: Resolution,
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `update reports set resolved_at = now(), resolved_by = $1, resolution = $4
      where target_type = $2 and target_id = $3 and resolved_at is null
      returning id`,
    [admin.id, type, id, resolution],
  );
  return rows.length;
}

async function record(
  tx: Queryable,
  admin: Principal,
  action: ModerationAction,
  type: ReportTargetType,
  id: number,
  reason: string,
  reports: number,
): Promise<void> {
  await tx.query(
    `insert into moderation_log (admin_id, action, target_type, target_id, reason, reports)
     values ($1, $2, $3, $4, $5, $6)`,
    [admin.id, action, type, id, reason, reports],
  );
}

/** Hides a public event: it leaves every list and its page answers 404 but to its author and admins. */
export async function hidePromotion(
  db: Db,
  admin: Principal,
  id: number,
  reason: string,
): Promise<{ authorId: number }> {
  clearPromotionCounts();
  const hidden = await db.transaction(async (tx) => {
    const rows = await tx.query<{ author_id: number }>(
      `update promotions set deleted_at = now(), hidden_at = now(), hidden_reason = $2
        where id = $1 and deleted_at is null returning author_id`,
      [id, reason],
    );
    if (!rows[0]) throw promotionNotFound();
    await record(
      tx,
      admin,
      'HIDE',
      'PROMOTION',
      id,
      reason,
      await resolveReports(tx, admin, 'PROMOTION', id, 'HIDDEN'),
    );
    return { authorId: rows[0].author_id };
  });
  await announce(changed.event(id, hidden.authorId), { purge: true });
  return hidden;
}

/** Shows a hidden event again, as it was. */
export async function unhidePromotion(db: Db, admin: Principal, id: number): Promise<{ authorId: number }> {
  clearPromotionCounts();
  const shown = await db.transaction(async (tx) => {
    const rows = await tx.query<{ author_id: number }>(
      `update promotions set deleted_at = null, hidden_at = null, hidden_reason = null
        where id = $1 and hidden_at is not null returning author_id`,
      [id],
    );
    if (!rows[0]) throw promotionNotFound();
    await record(
      tx,
      admin,
      'UNHIDE',
      'PROMOTION',
      id,
      '',
      await resolveReports(tx, admin, 'PROMOTION', id, 'UNHIDDEN'),
    );
    return { authorId: rows[0].author_id };
  });
  await announce(changed.event(id, shown.authorId));
  return shown;
}

/** Deletes an event, public or hidden (the soft delete the author's own delete makes). */
export async function moderatorDeletePromotion(db: Db, admin: Principal, id: number): Promise<{ authorId: number }> {
  clearPromotionCounts();
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx.query<{ author_id: number }>(
      `update promotions set deleted_at = coalesce(deleted_at, now()), hidden_at = null, hidden_reason = null
        where id = $1 and (deleted_at is null or hidden_at is not null) returning author_id`,
      [id],
    );
    if (!rows[0]) throw promotionNotFound();
    await record(tx, admin, 'DELETE', 'PROMOTION', id, '', await resolveReports(tx, admin, 'PROMOTION', id, 'DELETED'));
    return { authorId: rows[0].author_id };
  });
  await announce(changed.event(id, deleted.authorId), { purge: true });
  return deleted;
}

/** Hides or shows a photographer page (lists, search, sitemap, the page itself). */
export async function setPhotographerHidden(
  db: Db,
  admin: Principal,
  memberId: number,
  hidden: { reason: string } | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.query<{ member_id: number }>(
      hidden
        ? `update photographer_pages set hidden_at = now(), hidden_reason = $2
            where member_id = $1 and hidden_at is null returning member_id`
        : `update photographer_pages set hidden_at = null, hidden_reason = null
            where member_id = $1 and hidden_at is not null returning member_id`,
      hidden ? [memberId, hidden.reason] : [memberId],
    );
    if (!rows[0]) throw photographerNotFound();
    const resolved = await resolveReports(tx, admin, 'PHOTOGRAPHER', memberId, hidden ? 'HIDDEN' : 'UNHIDDEN');
    await record(tx, admin, hidden ? 'HIDE' : 'UNHIDE', 'PHOTOGRAPHER', memberId, hidden?.reason ?? '', resolved);
  });
  await announce(changed.photographer(memberId), { purge: hidden !== null });
}

export const reportNotFound = () => notFound('REPORT_NOT_FOUND', '처리할 신고를 찾을 수 없어요.');

/** Closes one open report without acting on its target. */
export async function dismissReport(db: Db, admin: Principal, reportId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.query<{ target_type: ReportTargetType; target_id: number }>(
      `update reports set resolved_at = now(), resolved_by = $1, resolution = 'DISMISSED'
        where id = $2 and resolved_at is null returning target_type, target_id`,
      [admin.id, reportId],
    );
    if (!rows[0]) throw reportNotFound();
    await record(tx, admin, 'DISMISS', rows[0].target_type, rows[0].target_id, '', 1);
  });
}
