import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { json, noContent } from '#server/http/respond';
import { deleteReview, editReview, getReview, reviewNotFound } from '#server/services/reviews';

/** A shown review for anyone; a hidden one for its author (with the reason) and admins. */
export const GET = endpoint(async ({ params, locals }) => {
  const id = idParam(params['id']);
  if (id === null) throw reviewNotFound();
  return json(await getReview(await getDb(), locals.user, id));
});

/** Its author edits it for 7 days. */
export const PATCH = endpoint(async ({ params, request, locals }) => {
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  const id = idParam(params['id']);
  if (id === null) throw reviewNotFound();
  return json(await editReview(await getDb(), me, id, await readJson(request)));
});

/** Its author deletes it at any time. */
export const DELETE = endpoint(async ({ params, locals }) => {
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  const id = idParam(params['id']);
  if (id === null) throw reviewNotFound();
  await deleteReview(await getDb(), me, id);
  return noContent();
});
export const ALL = notAllowed;
