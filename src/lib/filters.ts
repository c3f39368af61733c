/**
 * The list filters of /events, /photographers and /search as URL query state (spec §4 Filters, §7).
 *
 * The pages and the filter bar read and write the same keys as the list API: `type`, `progressStatus`,
 * `regions`, `photographyTypes`, `sortType` (photographers also accept `sort`), `searchKeyword` and the
 * 0-based `page`. Reading is lenient (an unknown value is dropped, never an error); writing is canonical:
 * defaults (`LATEST`, `ALL`) and empty values are left out, lists are one comma-separated value in a
 * fixed order, so the same filters always give the same address (and the same cache entry).
 */
import {
  PHOTOGRAPHY_TYPES,
  PROGRESS_FILTERS,
  PROMOTION_TYPES,
  SORT_TYPES,
  isOneOf,
  type PhotographyType,
  type ProgressFilter,
  type PromotionType,
  type SortType,
} from './domain';
import {
  clusterRegionKeys,
  clustersOf,
  compareRegionValues,
  expandRegionFilter,
  isRegionCategory,
  parseRegionKey,
  regionNamesOf,
} from './regions';
import { queryFirst, queryList } from './query';

export type ListKind = 'promotion' | 'photographer';

export interface FilterState {
  /** Events only: FREE or DISCOUNT, null for both. */
  type: PromotionType | null;
  /** Events only. */
  progressStatus: ProgressFilter;
  sortType: SortType;
  /** Whole categories (`서울`) and region keys (`서울 강남구`), in catalogue order, no duplicates. */
  regions: string[];
  /** In enum order, no duplicates. */
  photographyTypes: PhotographyType[];
}

export const DEFAULT_FILTER: Readonly<FilterState> = Object.freeze({
  type: null,
  progressStatus: 'ALL',
  sortType: 'LATEST',
  regions: [],
  photographyTypes: [],
});

/** Most region values the bar keeps (the API reads at most 50). */
export const MAX_REGION_VALUES = 50;
export const MAX_KEYWORD_LENGTH = 100;

function enumValue<T extends string>(params: URLSearchParams, key: string, values: readonly T[]): T | undefined {
  const v = queryFirst(params, key);
  return isOneOf(values, v) ? v : undefined;
}

/** Categories and region keys in catalogue order; a chosen category absorbs its own regions. */
export function normaliseRegions(values: readonly string[]): string[] {
  const { regions, categories } = expandRegionFilter(values);
  return [...categories, ...regions].sort(compareRegionValues).slice(0, MAX_REGION_VALUES);
}

export function normaliseTypes(values: readonly string[]): PhotographyType[] {
  return PHOTOGRAPHY_TYPES.filter((t) => values.includes(t));
}

/** The filters in a query string; invalid values are ignored. Event-only keys are dropped for photographers. */
export function readFilter(params: URLSearchParams, kind: ListKind): FilterState {
  const sortType =
    enumValue(params, 'sortType', SORT_TYPES) ??
    (kind === 'photographer' ? enumValue(params, 'sort', SORT_TYPES) : undefined) ??
    'LATEST';
  return {
    type: kind === 'promotion' ? (enumValue(params, 'type', PROMOTION_TYPES) ?? null) : null,
    progressStatus: kind === 'promotion' ? (enumValue(params, 'progressStatus', PROGRESS_FILTERS) ?? 'ALL') : 'ALL',
    sortType,
    regions: normaliseRegions(queryList(params, 'regions')),
    photographyTypes: normaliseTypes(queryList(params, 'photographyTypes')),
  };
}

/** The 0-based page of the query; anything but a small non-negative integer is the first page. */
export function readPage(params: URLSearchParams): number {
  const v = queryFirst(params, 'page');
  if (!v || !/^\d{1,6}$/.test(v)) return 0;
  return Number(v);
}

/** The search keyword of the query (trimmed, at most 100 characters), or '' when there is none. */
export function readKeyword(params: URLSearchParams): string {
  const v = queryFirst(params, 'searchKeyword') ?? '';
  // Control characters (which the API refuses) become spaces.
  return v
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_KEYWORD_LENGTH);
}

/** Query pairs of the filters, defaults left out, in a fixed order. */
export function filterEntries(state: FilterState, kind: ListKind): [string, string][] {
  const out: [string, string][] = [];
  if (kind === 'promotion' && state.type) out.push(['type', state.type]);
  if (kind === 'promotion' && state.progressStatus !== 'ALL') out.push(['progressStatus', state.progressStatus]);
  if (state.sortType !== 'LATEST') out.push(['sortType', state.sortType]);
  if (state.regions.length > 0) out.push(['regions', state.regions.join(',')]);
  if (state.photographyTypes.length > 0) out.push(['photographyTypes', state.photographyTypes.join(',')]);
  return out;
}

export interface ListAddress {
  /** `/events`, `/photographers` or `/search`. */
  path: string;
  kind: ListKind;
  filter: FilterState;
  /** Pairs kept before the filters (the search page's keyword and state). */
  base?: readonly [string, string][];
  page?: number;
}

