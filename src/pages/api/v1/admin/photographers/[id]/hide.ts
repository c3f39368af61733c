import { requireAdmin } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { unwrap } from '#server/services/errors';
import { validateHideInput } from '#lib/rules/report';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { noContent } from '#server/http/respond';
import { setPhotographerHidden } from '#server/services/moderation';
import { photographerNotFound } from '#server/services/photographers';

/** ADMIN hides a photographer page from the public, with the reason. */
export const POST = endpoint(async (ctx) => {
  const me = requireAdmin(ctx.locals);
  await limitWrite(me.id);
  const id = idParam(ctx.params['id']);
  if (id === null) throw photographerNotFound();
  const { reason } = unwrap(validateHideInput(await readJson(ctx.request)));
  await setPhotographerHidden(await getDb(), me, id, { reason });
  return noContent();
});
export const ALL = notAllowed;
