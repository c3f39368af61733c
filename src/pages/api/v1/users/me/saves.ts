import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { json } from '#server/http/respond';
import { idListParam } from '#server/http/list-query';
import { savedState } from '#server/services/saved-state';

/**
 * (new) Which of the listed ids the caller has saved, with their live save counts: one call per page
 * for all save toggles (the page itself is a shared copy whose counts may be up to a minute old).
 * `GET /api/v1/users/me/saves?promotionIds=1,2&photographerIds=3` →
 * `{promotionIds: [2], photographerIds: [], promotionCounts: {"1": 0, "2": 5}, photographerCounts: {"3": 1}}`.
 */
export const GET = endpoint(async ({ url, locals }) => {
  const me = requireRegistered(locals);
  const promotionIds = idListParam(url.searchParams, 'promotionIds');
  const photographerIds = idListParam(url.searchParams, 'photographerIds');
  return json(await savedState(await getDb(), me.id, promotionIds, photographerIds));
});
export const ALL = notAllowed;
