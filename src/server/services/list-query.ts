/**
 * The list services' filters from typed list criteria: the API's query strings (http/list-query.ts) and
 * the browse pages' filter state (browse.ts) both arrive here, so both filter the same way.
 */
import type { PhotographyType, ProgressFilter, PromotionType, SortType } from '#lib/domain';
import { expandRegionFilter } from '#lib/regions';
import type { PhotographerFilter } from './photographers';
import type { PromotionFilter } from './promotion-lists';

export interface ListCriteria {
  /** Region filter values as sent: categories (`"서울"`), region keys (`"서울 강남구"`), or neither. */
  regions: string[];
  photographyTypes: PhotographyType[];
  keyword?: string | undefined;
  sortType: SortType;
}

export interface PromotionCriteria extends ListCriteria {
  type?: PromotionType | undefined;
  progressStatus?: ProgressFilter | undefined;
}

/**
 * Region filter values: `"서울"` is a whole category, `"서울 강남구"` one region, a cluster arrives as its
 * region keys. Values that name no region match nothing (they are kept, so the filter is not dropped).
 */
export function splitRegionValues(values: string[]): { regions: string[]; categories: string[] } {
  const { regions, categories, unknown } = expandRegionFilter(values.slice(0, 100));
  return { regions: [...regions, ...unknown], categories };
}

export function promotionFilter(c: PromotionCriteria): PromotionFilter {
  return {
    type: c.type,
    progressStatus: c.progressStatus === 'ALL' ? undefined : c.progressStatus,
    ...splitRegionValues(c.regions),
    photographyTypes: [...new Set(c.photographyTypes)],
    keyword: c.keyword,
    sortType: c.sortType,
  };
}

export function photographerFilter(c: ListCriteria): PhotographerFilter {
  return {
    ...splitRegionValues(c.regions),
    photographyTypes: [...new Set(c.photographyTypes)],
    keyword: c.keyword,
    sort: c.sortType,
  };
}
