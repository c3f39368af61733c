import { getConfig } from '#server/config';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { idParam } from '#server/http/query';
import { clientKey } from '#server/http/rate-limit';
import { json } from '#server/http/respond';
import { viewerKey } from '#server/services/promotion-views';
import { getPromotionDetails, promotionNotFound, viewPromotionDetails } from '#server/services/promotions';

/** Details for a reader; counts a view once per viewer, event and day (docs/views.md). */
export const GET = endpoint(async ({ params, locals, request, clientAddress }) => {
  const id = idParam(params['id']);
  if (id === null) throw promotionNotFound();
  const db = await getDb();
  // HEAD never counts: scripts/server.mjs answers it as GET and says so in X-Original-Method (dropping a
  // client's own).
  if (request.method === 'HEAD' || request.headers.get('x-original-method') === 'HEAD') {
    const details = await getPromotionDetails(db, id, locals.user);
    if (!details) throw promotionNotFound();
    return json(details);
  }
  let address: string | undefined;
  try {
    address = clientAddress;
  } catch {
    address = undefined;
  }
  const viewer = viewerKey(locals.user, clientKey(request, address, getConfig().trustProxy));
  return json(await viewPromotionDetails(db, id, locals.user, viewer));
});
export const ALL = notAllowed;
