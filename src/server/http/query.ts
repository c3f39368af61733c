import type { PageRequest } from '#lib/page';
import { queryFirst, queryList } from '#lib/query';
import { badRequest, validationError } from './errors';

/**
 * A NUL (`%00`) is refused with 400: PostgreSQL text cannot hold it, so it
 * would otherwise fail inside a query (a 500) instead of matching nothing.
 */
function refuseNul(params: URLSearchParams, key: string): void {
  if (params.getAll(key).some((v) => v.includes('\u0000'))) throw badRequest(`${key} 에 쓸 수 없는 문자가 있습니다.`);
}

/** A list parameter in either form: repeated (`?r=a&r=b`) or one comma-separated value (`?r=a,b`). */
export function listParam(params: URLSearchParams, key: string): string[] {
  refuseNul(params, key);
  return queryList(params, key);
}

/** A single parameter; empty means "not given"; a repeated parameter takes its first non-empty value. */
export function stringParam(params: URLSearchParams, key: string): string | undefined {
  refuseNul(params, key);
  return queryFirst(params, key);
}

/**
 * A parameter that must be sent (400 when it is absent); an empty value is passed on as it is, for
 * the value's own rule to refuse with its message.
 */
export function requiredParam(params: URLSearchParams, key: string): string {
  const raw = params.get(key);
  if (raw === null) throw badRequest(`${key} 파라미터가 필요합니다.`);
  return stringParam(params, key) ?? raw;
}

export function enumParam<T extends string>(params: URLSearchParams, key: string, values: readonly T[]): T | undefined {
  const v = stringParam(params, key);
  if (v === undefined) return undefined;
  if (!(values as readonly string[]).includes(v)) throw badRequest(`${key} 값이 올바르지 않습니다.`);
  return v as T;
}

/** `page` 0-based (default 0); `pageSize` 1–100 (default 10): 0 and >100 are 422, non-numbers 400. */
export function pageParams(params: URLSearchParams): PageRequest {
  const page = intOr(params, 'page', 0);
  const pageSize = intOr(params, 'pageSize', 10);
  if (page < 0) throw validationError([{ field: 'page', message: 'page 는 0 이상이어야 합니다.' }]);
  if (page > 1_000_000) throw validationError([{ field: 'page', message: 'page 가 너무 큽니다.' }]);
  if (pageSize < 1 || pageSize > 100) {
    throw validationError([{ field: 'pageSize', message: 'pageSize 는 1 이상 100 이하여야 합니다.' }]);
  }
  return { page, pageSize };
}

function intOr(params: URLSearchParams, key: string, fallback: number): number {
  const v = stringParam(params, key);
  if (v === undefined) return fallback;
  if (!/^-?\d{1,12}$/.test(v)) throw badRequest(`${key} 는 정수여야 합니다.`);
  const n = Number(v);
  // `-0` is 0: one page has one reading (its cache key is made from it).
  return n === 0 ? 0 : n;
}

/** A positive integer path id; anything else is 404 with the resource's code. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : null;
}

/**
 * A HEAD request, as the route sees it: scripts/server.mjs answers HEAD as GET and says so in
 * X-Original-Method (dropping a client's own).
 */
export function isHeadRequest(request: Request): boolean {
  return request.method === 'HEAD' || request.headers.get('x-original-method') === 'HEAD';
}

/** `days` of the statistics answers: 7 to 90, 30 when absent (issue 43). */
export function statsDaysParam(params: URLSearchParams): number {
  const days = intOr(params, 'days', 30);
  if (days < 7 || days > 90) throw validationError([{ field: 'days', message: 'days 는 7 이상 90 이하여야 합니다.' }]);
  return days;
}
