import { requirePhotographerOrAdmin } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { json } from '#server/http/respond';
import { createPromotionFromBody } from '#server/services/promotion-writes';

/** PHOTOGRAPHER or ADMIN: 201 with Location. */
export const POST = endpoint(async (ctx) => {
  const { request, locals } = ctx;
  const me = requirePhotographerOrAdmin(locals);
  await limitWrite(me.id);
  const created = await createPromotionFromBody(await getDb(), me, await readJson(request));
  return json(created, 201, { Location: `/api/v1/promotions/${created.id}` });
});
export const ALL = notAllowed;
