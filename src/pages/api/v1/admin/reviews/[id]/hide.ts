import { requireAdmin } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { unwrap } from '#server/services/errors';
import { validateHideInput } from '#lib/rules/report';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { noContent } from '#server/http/respond';
import { setReviewHidden } from '#server/services/moderation';
import { reviewNotFound } from '#server/services/reviews';

/** ADMIN hides a review, with the reason its author reads. */
export const POST = endpoint(async (ctx) => {
  const me = requireAdmin(ctx.locals);
  await limitWrite(me.id);
  const id = idParam(ctx.params['id']);
  if (id === null) throw reviewNotFound();
  const { reason } = unwrap(validateHideInput(await readJson(ctx.request)));
  await setReviewHidden(await getDb(), me, id, { reason });
  return noContent();
});
export const ALL = notAllowed;
