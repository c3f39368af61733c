import { getDb } from '../../../../server/db/index';
import { apiListKey } from '../../../../server/cache/keys';
import { warmSavedIds } from '../../../../server/cache/member-news';
import { sharedAnswer } from '../../../../server/cache/shared-lists';
import { publicCache, tags } from '../../../../server/cache/tags';
import { endpoint, notAllowed } from '../../../../server/http/endpoint';
import { pageParams } from '../../../../server/http/query';
import { json } from '../../../../server/http/respond';
import { parsePhotographerFilter } from '../../../../server/http/list-query';
import { listPhotographers } from '../../../../server/services/photographers';
import { withPhotographerSaves } from '../../../../server/services/saved-state';

/** The answer is shared (cached, tag `photographers`); a member's `isSaved` is laid over it. */
export const GET = endpoint(async ({ url, locals, cache }) => {
  const filter = parsePhotographerFilter(url.searchParams);
  const page = pageParams(url.searchParams);
  const db = await getDb();
  const shows = [tags.photographers];
  const shared = () => listPhotographers(db, filter, page, null);
  if (!locals.user) {
    cache.set(publicCache(shows));
    return json(await shared());
  }
  const answer = await sharedAnswer(apiListKey(url.pathname, url.searchParams), shows, shared);
  // The next calls of this member are answered before Astro (cache/member-lists.ts) once this is kept.
  warmSavedIds(db, locals.user.id, 'photographer');
  return json(await withPhotographerSaves(db, locals.user.id, answer));
});
export const ALL = notAllowed;
