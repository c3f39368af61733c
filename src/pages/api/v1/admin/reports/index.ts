import type { OpenReportsPage } from '#lib/contract-moderation';
import { REPORT_REASONS, REPORT_TARGET_TYPES } from '#lib/rules/report';
import { requireAdmin } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { enumParam, pageParams, stringParam } from '#server/http/query';
import { badRequest } from '#server/http/errors';
import { json } from '#server/http/respond';
import { countOpenReports, openReports } from '#server/services/moderation-read';

const idOrUndefined = (params: URLSearchParams, key: string): number | undefined => {
  const v = stringParam(params, key);
  if (v === undefined) return undefined;
  if (!/^[1-9]\d{0,9}$/.test(v)) throw badRequest(`${key} 값이 올바르지 않습니다.`);
  return Number(v);
};

/**
 * ADMIN: open reports, newest first, a page at a time, filtered by reporter, target or reason, with how
 * many the filter keeps in all.
 */
export const GET = endpoint(async ({ url, locals }) => {
  requireAdmin(locals);
  const q = url.searchParams;
  const filter = {
    reporterId: idOrUndefined(q, 'reporterId'),
    targetType: enumParam(q, 'targetType', REPORT_TARGET_TYPES),
    targetId: idOrUndefined(q, 'targetId'),
    reason: enumParam(q, 'reason', REPORT_REASONS),
  };
  const page = pageParams(q);
  const db = await getDb();
  const [items, total] = await Promise.all([openReports(db, filter, page), countOpenReports(db, filter)]);
  return json({ items, total } satisfies OpenReportsPage);
});
export const ALL = notAllowed;
