import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { addressOf } from '#server/http/limits';
import { idParam, isHeadRequest } from '#server/http/query';
import { json } from '#server/http/respond';
import { viewerKey } from '#server/services/promotion-views';
import { getPromotionDetails, promotionNotFound, viewPromotionDetails } from '#server/services/promotions';

/** Details for a reader; counts a view once per viewer, event and day (docs/views.md). */
export const GET = endpoint(async (ctx) => {
  const { params, locals, request } = ctx;
  const id = idParam(params['id']);
  if (id === null) throw promotionNotFound();
  const db = await getDb();
  // HEAD never counts.
  if (isHeadRequest(request)) {
    const details = await getPromotionDetails(db, id, locals.user);
    if (!details) throw promotionNotFound();
    return json(details);
  }
  return json(await viewPromotionDetails(db, id, locals.user, viewerKey(locals.user, addressOf(ctx))));
});
export const ALL = notAllowed;
