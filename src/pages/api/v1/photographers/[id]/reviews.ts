import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { idParam, pageParams } from '#server/http/query';
import { json } from '#server/http/respond';
import { photographerNotFound } from '#server/services/photographers';
import { listPhotographerReviews } from '#server/services/reviews';

/** A photographer's reviews, newest first, a page at a time (hidden and deleted ones never). */
export const GET = endpoint(async ({ params, url }) => {
  const id = idParam(params['id']);
  if (id === null) throw photographerNotFound();
  return json(await listPhotographerReviews(await getDb(), id, pageParams(url.searchParams)));
});
export const ALL = notAllowed;
