/**
 * The two public lists of the API (`GET /api/v1/promotions/list`, `/photographers/list`): what each
 * shows, reads and lays over for a member.
 */
import { tags } from '#server/cache/tags';
import { listPhotographers } from '#server/services/photographers';
import { listPromotions } from '#server/services/promotion-lists';
import { withPhotographerSaves, withPromotionSaves } from '#server/services/saved-state';
import { publicList } from './list-endpoint';

/** Events: the answer is shared (tag `events`); a member's `isSaved` and live counts are laid over it. */
export const promotionListApi = publicList('promotionList', tags.events, listPromotions, withPromotionSaves);

/** Photographers: the answer is shared (tag `photographers`); a member's `isSaved` is laid over it. */
export const photographerListApi = publicList(
  'photographerList',
  tags.photographers,
  listPhotographers,
  withPhotographerSaves,
);
