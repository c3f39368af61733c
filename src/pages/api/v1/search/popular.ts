import { endpoint, notAllowed } from '#server/http/endpoint';
import { readJson } from '#server/http/body';
import { badRequest } from '#server/http/errors';
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
 * something. Nothing about who searched is stored.
 */
export const POST = endpoint(async ({ request }) => {
  const body = await readJson(request, 1024);
  const keyword = body['keyword'];
  if (typeof keyword !== 'string' || keyword.length > 100)
    throw badRequest('keyword 는 100자 이하의 문자열이어야 합니다.');
  await recordSearch(await getDb(), keyword);
  return noContent();
});
export const ALL = notAllowed;
