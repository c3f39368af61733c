import { getDb } from '../../../../server/db/index';
import { endpoint, notAllowed } from '../../../../server/http/endpoint';
import { pageParams } from '../../../../server/http/query';
import { json } from '../../../../server/http/respond';
import { parsePhotographerFilter } from '../../../../server/services/list-query';
import { listPhotographers } from '../../../../server/services/photographers';

export const GET = endpoint(async ({ url, locals }) => {
  const filter = parsePhotographerFilter(url.searchParams);
  const page = pageParams(url.searchParams);
  return json(await listPhotographers(await getDb(), filter, page, locals.user));
});
export const ALL = notAllowed;
