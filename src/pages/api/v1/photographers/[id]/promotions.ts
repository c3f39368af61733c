import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { enumParam, idParam, pageParams } from '#server/http/query';
import { json } from '#server/http/respond';
import { listPhotographerPromotions, PHOTOGRAPHER_EVENT_STATUSES } from '#server/services/photographer-promotions';
import { photographerNotFound } from '#server/services/photographers';

export const GET = endpoint(async ({ params, url, locals }) => {
  const id = idParam(params['id']);
  if (id === null) throw photographerNotFound();
  const status = enumParam(url.searchParams, 'status', PHOTOGRAPHER_EVENT_STATUSES) ?? 'CURRENT';
  const page = pageParams(url.searchParams);
  return json(await listPhotographerPromotions(await getDb(), id, status, page, locals.user));
});
export const ALL = notAllowed;
