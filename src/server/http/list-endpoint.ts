/**
 * The GET of a public list (`/promotions/list`, `/photographers/list`): read the filter and the page,
 * answer the list that is the same for everyone (a cached public answer for anonymous callers, the
 * members' shared copy otherwise, decision 009) and lay the member's own saved state over it.
 */
import type { APIRoute } from 'astro';
import type { PageRequest } from '#lib/page';
import { apiListKey } from '#server/cache/keys';
import { warmSavedIds } from '#server/cache/member-news';
import type { SaveKind } from '#server/cache/members';
import { sharedAnswer } from '#server/cache/shared-lists';
import { publicCache } from '#server/cache/tags';
import { getDb, type Db } from '#server/db/index';
import { endpoint } from './endpoint';
import { pageParams } from './query';
import { json } from './respond';

export interface PublicList<F, T> {
  /** The cache tag of what the list shows. */
  shows: string;
  /** The filter of the query string (throws the 4xx of a bad value). */
  filter: (params: URLSearchParams) => F;
  /** The list for everyone (no caller). */
  list: (db: Db, filter: F, page: PageRequest) => Promise<T>;
  /** What the list's items are, for the member's kept saved ids (cache/members.ts). */
  kind: SaveKind;
  /** The caller's part laid over the shared answer. */
  overlay: (db: Db, memberId: number, answer: T) => Promise<T>;
}

export function publicListEndpoint<F, T>({
  shows,
  filter: readFilter,
  list,
  kind,
  overlay,
}: PublicList<F, T>): APIRoute {
  return endpoint(async ({ url, locals, cache }) => {
    const filter = readFilter(url.searchParams);
    const page = pageParams(url.searchParams);
    const db = await getDb();
    const shared = () => list(db, filter, page);
    if (!locals.user) {
      cache.set(publicCache([shows]));
      return json(await shared());
    }
    const answer = await sharedAnswer(apiListKey(url.pathname, url.searchParams), [shows], shared);
    // The member's next calls are answered before Astro (cache/member-lists.ts) once this is kept.
    warmSavedIds(db, locals.user.id, kind);
    return json(await overlay(db, locals.user.id, answer));
  });
}
