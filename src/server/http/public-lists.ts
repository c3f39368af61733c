/**
 * The two public lists of the API (`GET /api/v1/promotions/list`, `/photographers/list`): what each
 * shows, reads and lays over for a member.
 */
import { tags } from '#server/cache/tags';
import { listPhotographers } from '#server/services/photographers';
import { listPromotions } from '#server/services/promotion-lists';
import { withPhotographerSaves, withPromotionSaves } from '#server/services/saved-state';
import type { PublicList } from './list-endpoint';

/** Events: the answer is shared (tag `events`); a member's `isSaved` and live counts are laid over it. */
export const promotionListApi = {
  shows: tags.events,
  route: 'promotionList',
  list: listPromotions,
  overlay: withPromotionSaves,
} satisfies PublicList<'promotionList', Awaited<ReturnType<typeof listPromotions>>>;

/** Photographers: the answer is shared (tag `photographers`); a member's `isSaved` is laid over it. */
export const photographerListApi = {
  shows: tags.photographers,
  route: 'photographerList',
  list: listPhotographers,
  overlay: withPhotographerSaves,
} satisfies PublicList<'photographerList', Awaited<ReturnType<typeof listPhotographers>>>;
