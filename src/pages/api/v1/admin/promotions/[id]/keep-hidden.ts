import { requireAdmin } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { noContent } from '#server/http/respond';
import { promotionNotFound } from '#server/services/promotions';
import { keepHidden } from '#server/services/review-requests';

/** ADMIN answers the owner's request to look again at a hidden event: it stays hidden (logged). */
export const POST = endpoint(async (ctx) => {
  const me = requireAdmin(ctx.locals);
  await limitWrite(me.id);
  const id = idParam(ctx.params['id']);
  if (id === null) throw promotionNotFound();
  await keepHidden(await getDb(), me, 'PROMOTION', id, '');
  return noContent();
});
export const ALL = notAllowed;
