import { requireAdmin } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { statsDaysParam } from '#server/http/query';
import { json } from '#server/http/respond';
import { siteStats } from '#server/services/statistics';

/** ADMIN: members, events, applications and reviews per day over `days` days (default 30), with a chart. */
export const GET = endpoint(async ({ url, locals }) => {
  requireAdmin(locals);
  return json(await siteStats(await getDb(), statsDaysParam(url.searchParams)));
});
export const ALL = notAllowed;
