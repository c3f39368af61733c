import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { json } from '#server/http/respond';
import { replyToReview, reviewNotFound } from '#server/services/reviews';

/** The reviewed photographer answers, once. */
export const POST = endpoint(async ({ params, request, locals }) => {
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  const id = idParam(params['id']);
  if (id === null) throw reviewNotFound();
  return json(await replyToReview(await getDb(), me, id, await readJson(request)));
});
export const ALL = notAllowed;
