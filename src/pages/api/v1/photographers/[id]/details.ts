import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { idParam } from '#server/http/query';
import { json } from '#server/http/respond';
import { getPhotographerDetails, photographerNotFound } from '#server/services/photographers';

export const GET = endpoint(async ({ params, locals }) => {
  const id = idParam(params['id']);
  const details = id === null ? null : await getPhotographerDetails(await getDb(), id, locals.user);
  if (!details) throw photographerNotFound();
  return json(details);
});
export const ALL = notAllowed;
