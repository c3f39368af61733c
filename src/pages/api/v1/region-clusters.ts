import { endpoint, notAllowed } from '#server/http/endpoint';
import { json } from '#server/http/respond';
import { listRegionClusters, REGIONS_CACHE_CONTROL } from '#server/services/regions';

export const GET = endpoint(() => json(listRegionClusters(), 200, { 'Cache-Control': REGIONS_CACHE_CONTROL }));
export const HEAD = GET;
export const ALL = notAllowed;
