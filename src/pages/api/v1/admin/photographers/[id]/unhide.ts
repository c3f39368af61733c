import { requireAdmin } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { noContent } from '#server/http/respond';
import { setPhotographerHidden } from '#server/services/moderation';
import { photographerNotFound } from '#server/services/photographers';

/** ADMIN shows a hidden photographer page again. */
export const POST = endpoint(async (ctx) => {
  const me = requireAdmin(ctx.locals);
  await limitWrite(me.id);
  const id = idParam(ctx.params['id']);
  if (id === null) throw photographerNotFound();
  await setPhotographerHidden(await getDb(), me, id, null);
  return noContent();
});
export const ALL = notAllowed;
