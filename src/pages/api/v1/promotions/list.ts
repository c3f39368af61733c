import { tags } from '#server/cache/tags';
import { notAllowed } from '#server/http/endpoint';
import { publicListEndpoint } from '#server/http/list-endpoint';
import { parsePromotionFilter } from '#server/http/list-query';
import { listPromotions } from '#server/services/promotion-lists';
import { withPromotionSaves } from '#server/services/saved-state';

/** The answer is shared (cached, tag `events`); a member's `isSaved` and own counts are laid over it. */
export const GET = publicListEndpoint({
  shows: tags.events,
  filter: parsePromotionFilter,
  list: listPromotions,
  kind: 'promotion',
  overlay: withPromotionSaves,
});
export const ALL = notAllowed;
