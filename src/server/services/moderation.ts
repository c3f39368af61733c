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
import { tellOwner, tellReporters } from './moderation-notices';
import { photographerNotFound } from './photographers';
import { promotionNotFound } from './promotions';
import { adjustRating, reviewNotFound } from './reviews';

type Resolution = 'HIDDEN' | 'UNHIDDEN' | 'DELETED' | 'DISMISSED';

async function resolveReports(
  tx: Queryable,
  admin: Principal,
  type: ReportTargetType,
  id: number,
  resolution: Resolution,
): Promise<number> {
  const rows = await tx.query<{ id: number; reporter_id: number | null }>(
    `update reports set resolved_at = now(), resolved_by = $1, resolution = $4
      where target_type = $2 and target_id = $3 and resolved_at is null
      returning id, reporter_id`,
    [admin.id, type, id, resolution],
  );
  if (resolution === 'HIDDEN' || resolution === 'DELETED') await tellReporters(tx, rows, type, id, resolution);
  return rows.length;
}

/**
 * What a log row calls its target (`type` and `id` the SQL of its type and id): the event's title, the
 * photographer's or member's nickname, the review's first 40 characters, read when the row is written so
 * the log names it after a delete (migration 019).
 */
export const targetLabelSql = (type: string, id: string) =>
  `case ${type}::text when 'PROMOTION' then (select title from promotions where id = ${id})
                      when 'REVIEW' then (select left(text, 40) from reviews where id = ${id})
                      else (select nickname from members where id = ${id}) end`;

export async function record(
  tx: Queryable,
  admin: Principal,
  action: ModerationAction,
  type: ReportTargetType,
  id: number,
  reason: string,
  reports: number,
): Promise<void> {
  const [logged] = await tx.query<{ id: number }>(
    `insert into moderation_log (admin_id, admin_nickname, action, target_type, target_id, reason, reports, target_label)
     values ($1, $2, $3, $4, $5, $6, $7, ${targetLabelSql('$4', '$5')}) returning id`,
    [admin.id, admin.nickname, action, type, id, reason, reports],
  );
  // The owner hears of what was done to their content (a dismissal changes nothing of theirs).
  if (logged && (action === 'HIDE' || action === 'UNHIDE' || action === 'KEEP_HIDDEN' || action === 'DELETE'))
    await tellOwner(tx, action, type, id, reason, logged.id);
}

/** Closes every open report of one reporter (a flood), logged as one dismissal per report. */
export async function dismissReportsOf(db: Db, admin: Principal, reporterId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ target_type: ReportTargetType; target_id: number }>(
      `update reports set resolved_at = now(), resolved_by = $1, resolution = 'DISMISSED'
        where reporter_id = $2 and resolved_at is null returning target_type, target_id`,
      [admin.id, reporterId],
    );
    for (const r of rows) await record(tx, admin, 'DISMISS', r.target_type, r.target_id, '', 1);
    return rows.length;
  });
}

type PromotionAction = 'HIDE' | 'UNHIDE' | 'DELETE';

/**
 * What each action on an event does to its row (`$1` its id, `$2` the reason of a hide), answering its
 * author; no row when the event is not in a state the action applies to.
 */
const PROMOTION_ACTIONS: Record<PromotionAction, { sql: string; resolution: Resolution }> = {
  HIDE: {
    sql: `update promotions set deleted_at = now(), hidden_at = now(), hidden_reason = $2
           where id = $1 and deleted_at is null returning author_id`,
    resolution: 'HIDDEN',
  },
  UNHIDE: {
    sql: `update promotions set deleted_at = null, hidden_at = null, hidden_reason = null, review_requested_at = null
           where id = $1 and hidden_at is not null returning author_id`,
    resolution: 'UNHIDDEN',
  },
  DELETE: {
    sql: `update promotions set deleted_at = coalesce(deleted_at, now()), hidden_at = null, hidden_reason = null,
               review_requested_at = null
           where id = $1 and (deleted_at is null or hidden_at is not null) returning author_id`,
    resolution: 'DELETED',
  },
};

