/**
 * How a query string is read, once for the list pages, the filter bar (`lib/filters.ts`) and the API
 * (`server/http/query.ts`, which adds its refusals on top): a list parameter comes repeated
 * (`?r=a&r=b`) or as one comma-separated value (`?r=a,b`); a single parameter is its first non-empty
 * value. Values are trimmed; empty values count as not given.
 */

/** Every value of a list parameter, in order, trimmed, empty ones left out. */
export function queryList(params: URLSearchParams, key: string): string[] {
  return params
    .getAll(key)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

/** The first non-empty (trimmed) value of a parameter; undefined when there is none. */
export function queryFirst(params: URLSearchParams, key: string): string | undefined {
  return params
    .getAll(key)
    .map((v) => v.trim())
    .find((v) => v.length > 0);
}
