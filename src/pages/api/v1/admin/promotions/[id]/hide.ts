import { requireAdmin } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { unwrap } from '#server/services/errors';
import { idParam } from '#server/http/query';
import { noContent } from '#server/http/respond';
import { validateHideInput } from '#lib/rules/report';
import { hidePromotion } from '#server/services/moderation';
import { promotionNotFound } from '#server/services/promotions';

/** ADMIN hides a public event, with the reason its author reads. */
export const POST = endpoint(async (ctx) => {
  const me = requireAdmin(ctx.locals);
  await limitWrite(me.id);
  const id = idParam(ctx.params['id']);
  if (id === null) throw promotionNotFound();
  const { reason } = unwrap(validateHideInput(await readJson(ctx.request)));
  await hidePromotion(await getDb(), me, id, reason);
  return noContent();
});
export const ALL = notAllowed;
