import { requirePhotographer } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { statsDaysParam } from '#server/http/query';
import { json } from '#server/http/respond';
import { photographerStats } from '#server/services/statistics';

/** A photographer's statistics over `days` days (default 30): totals, per day, per event, a chart (issue 43). */
export const GET = endpoint(async ({ url, locals }) => {
  const me = requirePhotographer(locals);
  return json(await photographerStats(await getDb(), me.id, statsDaysParam(url.searchParams)));
});
export const ALL = notAllowed;
