/**
 * The region catalogue as the API serves it. The data is static (src/data), so the answers are built
 * once and may be cached by browsers and proxies for a day.
 */
import { REGION_CATEGORIES, REGION_CLUSTER_GROUPS, REGION_GROUPS } from '#lib/regions';
import type { RegionClusterGroup, RegionGroup } from '#lib/regions';

export const REGIONS_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

const categories = { categories: [...REGION_CATEGORIES] };
const groups = { regionGroups: REGION_GROUPS.map((g) => ({ category: g.category, regions: [...g.regions] })) };
const clusters = {
  regionClusters: REGION_CLUSTER_GROUPS.map((g) => ({ category: g.category, clusters: [...g.clusters] })),
};

/** `{categories}` in the order of the data. */
export function listRegionCategories(): { categories: string[] } {
  return categories;
}

/** `{regionGroups: [{category, regions}]}`: every category with its region names, in the order of the data. */
export function listRegionGroups(): { regionGroups: RegionGroup[] } {
  return groups;
}

/** `{regionClusters: [{category, clusters}]}`: every category with its filter clusters (possibly none). */
export function listRegionClusters(): { regionClusters: RegionClusterGroup[] } {
  return clusters;
}