/** An admin's action on an event, in one transaction with its reports' resolution and its log row. */
async function moderatePromotion(
  db: Db,
  admin: Principal,
  id: number,
  action: PromotionAction,
  reason = '',
): Promise<{ authorId: number }> {
  clearPromotionCounts('promotions');
  const { sql, resolution } = PROMOTION_ACTIONS[action];
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ author_id: number }>(sql, action === 'HIDE' ? [id, reason] : [id]);
    if (!rows[0]) throw promotionNotFound();
    const resolved = await resolveReports(tx, admin, 'PROMOTION', id, resolution);
    await record(tx, admin, action, 'PROMOTION', id, reason, resolved);
    return { authorId: rows[0].author_id };
  });
}

/** Hides a public event: it leaves every list and its page answers 404 but to its author and admins. */
export async function hidePromotion(
  db: Db,
  admin: Principal,
  id: number,
  reason: string,
): Promise<{ authorId: number }> {
  const hidden = await moderatePromotion(db, admin, id, 'HIDE', reason);
  await announce(changed.event(id, hidden.authorId), { purge: true });
  return hidden;
}

/** Shows a hidden event again, as it was. */
export async function unhidePromotion(db: Db, admin: Principal, id: number): Promise<{ authorId: number }> {
  const shown = await moderatePromotion(db, admin, id, 'UNHIDE');
  await announce(changed.event(id, shown.authorId));
  return shown;
}

/** Deletes an event, public or hidden (the soft delete the author's own delete makes). */
export async function moderatorDeletePromotion(db: Db, admin: Principal, id: number): Promise<{ authorId: number }> {
  const deleted = await moderatePromotion(db, admin, id, 'DELETE');
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
        : `update photographer_pages set hidden_at = null, hidden_reason = null, review_requested_at = null
            where member_id = $1 and hidden_at is not null returning member_id`,
      hidden ? [memberId, hidden.reason] : [memberId],
    );
    if (!rows[0]) throw photographerNotFound();
    const resolved = await resolveReports(tx, admin, 'PHOTOGRAPHER', memberId, hidden ? 'HIDDEN' : 'UNHIDDEN');
    await record(tx, admin, hidden ? 'HIDE' : 'UNHIDE', 'PHOTOGRAPHER', memberId, hidden?.reason ?? '', resolved);
  });
  clearPromotionCounts('photographer_pages');
  await announce(changed.photographer(memberId), { purge: hidden !== null });
}

/**
 * Hides a shown review (its author reads the reason on 내 신청) or shows a hidden one again; its stars
 * leave or rejoin the photographer's rating in the same transaction.
 */
export async function setReviewHidden(
  db: Db,
  admin: Principal,
  id: number,
  hidden: { reason: string } | null,
): Promise<void> {
  const photographerId = await db.transaction(async (tx) => {
    const rows = await tx.query<{ photographer_id: number; rating: number }>(
      hidden
        ? `update reviews set hidden_at = now(), hidden_reason = $2
            where id = $1 and deleted_at is null and hidden_at is null returning photographer_id, rating`
        : `update reviews set hidden_at = null, hidden_reason = null
            where id = $1 and deleted_at is null and hidden_at is not null returning photographer_id, rating`,
      hidden ? [id, hidden.reason] : [id],
    );
    const row = rows[0];
    if (!row) throw reviewNotFound();
    await adjustRating(tx, row.photographer_id, hidden ? -1 : 1, hidden ? -row.rating : row.rating);
    const resolved = await resolveReports(tx, admin, 'REVIEW', id, hidden ? 'HIDDEN' : 'UNHIDDEN');
    await record(tx, admin, hidden ? 'HIDE' : 'UNHIDE', 'REVIEW', id, hidden?.reason ?? '', resolved);
    return row.photographer_id;
  });
  await announce(changed.reputation(photographerId), { purge: hidden !== null });
}

export const reportNotFound = () => notFound('REPORT_NOT_FOUND', '처리할 신고를 찾을 수 없어요.');

/** Closes one open report without acting on its target. */
export async function dismissReport(db: Db, admin: Principal, reportId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.query<{
      id: number;
      reporter_id: number | null;
      target_type: ReportTargetType;
      target_id: number;
    }>(
      `update reports set resolved_at = now(), resolved_by = $1, resolution = 'DISMISSED'
        where id = $2 and resolved_at is null returning id, reporter_id, target_type, target_id`,
      [admin.id, reportId],
    );
    const report = rows[0];
    if (!report) throw reportNotFound();
    await record(tx, admin, 'DISMISS', report.target_type, report.target_id, '', 1);
    await tellReporters(tx, [report], report.target_type, report.target_id, 'DISMISSED');
  });
}
