import { notAllowed } from '#server/http/endpoint';
import { publicListEndpoint } from '#server/http/list-endpoint';
import { photographerListApi } from '#server/http/public-lists';

/** Anonymous callers here (cached, tag `photographers`); members are answered before Astro in production. */
export const GET = publicListEndpoint(photographerListApi);
export const ALL = notAllowed;
