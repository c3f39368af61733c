import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { noContent } from '#server/http/respond';
import { photographerNotFound, savePhotographer } from '#server/services/photographers';

export const POST = endpoint(async ({ params, locals }) => {
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  const id = idParam(params['id']);
  if (id === null) throw photographerNotFound();
  await savePhotographer(await getDb(), me.id, id);
  return noContent();
});
export const ALL = notAllowed;
