/**
 * The region catalogue (시/도 → 시/군/구) and the filter clusters, shared by browser and server.
 *
 * Wire format of region filters (`?regions=`): a value is either a whole category (`서울`) or one region
 * key (`서울 강남구`, category and name joined by one space). A cluster chosen in the filter bar is sent
 * split into its regions' keys (`clusterRegionKeys`); the server also accepts the cluster itself as
 * `{category} {cluster}` (`경기 하남/구리`) and expands it with the same function. Every part of a
 * cluster label, split on `/`, is an exact region name of its category (docs/decisions/006-region-data.md).
 */
import clusterData from '#data/region-clusters.json';
import regionData from '#data/regions.json';
import type { Region } from './domain';

export interface RegionGroup {
  category: string;
  regions: string[];
}

export interface RegionClusterGroup {
  category: string;
  clusters: string[];
}

export const CLUSTER_SEPARATOR = '/';

const regionsByCategory: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(regionData as Record<string, string[]>),
);
const clustersByCategory: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(clusterData as Record<string, string[]>),
);

/** Categories in the order of the data (서울, 경기, 인천, …). */
export const REGION_CATEGORIES: readonly string[] = [...regionsByCategory.keys()];

/** Every category with its region names, in the order of the data. */
export const REGION_GROUPS: readonly RegionGroup[] = REGION_CATEGORIES.map((category) => ({
  category,
  regions: [...(regionsByCategory.get(category) ?? [])],
}));

/** Every category with its filter clusters (possibly none), in the order of the data. */
export const REGION_CLUSTER_GROUPS: readonly RegionClusterGroup[] = REGION_CATEGORIES.map((category) => ({
  category,
  clusters: [...(clustersByCategory.get(category) ?? [])],
}));

const categoryIndex = new Map(REGION_CATEGORIES.map((c, i) => [c, i]));
const knownKeys = new Set(REGION_GROUPS.flatMap((g) => g.regions.map((name) => regionKey(g.category, name))));

/** The stored and filter form of a region: `서울 강남구`. */
export function regionKey(category: string, name: string): string {
  return `${category} ${name}`;
}

export function regionKeyOf(region: Region): string {
  return regionKey(region.category, region.name);
}

/** The stored columns of a row's regions: their keys (`regions`) and their categories without repeats. */
export function regionColumns(regions: readonly Region[]): { keys: string[]; categories: string[] } {
  return { keys: regions.map(regionKeyOf), categories: [...new Set(regions.map((r) => r.category))] };
}

/** `서울 강남구` → `{category: '서울', name: '강남구'}`; null without a space. Does not check the catalogue. */
export function parseRegionKey(key: string): Region | null {
  const space = key.indexOf(' ');
  if (space <= 0 || space === key.length - 1) return null;
  return { category: key.slice(0, space), name: key.slice(space + 1) };
}

export function isRegionCategory(value: string): boolean {
  return regionsByCategory.has(value);
}

export function isKnownRegion(category: string, name: string): boolean {
  return knownKeys.has(regionKey(category, name));
}

export function isKnownRegionKey(key: string): boolean {
  return knownKeys.has(key);
}

/** The region names of a category in the order of the data; empty for an unknown category. */
export function regionNamesOf(category: string): readonly string[] {
  return regionsByCategory.get(category) ?? [];
}

/** The filter clusters of a category; empty for an unknown category. */
export function clustersOf(category: string): readonly string[] {
  return clustersByCategory.get(category) ?? [];
}

/** Category in the order of the data (unknown ones last), then name. */
export function compareRegions(a: Region, b: Region): number {
  if (a.category !== b.category) {
    const ia = categoryIndex.get(a.category) ?? Number.MAX_SAFE_INTEGER;
    const ib = categoryIndex.get(b.category) ?? Number.MAX_SAFE_INTEGER;
    if (ia !== ib) return ia - ib;
    return a.category < b.category ? -1 : 1;
  }
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export function sortRegions<T extends Region>(regions: readonly T[]): T[] {
  return [...regions].sort(compareRegions);
}

/** Sorts region keys (`서울 강남구`) and categories (`서울`) the same way; a category comes before its regions. */
export function compareRegionValues(a: string, b: string): number {
  const ra = parseRegionKey(a) ?? { category: a, name: '' };
  const rb = parseRegionKey(b) ?? { category: b, name: '' };
  return compareRegions(ra, rb);
}

/** The regions of a cluster of `category`, or null when the category has no such cluster. */
export function clusterRegions(category: string, cluster: string): Region[] | null {
  if (!clustersOf(category).includes(cluster)) return null;
  return cluster.split(CLUSTER_SEPARATOR).map((name) => ({ category, name }));
}

/** The region keys a cluster stands for (what the filter bar sends); empty for an unknown cluster. */
export function clusterRegionKeys(category: string, cluster: string): string[] {
  return (clusterRegions(category, cluster) ?? []).map(regionKeyOf);
}

export interface RegionFilter {
  /** Region keys (`서울 강남구`), without those whose whole category is selected. */
  regions: string[];
  /** Whole categories (`서울`). */
  categories: string[];
  /** Values that name no category, region or cluster, as given (after whitespace normalisation). */
  unknown: string[];
}

/**
 * Filter values → the region keys and whole categories they select. A value is a category (`서울`), a
 * region key (`서울 강남구`) or a cluster with its category (`서울 송파구/강동구`). Both lists come
 * back without duplicates, in catalogue order.
 */
export function expandRegionFilter(values: readonly string[]): RegionFilter {
  const categories = new Set<string>();
  const regions = new Set<string>();
  const unknown: string[] = [];
  for (const raw of values) {
    const value = raw.normalize('NFC').replace(/\s+/g, ' ').trim();
    if (value === '') continue;
    if (isRegionCategory(value)) {
      categories.add(value);
      continue;
    }
    if (knownKeys.has(value)) {
      regions.add(value);
      continue;
    }
    const parsed = parseRegionKey(value);
    const cluster = parsed && clusterRegionKeys(parsed.category, parsed.name.replace(/\s*\/\s*/g, '/'));
    if (cluster && cluster.length > 0) {
      for (const key of cluster) regions.add(key);
      continue;
    }
    unknown.push(value);
  }
  return {
    regions: [...regions]
      .filter((key) => !categories.has(parseRegionKey(key)?.category ?? ''))
      .sort(compareRegionValues),
    categories: [...categories].sort(compareRegionValues),
    unknown,
  };
}
