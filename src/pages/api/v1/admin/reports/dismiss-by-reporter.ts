import type { DismissedReports } from '#lib/contract-moderation';
import { requireAdmin } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { badRequest } from '#server/http/errors';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { json } from '#server/http/respond';
import { dismissReportsOf } from '#server/services/moderation';

/** ADMIN: closes every open report of one reporter (`{reporterId}`), answers how many. */
export const POST = endpoint(async ({ request, locals }) => {
  const me = requireAdmin(locals);
  await limitWrite(me.id);
  const body = (await readJson(request)) as { reporterId?: unknown } | null;
  const reporterId = body?.reporterId;
  if (typeof reporterId !== 'number' || !Number.isInteger(reporterId) || reporterId < 1)
    throw badRequest('reporterId 는 회원 번호여야 합니다.');
  return json({ dismissed: await dismissReportsOf(await getDb(), me, reporterId) } satisfies DismissedReports);
});
export const ALL = notAllowed;
