/**
 * The two public lists of the API (`GET /api/v1/promotions/list`, `/photographers/list`): what each
 * shows, reads and lays over for a member. The Astro routes answer with them (anonymous callers, and
 * everyone under `astro dev`); the production server answers members with the same specs before Astro
 * (`member-list-answers.ts`).
 */
import type { Principal } from '#server/auth/principal';
import type { SaveKind } from '#server/cache/members';
import { tags } from '#server/cache/tags';
import { listPhotographers } from '#server/services/photographers';
import { listPromotions } from '#server/services/promotion-lists';
import { withPhotographerSaves, withPromotionSaves } from '#server/services/saved-state';
import { memberList, type ListRoute, type PublicList, type SavedPage } from './list-endpoint';

/** Events: the answer is shared (tag `events`); a member's `isSaved` and own counts are laid over it. */
export const promotionListApi = {
  shows: tags.events,
  route: 'promotionList',
  list: listPromotions,
  kind: 'promotion',
  overlay: withPromotionSaves,
} satisfies PublicList<'promotionList', Awaited<ReturnType<typeof listPromotions>>>;

/** Photographers: the answer is shared (tag `photographers`); a member's `isSaved` is laid over it. */
export const photographerListApi = {
  shows: tags.photographers,
  route: 'photographerList',
  list: listPhotographers,
  kind: 'photographer',
  overlay: withPhotographerSaves,
} satisfies PublicList<'photographerList', Awaited<ReturnType<typeof listPhotographers>>>;

/** A public list as the server answers members: what its items are, and a member's answer at a URL. */
export interface MemberListRoute {
  kind: SaveKind;
  /** Throws the 4xx of a bad query, as the endpoint does. */
  answer: (url: URL, member: Principal) => Promise<unknown>;
}

const routeOf = <R extends ListRoute, T extends SavedPage>(spec: PublicList<R, T>): MemberListRoute => ({
  kind: spec.kind,
  answer: (url, member) => memberList(spec, url, member),
});

const byPath = new Map<string, MemberListRoute>([
  ['/api/v1/promotions/list', routeOf(promotionListApi)],
  ['/api/v1/photographers/list', routeOf(photographerListApi)],
]);

/** The public list at `pathname`, or undefined when it is not one. */
export function memberListAt(pathname: string): MemberListRoute | undefined {
  return byPath.get(pathname);
}
