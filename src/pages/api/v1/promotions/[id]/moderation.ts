import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { idParam } from '#server/http/query';
import { json } from '#server/http/respond';
import { hiddenPromotionView } from '#server/services/moderation-read';
import { promotionNotFound } from '#server/services/promotions';

/** A hidden event with why it was hidden, for its author and admins; 404 to everyone else. */
export const GET = endpoint(async ({ params, locals }) => {
  const id = idParam(params['id']);
  if (id === null) throw promotionNotFound();
  return json(await hiddenPromotionView(await getDb(), locals.user, id));
});
export const ALL = notAllowed;
