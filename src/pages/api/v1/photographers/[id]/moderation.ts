import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { idParam } from '#server/http/query';
import { json } from '#server/http/respond';
import { hiddenPhotographerView } from '#server/services/moderation-read';
import { photographerNotFound } from '#server/services/photographers';

/** A hidden photographer page with why it was hidden, for its owner and admins; 404 to everyone else. */
export const GET = endpoint(async ({ params, locals }) => {
  const id = idParam(params['id']);
  if (id === null) throw photographerNotFound();
  return json(await hiddenPhotographerView(await getDb(), locals.user, id));
});
export const ALL = notAllowed;
