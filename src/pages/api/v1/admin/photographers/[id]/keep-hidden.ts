import { requireAdmin } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { noContent } from '#server/http/respond';
import { photographerNotFound } from '#server/services/photographers';
import { keepHidden } from '#server/services/review-requests';

/** ADMIN answers the owner's request to look again at a hidden photographer page: it stays hidden (logged). */
export const POST = endpoint(async (ctx) => {
  const me = requireAdmin(ctx.locals);
  await limitWrite(me.id);
  const id = idParam(ctx.params['id']);
  if (id === null) throw photographerNotFound();
  await keepHidden(await getDb(), me, 'PHOTOGRAPHER', id, '');
  return noContent();
});
export const ALL = notAllowed;
