import { notAllowed } from '#server/http/endpoint';
import { publicListEndpoint } from '#server/http/list-endpoint';
import { promotionListApi } from '#server/http/public-lists';

/** Anonymous callers here (cached, tag `events`); members are answered before Astro in production. */
export const GET = publicListEndpoint(promotionListApi);
export const ALL = notAllowed;
