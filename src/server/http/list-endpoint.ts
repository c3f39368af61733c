/**
 * The GET of a public list (`/promotions/list`, `/photographers/list`): read the filter and the page
 * (`cache/routes.ts`, the same reading the cache key is made from), answer the list that is the same for
 * everyone (a cached public answer for anonymous callers, the members' shared copy otherwise, decision
 * 009) and lay the member's own part over it: one statement for their `isSaved` and live counts.
 */
import type { APIRoute } from 'astro';
import type { Page, PageRequest } from '#lib/page';
import type { Principal } from '#server/auth/principal';
import { keyOf, routeInput, type RouteInput } from '#server/cache/routes';
import { sharedAnswer } from '#server/cache/shared-lists';
import { publicCache } from '#server/cache/tags';
import { getDb, type Db } from '#server/db/index';
import { endpoint } from './endpoint';
import { json } from './respond';

/** A list answer: a page of items each with the caller's `isSaved`. */
export type SavedPage = Page<{ id: number; isSaved: boolean }>;

/** The two list API routes; their filter and page are read by `cache/routes.ts`, for the key and the render alike. */
export type ListRoute = 'promotionList' | 'photographerList';

export interface PublicList<R extends ListRoute, T extends SavedPage> {
  /** The cache tag of what the list shows. */
  shows: string;
  /** Its cached route: the reading of the query string (throws the 4xx of a bad value). */
  route: R;
  /** The list as everyone sees it (nothing saved). */
  list: (db: Db, filter: RouteInput<R>['filter'], page: PageRequest, viewer: null) => Promise<T>;
  /** The caller's part laid over the shared answer. */
  overlay: (db: Db, memberId: number, answer: T) => Promise<T>;
}

/**
 * A public list: its cached route, the tag of what it shows, the list as everyone sees it and the
 * member's part laid over it; the answer's type is the list's.
 */
export function publicList<R extends ListRoute, T extends SavedPage>(
  route: R,
  shows: string,
  list: PublicList<R, T>['list'],
  overlay: PublicList<R, T>['overlay'],
): PublicList<R, T> {
  return { shows, route, list, overlay };
}

export function publicListEndpoint<R extends ListRoute, T extends SavedPage>(spec: PublicList<R, T>): APIRoute {
  return endpoint(async ({ url, locals, cache }) => {
    const input = routeInput(spec.route, url);
    const db = await getDb();
    // A cache in front keeps the anonymous answer apart from a member's (their isSaved).
    const vary = { Vary: 'Authorization' };
    if (locals.user) return json(await memberListAnswer(db, spec, input, locals.user), 200, vary);
    cache.set(publicCache([spec.shows]));
    return json(await spec.list(db, input.filter, input.page, null), 200, vary);
  });
}

/**
 * A member's answer: the shared answer for the filter (computed once per max age for everyone,
 * invalidated by the same tags as the pages) with the member's part laid over it.
 */
export async function memberListAnswer<R extends ListRoute, T extends SavedPage>(
  db: Db,
  spec: PublicList<R, T>,
  input: RouteInput<R>,
  member: Principal,
): Promise<T> {
  const shared = await sharedAnswer(keyOf(spec.route, input), [spec.shows], () =>
    spec.list(db, input.filter, input.page, null),
  );
  return spec.overlay(db, member.id, shared);
}
