/**
 * Query strings of the list endpoints, read strictly (a wrong value is 400), into the list criteria
 * of services/list-query.ts.
 */
import {
  PHOTOGRAPHY_TYPES,
  PROGRESS_FILTERS,
  PROMOTION_TYPES,
  SORT_TYPES,
  type PhotographyType,
  type ProgressFilter,
} from '#lib/domain';
import { photographerFilter, promotionFilter } from '#server/services/list-query';
import type { PhotographerFilter } from '#server/services/photographers';
import type { PromotionFilter } from '#server/services/promotion-lists';
import { badRequest } from './errors';
import { enumParam, listParam, stringParam } from './query';

const MAX_KEYWORD = 100;

function photographyTypes(params: URLSearchParams): PhotographyType[] {
  const values = listParam(params, 'photographyTypes');
  for (const v of values) {
    if (!(PHOTOGRAPHY_TYPES as readonly string[]).includes(v))
      throw badRequest('photographyTypes 값이 올바르지 않습니다.');
  }
  return values as PhotographyType[];
}

function keyword(params: URLSearchParams): string | undefined {
  const k = stringParam(params, 'searchKeyword');
  if (k === undefined) return undefined;
  if (k.length > MAX_KEYWORD) throw badRequest(`검색어는 ${MAX_KEYWORD}자 이하로 입력해 주세요.`);
  if (/\p{Cc}/u.test(k.replace(/[\t\n\r]/g, ''))) throw badRequest('검색어에 쓸 수 없는 문자가 있습니다.');
  return k;
}

export function parsePromotionFilter(params: URLSearchParams): PromotionFilter {
  const type = enumParam(params, 'type', PROMOTION_TYPES);
  const progressStatus: ProgressFilter | undefined = enumParam(params, 'progressStatus', PROGRESS_FILTERS);
  const regions = listParam(params, 'regions');
  const types = photographyTypes(params);
  return promotionFilter({
    type,
    progressStatus,
    regions,
    photographyTypes: types,
    keyword: keyword(params),
    sortType: enumParam(params, 'sortType', SORT_TYPES) ?? 'LATEST',
  });
}

export function parsePhotographerFilter(params: URLSearchParams): PhotographerFilter {
  const regions = listParam(params, 'regions');
  const types = photographyTypes(params);
  return photographerFilter({
    regions,
    photographyTypes: types,
    keyword: keyword(params),
    sortType: enumParam(params, 'sort', SORT_TYPES) ?? enumParam(params, 'sortType', SORT_TYPES) ?? 'LATEST',
  });
}

/** `?promotionIds=1,2&photographerIds=3` for the batched saved-state call (at most 100 each). */
export function idListParam(params: URLSearchParams, key: string): number[] {
  const values = listParam(params, key);
  if (values.length > 100) throw badRequest(`${key} 는 100개까지 보낼 수 있습니다.`);
  const ids = values.map((v) => (/^[1-9]\d{0,9}$/.test(v) ? Number(v) : NaN));
  if (ids.some((n) => !Number.isInteger(n) || n > 2_147_483_647)) throw badRequest(`${key} 값이 올바르지 않습니다.`);
  return [...new Set(ids)];
}
