import { requireMember } from '../../../../../server/auth/guards';
import { getDb } from '../../../../../server/db/index';
import { endpoint, notAllowed } from '../../../../../server/http/endpoint';
import { limitWrite } from '../../../../../server/http/limits';
import { idParam } from '../../../../../server/http/query';
import { json, noContent } from '../../../../../server/http/respond';
import { deletePromotion, getPromotion, promotionNotFound } from '../../../../../server/services/promotions';

/** PromotionResponse; does not count a view. */
export const GET = endpoint(async ({ params }) => {
  const id = idParam(params['id']);
  if (id === null) throw promotionNotFound();
  return json(await getPromotion(await getDb(), id));
});

/** Soft delete by the author or an ADMIN. */
export const DELETE = endpoint(async ({ params, locals }) => {
  const me = requireMember(locals);
  limitWrite(me.id);
  const id = idParam(params['id']);
  if (id === null) throw promotionNotFound();
  await deletePromotion(await getDb(), me, id);
  return noContent();
});
export const ALL = notAllowed;
