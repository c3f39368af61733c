import { getDb } from '../../../../server/db/index';
import { endpoint, notAllowed } from '../../../../server/http/endpoint';
import { pageParams } from '../../../../server/http/query';
import { json } from '../../../../server/http/respond';
import { parsePromotionFilter } from '../../../../server/services/list-query';
import { listPromotions } from '../../../../server/services/promotion-lists';

export const GET = endpoint(async ({ url, locals }) => {
  const filter = parsePromotionFilter(url.searchParams);
  const page = pageParams(url.searchParams);
  return json(await listPromotions(await getDb(), filter, page, locals.user));
});
export const ALL = notAllowed;
