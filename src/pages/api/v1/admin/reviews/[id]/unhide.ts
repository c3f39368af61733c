import { requireAdmin } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { noContent } from '#server/http/respond';
import { setReviewHidden } from '#server/services/moderation';
import { reviewNotFound } from '#server/services/reviews';

/** ADMIN shows a hidden review again. */
export const POST = endpoint(async (ctx) => {
  const me = requireAdmin(ctx.locals);
  await limitWrite(me.id);
  const id = idParam(ctx.params['id']);
  if (id === null) throw reviewNotFound();
  await setReviewHidden(await getDb(), me, id, null);
  return noContent();
});
export const ALL = notAllowed;
