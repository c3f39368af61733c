import { requireRegistered } from '../../../../../server/auth/guards';
import { getDb } from '../../../../../server/db/index';
import { endpoint, notAllowed } from '../../../../../server/http/endpoint';
import { json } from '../../../../../server/http/respond';
import { idListParam } from '../../../../../server/services/list-query';
import { savedIds } from '../../../../../server/services/photographers';

/**
 * (new) Which of the listed ids the caller has saved: one call per page for all save toggles.
 * `GET /api/v1/users/me/saves?promotionIds=1,2&photographerIds=3` → `{promotionIds: [2], photographerIds: []}`.
 */
export const GET = endpoint(async ({ url, locals }) => {
  const me = requireRegistered(locals);
  const promotionIds = idListParam(url.searchParams, 'promotionIds');
  const photographerIds = idListParam(url.searchParams, 'photographerIds');
  return json(await savedIds(await getDb(), me.id, promotionIds, photographerIds));
});
export const ALL = notAllowed;
