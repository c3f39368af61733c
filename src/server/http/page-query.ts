/**
 * Parts of the browse pages' query strings, read leniently (an unknown value is dropped, never an
 * error); `cache/routes.ts` assembles each page's input from them.
 */
import { readPage } from '#lib/filters';
import type { PhotographerEventStatus } from '#server/services/photographer-promotions';
import { SEARCH_STATES, type SearchState } from '#server/services/browse';

export function readSearchState(params: URLSearchParams): SearchState {
  const v = params.get('state');
  return (SEARCH_STATES as readonly string[]).includes(v ?? '') ? (v as SearchState) : 'OVERVIEW';
}

/** `?events=ended` opens the ended tab; anything else is the current one. */
function readEventsTab(params: URLSearchParams): PhotographerEventStatus {
  return params.get('events') === 'ended' ? 'ENDED' : 'CURRENT';
}

/** The events block of /photographer/:id: its tab and 0-based page. */
export function photographerEventsQuery(params: URLSearchParams): { status: PhotographerEventStatus; page: number } {
  return { status: readEventsTab(params), page: readPage(params) };
}
