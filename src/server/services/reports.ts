/**
 * Member reports: one open report per member and target, on an event or a photographer page the public
 * can see. Admins resolve them (moderation.ts).
 */
import type { ReportResponse } from '#lib/contract-moderation';
import type { ReportInput } from '#lib/rules/report';
import type { Principal } from '#server/auth/principal';
import type { Queryable } from '#server/db/index';
import { applicationNotFound } from './applications';
import { conflict, denied } from './errors';
import { photographerNotFound } from './photographers';
import { promotionNotFound } from './promotions';
import { reviewNotFound } from './reviews';

interface ReportRow {
  id: number;
  target_type: ReportResponse['targetType'];
  target_id: number;
  reason: ReportResponse['reason'];
  detail: string;
  created_at: Date;
}

export const REPORT_COLUMNS = 'r.id, r.target_type, r.target_id, r.reason, r.detail, r.created_at';

export function toReportResponse(r: ReportRow): ReportResponse {
  return {
    id: r.id,
    targetType: r.target_type,
    targetId: r.target_id,
    reason: r.reason,
    detail: r.detail,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

const ownContent = () => denied('ACCESS_DENIED', '내가 올린 내용은 신고할 수 없어요.');

/**
 * 404 unless the public can see the target (a hidden or deleted one cannot be reported), or for an
 * application unless the reporter is one of its two parties; 403 for the reporter's own event or page.
 */
async function assertReportable(
  db: Queryable,
  reporter: Principal,
  input: Pick<ReportInput, 'targetType' | 'targetId'>,
): Promise<void> {
  if (input.targetType === 'PROMOTION') {
    const rows = await db.query<{ author_id: number }>(
      'select author_id from promotions where id = $1 and deleted_at is null',
      [input.targetId],
    );
    if (rows.length === 0) throw promotionNotFound();
    if (rows[0]?.author_id === reporter.id) throw ownContent();
    return;
  }
  if (input.targetType === 'APPLICATION') {
    // Private to its two parties: either may report the other's part of it (an applicant's photos, an
    // author's message); to anyone else it does not exist.
    const rows = await db.query(
      `select 1 as ok from applications a join promotions p on p.id = a.promotion_id
        where a.id = $1 and (a.applicant_id = $2 or p.author_id = $2)`,
      [input.targetId, reporter.id],
    );
    if (rows.length === 0) throw applicationNotFound();
    return;
  }
  if (input.targetType === 'REVIEW') {
    const rows = await db.query<{ author_id: number | null }>(
      'select author_id from reviews where id = $1 and deleted_at is null and hidden_at is null',
      [input.targetId],
    );
    if (rows.length === 0) throw reviewNotFound();
    if (rows[0]?.author_id === reporter.id) throw ownContent();
    return;
  }
  const rows = await db.query(
    `select 1 as ok from photographer_pages pp join members m on m.id = pp.member_id
      where pp.member_id = $1 and pp.hidden_at is null and 'PHOTOGRAPHER' = any(m.roles)`,
    [input.targetId],
  );
  if (rows.length === 0) throw photographerNotFound();
  if (input.targetId === reporter.id) throw ownContent();
}

export const reportAlreadyOpen = () =>
  conflict('REPORT_ALREADY_OPEN', '이미 신고한 대상이에요. 운영자가 확인하고 있어요.');

export async function createReport(db: Queryable, reporter: Principal, input: ReportInput): Promise<ReportResponse> {
  await assertReportable(db, reporter, input);
  const rows = await db.query<ReportRow>(
    `insert into reports as r (reporter_id, target_type, target_id, reason, detail)
     values ($1, $2, $3, $4, $5)
     on conflict (reporter_id, target_type, target_id) where resolved_at is null do nothing
     returning ${REPORT_COLUMNS}`,
    [reporter.id, input.targetType, input.targetId, input.reason, input.detail],
  );
  if (!rows[0]) throw reportAlreadyOpen();
  return toReportResponse(rows[0]);
}
