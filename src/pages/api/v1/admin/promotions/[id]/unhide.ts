import { requireAdmin } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { noContent } from '#server/http/respond';
import { unhidePromotion } from '#server/services/moderation';
import { promotionNotFound } from '#server/services/promotions';

/** ADMIN shows a hidden event again. */
export const POST = endpoint(async (ctx) => {
  const me = requireAdmin(ctx.locals);
  await limitWrite(me.id);
  const id = idParam(ctx.params['id']);
  if (id === null) throw promotionNotFound();
  await unhidePromotion(await getDb(), me, id);
  return noContent();
});
export const ALL = notAllowed;
