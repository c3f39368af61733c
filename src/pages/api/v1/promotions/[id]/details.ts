import { getDb } from '../../../../../server/db/index';
import { endpoint, notAllowed } from '../../../../../server/http/endpoint';
import { idParam } from '../../../../../server/http/query';
import { json } from '../../../../../server/http/respond';
import { promotionNotFound, viewPromotionDetails } from '../../../../../server/services/promotions';

/** Details for a reader; counts one view. */
export const GET = endpoint(async ({ params, locals }) => {
  const id = idParam(params['id']);
  if (id === null) throw promotionNotFound();
  return json(await viewPromotionDetails(await getDb(), id, locals.user));
});
export const ALL = notAllowed;
