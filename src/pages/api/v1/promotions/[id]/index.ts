import type { APIContext } from 'astro';
import { requireRegistered } from '#server/auth/guards';
import { readJson } from '#server/http/body';
import { updatePromotionFromBody } from '#server/services/promotion-writes';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { json, noContent } from '#server/http/respond';
import { deletePromotion, getPromotion, promotionNotFound } from '#server/services/promotions';

/** PromotionResponse; does not count a view. A hidden author's id only for the author and admins. */
export const GET = endpoint(async ({ params, locals }) => {
  const id = idParam(params['id']);
  if (id === null) throw promotionNotFound();
  return json(await getPromotion(await getDb(), id, locals.user));
});

/** Soft delete by the author or an ADMIN. */
export const DELETE = endpoint(async (ctx) => {
  const { params, locals } = ctx;
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  const id = idParam(params['id']);
  if (id === null) throw promotionNotFound();
  await deletePromotion(await getDb(), me, id);
  return noContent();
});
/** Only the author edits (same body as create, without isAuthorHidden). */
const update = async (ctx: APIContext) => {
  const { params, request, locals } = ctx;
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  const id = idParam(params['id']);
  if (id === null) throw promotionNotFound();
  const updated = await updatePromotionFromBody(await getDb(), me, id, await readJson(request));
  return json(updated);
};
export const PUT = endpoint(update);
export const PATCH = endpoint(update);
export const ALL = notAllowed;
