import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { idParam } from '#server/http/query';
import { json } from '#server/http/respond';
import { getPhotographer, photographerNotFound } from '#server/services/photographers';

export const GET = endpoint(async ({ params, locals }) => {
  const id = idParam(params['id']);
  if (id === null) throw photographerNotFound();
  return json(await getPhotographer(await getDb(), id, locals.user));
});
export const ALL = notAllowed;
