import type { APIContext } from 'astro';
import { requireMember } from '../../../../../server/auth/guards';
import { readJson } from '../../../../../server/http/body';
import { updatePromotionFromBody } from '../../../../../server/services/promotion-writes';
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
  await limitWrite(me.id);
  const id = idParam(params['id']);
  if (id === null) throw promotionNotFound();
  await deletePromotion(await getDb(), me, id);
  return noContent();
});
/** Only the author edits (same body as create, without isAuthorHidden). */
const update = async ({ params, request, locals }: APIContext) => {
  const me = requireMember(locals);
  await limitWrite(me.id);
  const id = idParam(params['id']);
  if (id === null) throw promotionNotFound();
  return json(await updatePromotionFromBody(await getDb(), me, id, await readJson(request)));
};
export const PUT = endpoint(update);
export const PATCH = endpoint(update);
export const ALL = notAllowed;