/** The address of a list with these filters; page 0 is left out. */
export function listHref({ path, kind, filter, base = [], page = 0 }: ListAddress): string {
  const params = new URLSearchParams();
  for (const [k, v] of base) if (v) params.append(k, v);
  for (const [k, v] of filterEntries(filter, kind)) params.append(k, v);
  if (page > 0) params.append('page', String(page));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The query the list services parse (the API's keys), for a page size and the search keyword. */
export function serviceParams(state: FilterState, kind: ListKind, keyword = ''): URLSearchParams {
  const params = new URLSearchParams(filterEntries(state, kind));
  if (keyword) params.set('searchKeyword', keyword);
  return params;
}

// --- changes the bar makes (each returns a new state) ---

/** Reset (spec §4): sort LATEST and, for events, progress ALL. The other filters are cleared too. */
export function resetFilter(): FilterState {
  return { ...DEFAULT_FILTER, regions: [], photographyTypes: [] };
}

export function togglePromotionType(state: FilterState, type: PromotionType): FilterState {
  return { ...state, type: state.type === type ? null : type };
}

export function togglePhotographyType(state: FilterState, type: PhotographyType): FilterState {
  const has = state.photographyTypes.includes(type);
  return {
    ...state,
    photographyTypes: normaliseTypes(
      has ? state.photographyTypes.filter((t) => t !== type) : [...state.photographyTypes, type],
    ),
  };
}

// --- the region sheet ---

function categoryOf(value: string): string {
  return parseRegionKey(value)?.category ?? value;
}

/** The whole category is chosen. */
export function isCategorySelected(values: readonly string[], category: string): boolean {
  return values.includes(category);
}

/** Every region of the cluster is chosen (through the cluster or one by one), or its whole category is. */
export function isClusterSelected(values: readonly string[], category: string, cluster: string): boolean {
  if (values.includes(category)) return false;
  const keys = clusterRegionKeys(category, cluster);
  return keys.length > 0 && keys.every((k) => values.includes(k));
}

/** Choosing a whole category drops its single regions; choosing it again clears it. */
export function toggleRegionCategory(values: readonly string[], category: string): string[] {
  if (!isRegionCategory(category)) return [...values];
  if (values.includes(category)) return values.filter((v) => v !== category);
  return normaliseRegions([...values.filter((v) => categoryOf(v) !== category), category]);
}

/** A cluster stands for its regions: all of them are added, or, when all are there, removed. */
export function toggleRegionCluster(values: readonly string[], category: string, cluster: string): string[] {
  const keys = clusterRegionKeys(category, cluster);
  if (keys.length === 0) return [...values];
  if (isClusterSelected(values, category, cluster)) return values.filter((v) => !keys.includes(v));
  return normaliseRegions([...values.filter((v) => v !== category), ...keys]);
}

/** How many of a category's values are chosen (the whole category counts as one). */
export function selectedCountIn(values: readonly string[], category: string): number {
  return values.filter((v) => categoryOf(v) === category).length;
}

export interface RegionChoice {
  label: string;
  /** The values this choice stands for (a category, or a cluster's region keys, or one region key). */
  values: string[];
}

/**
 * The chosen regions as a person would name them: `서울 전체`, whole clusters (`송파구/강동구`) and the
 * single regions left over (`강남구`), in catalogue order.
 */
export function regionChoices(values: readonly string[], wholeLabel: (category: string) => string): RegionChoice[] {
  const normalised = normaliseRegions(values);
  const out: RegionChoice[] = [];
  const byCategory = new Map<string, string[]>();
  for (const v of normalised) {
    const c = categoryOf(v);
    byCategory.set(c, [...(byCategory.get(c) ?? []), v]);
  }
  for (const [category, chosen] of byCategory) {
    if (chosen.includes(category)) {
      out.push({ label: wholeLabel(category), values: [category] });
      continue;
    }
    const left = new Set(chosen);
    const order = regionNamesOf(category);
    const inClusters: RegionChoice[] = [];
    // Widest clusters first, so `고양/파주` wins over `고양` when both are fully chosen.
    const clusters = [...clustersOf(category)].sort((a, b) => b.split('/').length - a.split('/').length);
    for (const cluster of clusters) {
      const keys = clusterRegionKeys(category, cluster);
      if (keys.length > 1 && keys.every((k) => left.has(k))) {
        keys.forEach((k) => left.delete(k));
        inClusters.push({ label: cluster, values: keys });
      }
    }
    const singles = [...left].map((k) => ({ label: parseRegionKey(k)?.name ?? k, values: [k] }));
    const all = [...inClusters, ...singles];
    const rank = (c: RegionChoice) => order.indexOf(parseRegionKey(c.values[0] ?? '')?.name ?? '');
    out.push(...all.sort((a, b) => rank(a) - rank(b)));
  }
  return out;
}
