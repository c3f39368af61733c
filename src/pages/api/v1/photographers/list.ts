import { tags } from '#server/cache/tags';
import { notAllowed } from '#server/http/endpoint';
import { publicListEndpoint } from '#server/http/list-endpoint';
import { parsePhotographerFilter } from '#server/http/list-query';
import { listPhotographers } from '#server/services/photographers';
import { withPhotographerSaves } from '#server/services/saved-state';

/** The answer is shared (cached, tag `photographers`); a member's `isSaved` is laid over it. */
export const GET = publicListEndpoint({
  shows: tags.photographers,
  filter: parsePhotographerFilter,
  list: listPhotographers,
  kind: 'photographer',
  overlay: withPhotographerSaves,
});
export const ALL = notAllowed;
