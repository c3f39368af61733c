import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { pageParams } from '#server/http/query';
import { json } from '#server/http/respond';
import { listMine } from '#server/services/applications';

/** The caller's own applications, newest first (내 신청). */
export const GET = endpoint(async ({ url, locals }) => {
  const me = requireRegistered(locals);
  return json(await listMine(await getDb(), me, pageParams(url.searchParams)));
});
export const ALL = notAllowed;
