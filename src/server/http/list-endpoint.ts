/**
 * The GET of a public list (`/promotions/list`, `/photographers/list`): read the filter and the page,
 * answer the list that is the same for everyone (a cached public answer for anonymous callers, the
 * members' shared copy otherwise, decision 009) and lay the member's own saved state over it.
 */
import type { APIRoute } from 'astro';
import type { Page, PageRequest } from '#lib/page';
import type { Principal } from '#server/auth/principal';
import { warmSavedIds } from '#server/cache/member-news';
import { savedIds, type SaveKind } from '#server/cache/members';
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
  /** The list as `viewer` sees it (null: as everyone does, nothing saved). */
  list: (db: Db, filter: RouteInput<R>['filter'], page: PageRequest, viewer: Principal | null) => Promise<T>;
  /** What the list's items are, for the member's kept saved ids (cache/members.ts). */
  kind: SaveKind;
  /** The caller's part laid over the shared answer. */
  overlay: (db: Db, memberId: number, answer: T) => Promise<T>;
}

export function publicListEndpoint<R extends ListRoute, T extends SavedPage>(spec: PublicList<R, T>): APIRoute {
  return endpoint(async ({ url, locals, cache }) => {
    if (locals.user) return json(await memberList(spec, url, locals.user));
    const { filter, page } = routeInput(spec.route, url);
    const db = await getDb();
    cache.set(publicCache([spec.shows]));
    return json(await spec.list(db, filter, page, null));
  });
}

/**
 * A member's answer of the list at `url` (the endpoint's, and the production server's before Astro:
 * `member-list-answers.ts`); a bad query throws its 4xx. Once it is answered, the member's saved ids are
 * kept, and their next calls are answered from kept state (cache/member-lists.ts).
 */
export async function memberList<R extends ListRoute, T extends SavedPage>(
  spec: PublicList<R, T>,
  url: URL,
  member: Principal,
): Promise<T> {
  const input = routeInput(spec.route, url);
  const db = await getDb();
  const answer = await memberListAnswer(db, spec, input.filter, input.page, keyOf(spec.route, input), member);
  warmSavedIds(db, member.id, spec.kind);
  return answer;
}

/**
 * A member's list answer: the shared answer with their part laid over it (one statement). When there is
 * no shared answer to reuse, the list is read in the statements of the list itself (decision 008, round
 * 6) and shared without their part: as everyone sees it, with `isSaved` from the member's kept saved ids
 * when this instance has them (`cache/members.ts`, exact), else as the member sees it.
 */
export async function memberListAnswer<R extends ListRoute, T extends SavedPage>(
  db: Db,
  spec: PublicList<R, T>,
  filter: RouteInput<R>['filter'],
  page: PageRequest,
  key: string,
  member: Principal,
): Promise<T> {
  const saved = savedIds(member.id, spec.kind);
  let own: T | undefined;
  const shared = await sharedAnswer(key, [spec.shows], async () => {
    own = await spec.list(db, filter, page, saved ? null : member);
    return saved ? own : { ...own, items: own.items.map((item) => ({ ...item, isSaved: false })) };
  });
  if (own && saved) return { ...own, items: own.items.map((item) => ({ ...item, isSaved: saved.has(item.id) })) };
  return own ?? spec.overlay(db, member.id, shared);
}
