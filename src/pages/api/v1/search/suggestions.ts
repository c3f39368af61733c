import { endpoint, notAllowed } from '#server/http/endpoint';
import { json } from '#server/http/respond';
import { routeInput } from '#server/cache/routes';
import { publicCache, tags } from '#server/cache/tags';
import { getDb } from '#server/db/index';
import { suggest } from '#server/services/suggestions';

/**
 * GET /api/v1/search/suggestions?q=… → `{items: {kind, text}[]}`: what the search field offers for
 * what is typed (docs/api.md). The same for everyone: a cached route whose key is the typed text as
 * looked up, invalidated with the event and photographer lists (a hidden event leaves at once).
 */
export const GET = endpoint(async ({ url, cache }) => {
  const { q } = routeInput('suggestions', url);
  cache.set(publicCache([tags.events, tags.photographers]));
  return json({ items: await suggest(await getDb(), q) });
});
export const HEAD = GET;
export const ALL = notAllowed;
