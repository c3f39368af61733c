import { getDb } from '../../../../server/db/index';
import { apiListKey } from '../../../../server/cache/keys';
import { warmSavedIds } from '../../../../server/cache/member-news';
import { sharedAnswer } from '../../../../server/cache/shared-lists';
import { publicCache, tags } from '../../../../server/cache/tags';
import { endpoint, notAllowed } from '../../../../server/http/endpoint';
import { pageParams } from '../../../../server/http/query';
import { json } from '../../../../server/http/respond';
import { parsePromotionFilter } from '../../../../server/http/list-query';
import { listPromotions } from '../../../../server/services/promotion-lists';
import { withPromotionSaves } from '../../../../server/services/saved-state';

/** The answer is shared (cached, tag `events`); a member's `isSaved` and own counts are laid over it. */
export const GET = endpoint(async ({ url, locals, cache }) => {
  const filter = parsePromotionFilter(url.searchParams);
  const page = pageParams(url.searchParams);
  const db = await getDb();
  const shows = [tags.events];
  const shared = () => listPromotions(db, filter, page, null);
  if (!locals.user) {
    cache.set(publicCache(shows));
    return json(await shared());
  }
  const answer = await sharedAnswer(apiListKey(url.pathname, url.searchParams), shows, shared);
  // The next calls of this member are answered before Astro (cache/member-lists.ts) once this is kept.
  warmSavedIds(db, locals.user.id, 'promotion');
  return json(await withPromotionSaves(db, locals.user.id, answer));
});
export const ALL = notAllowed;
