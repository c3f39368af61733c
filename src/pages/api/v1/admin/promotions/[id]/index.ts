import { requireAdmin } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { noContent } from '#server/http/respond';
import { moderatorDeletePromotion } from '#server/services/moderation';
import { promotionNotFound } from '#server/services/promotions';

/** ADMIN deletes an event, public or hidden, resolving its reports. */
export const DELETE = endpoint(async (ctx) => {
  const me = requireAdmin(ctx.locals);
  await limitWrite(me.id);
  const id = idParam(ctx.params['id']);
  if (id === null) throw promotionNotFound();
  await moderatorDeletePromotion(await getDb(), me, id);
  return noContent();
});
export const ALL = notAllowed;
