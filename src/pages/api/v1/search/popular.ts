import { endpoint, notAllowed } from '#server/http/endpoint';
import { readJson } from '#server/http/body';
import { ApiError, badRequest } from '#server/http/errors';
import { limitSearchCount } from '#server/http/limits';
import { json, noContent } from '#server/http/respond';
import { publicCache, tags } from '#server/cache/tags';
import { getDb } from '#server/db/index';
import { popularSearches, recordSearch } from '#server/services/suggestions';

/**
 * GET /api/v1/search/popular → `{keywords: string[]}`: the searches most made in the last 7 days. The
 * same for everyone: a cached route (it lags new counts by the page cache's max age).
 */
export const GET = endpoint(async ({ cache }) => {
  cache.set(publicCache([tags.events, tags.photographers]));
  return json({ keywords: await popularSearches(await getDb()) });
});
export const HEAD = GET;

/**
 * POST /api/v1/search/popular `{keyword}` → 204: counts one search of the keyword today, when it finds
 * something. Nothing about who searched is stored; past `SEARCH_COUNT_LIMIT` a window from one address
 * the search is not counted (still 204: the search itself went through).
 */
export const POST = endpoint(async (ctx) => {
  const body = await readJson(ctx.request, 1024);
  const keyword = body['keyword'];
  if (typeof keyword !== 'string' || keyword.length > 100)
    throw badRequest('keyword 는 100자 이하의 문자열이어야 합니다.');
  try {
    await limitSearchCount(ctx);
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) return noContent();
    throw err;
  }
  await recordSearch(await getDb(), keyword);
  return noContent();
});
export const ALL = notAllowed;
