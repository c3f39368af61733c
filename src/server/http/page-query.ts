/**
 * The browse pages' query strings, read leniently (lib/filters.ts: an unknown value is dropped, never an
 * error) into the typed queries the browse service takes.
 */
import { readFilter, readKeyword, readPage, type ListKind } from '#lib/filters';
import type { PhotographerEventStatus } from '#server/services/photographer-promotions';
import { SEARCH_STATES, type ListQuery, type SearchQuery, type SearchState } from '#server/services/browse';

/** /events (`promotion`) and /photographers (`photographer`). */
export function listQuery(params: URLSearchParams, kind: ListKind): ListQuery {
  return { filter: readFilter(params, kind), keyword: readKeyword(params), page: readPage(params) };
}

export function readSearchState(params: URLSearchParams): SearchState {
  const v = params.get('state');
  return (SEARCH_STATES as readonly string[]).includes(v ?? '') ? (v as SearchState) : 'OVERVIEW';
}

/** /search: the state, and the filters of that state's list. */
export function searchQuery(params: URLSearchParams): SearchQuery {
  const state = readSearchState(params);
  return { state, ...listQuery(params, state === 'PHOTOGRAPHER' ? 'photographer' : 'promotion') };
}

/** `?events=ended` opens the ended tab; anything else is the current one. */
export function readEventsTab(params: URLSearchParams): PhotographerEventStatus {
  return params.get('events') === 'ended' ? 'ENDED' : 'CURRENT';
}

/** The events block of /photographer/:id: its tab and 0-based page. */
export function photographerEventsQuery(params: URLSearchParams): { status: PhotographerEventStatus; page: number } {
  return { status: readEventsTab(params), page: readPage(params) };
}
