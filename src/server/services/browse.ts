/**
 * What the browse pages render: the home feed, the filtered lists and the search states, as card data
 * with list thumbnails. Pages call these (never the HTTP API); the HTML is the same for every visitor,
 * so nothing here looks at the caller.
 */
import type { EventCardData, PhotographerCardData } from '../../lib/cards';
import { readFilter, readKeyword, readPage, serviceParams, type FilterState, type ListKind } from '../../lib/filters';
import type {
  Page,
  PhotographerDetailResponse,
  PhotographerListItem,
  PromotionDetailResponse,
} from '../../lib/contract';
import { getDb } from '../db/index';
import { idParam } from '../http/query';
import { thumbnailUrlFor } from '../media/keys';
import { parsePhotographerFilter, parsePromotionFilter } from './list-query';
import { firstPhotographers, getPhotographerDetails, listPhotographers } from './photographers';
import { homeEventCards, listPromotionCards } from './promotion-lists';
import { getPromotionDetails } from './promotions';

export const HOME_EVENTS = 5;
export const HOME_PHOTOGRAPHERS = 4;
export const EVENTS_PAGE_SIZE = 10;
export const PHOTOGRAPHERS_PAGE_SIZE = 12;
export const SEARCH_OVERVIEW_EVENTS = 1;
export const SEARCH_OVERVIEW_PHOTOGRAPHERS = 2;

export function photographerCard(item: PhotographerListItem): PhotographerCardData {
  return {
    id: item.id,
    nickname: item.nickname,
    mainPhotographyTypes: item.mainPhotographyTypes,
    thumbnailUrl: item.profileImage ? thumbnailUrlFor(item.profileImage.url) : null,
  };
}

/**
 * Home (spec §7): ONGOING and UPCOMING events, 5 each (page 0, newest first), merged, the first 5;
 * and the 4 newest photographers. Two statements, no counts: the page shows no totals.
 */
export async function homeFeed(
  now = Date.now(),
): Promise<{ events: EventCardData[]; photographers: PhotographerCardData[] }> {
  const db = await getDb();
  const [events, photographers] = await Promise.all([
    homeEventCards(db, HOME_EVENTS, now),
    firstPhotographers(db, { regions: [], categories: [], photographyTypes: [], sort: 'LATEST' }, HOME_PHOTOGRAPHERS),
  ]);
  return { events, photographers: photographers.map(photographerCard) };
}

export interface ListPage<T> {
  kind: ListKind;
  filter: FilterState;
  keyword: string;
  /** 0-based. */
  page: number;
  totalPage: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
  items: T[];
}

function listPage<I, T>(
  kind: ListKind,
  filter: FilterState,
  keyword: string,
  result: Page<I>,
  map: (i: I) => T,
): ListPage<T> {
  return {
    kind,
    filter,
    keyword,
    page: result.page,
    totalPage: result.totalPage,
    hasPreviousPage: result.hasPreviousPage && result.totalPage > 0,
    hasNextPage: result.hasNextPage,
    items: result.items.map(map),
  };
}

/** /events and the search page's PROMOTION state: the query's filters (lenient), page and keyword. */
export async function eventList(
  params: URLSearchParams,
  options: { pageSize?: number; page?: number; keyword?: string } = {},
): Promise<ListPage<EventCardData>> {
  const filter = readFilter(params, 'promotion');
  const keyword = options.keyword ?? readKeyword(params);
  const page = options.page ?? readPage(params);
  const result = await listPromotionCards(
    await getDb(),
    parsePromotionFilter(serviceParams(filter, 'promotion', keyword)),
    { page, pageSize: options.pageSize ?? EVENTS_PAGE_SIZE },
  );
  return listPage('promotion', filter, keyword, result, (card) => card);
}

/** /photographers and the search page's PHOTOGRAPHER state. */
export async function photographerList(
  params: URLSearchParams,
  options: { pageSize?: number; page?: number; keyword?: string } = {},
): Promise<ListPage<PhotographerCardData>> {
  const filter = readFilter(params, 'photographer');
  const keyword = options.keyword ?? readKeyword(params);
  const page = options.page ?? readPage(params);
  const result = await listPhotographers(
    await getDb(),
    parsePhotographerFilter(serviceParams(filter, 'photographer', keyword)),
    { page, pageSize: options.pageSize ?? PHOTOGRAPHERS_PAGE_SIZE },
    null,
  );
  return listPage('photographer', filter, keyword, result, photographerCard);
}

export const SEARCH_STATES = ['OVERVIEW', 'PROMOTION', 'PHOTOGRAPHER'] as const;
export type SearchState = (typeof SEARCH_STATES)[number];

export function readSearchState(params: URLSearchParams): SearchState {
  const v = params.get('state');
  return (SEARCH_STATES as readonly string[]).includes(v ?? '') ? (v as SearchState) : 'OVERVIEW';
}

export type SearchResult =
  | { state: 'OVERVIEW'; keyword: string; events: EventCardData[]; photographers: PhotographerCardData[] }
  | { state: 'PROMOTION'; keyword: string; list: ListPage<EventCardData> }
  | { state: 'PHOTOGRAPHER'; keyword: string; list: ListPage<PhotographerCardData> };

/**
 * /search: OVERVIEW shows the first matching event and the first 2 matching photographers (nothing
 * without a keyword); PROMOTION and PHOTOGRAPHER are the filtered lists with the keyword.
 */
export async function search(params: URLSearchParams): Promise<SearchResult> {
  const keyword = readKeyword(params);
  const state = readSearchState(params);
  if (state === 'PROMOTION') return { state, keyword, list: await eventList(params, { keyword }) };
  if (state === 'PHOTOGRAPHER') return { state, keyword, list: await photographerList(params, { keyword }) };
  if (!keyword) return { state, keyword, events: [], photographers: [] };
  const none = new URLSearchParams();
  const db = await getDb();
  // The event through the kept count (it chooses the plan); the photographers need no total.
  const [events, photographers] = await Promise.all([
    eventList(none, { keyword, page: 0, pageSize: SEARCH_OVERVIEW_EVENTS }),
    firstPhotographers(
      db,
      parsePhotographerFilter(serviceParams(readFilter(none, 'photographer'), 'photographer', keyword)),
      SEARCH_OVERVIEW_PHOTOGRAPHERS,
    ),
  ]);
  return { state, keyword, events: events.items, photographers: photographers.map(photographerCard) };
}

export interface PictureData {
  url: string;
  thumbnailUrl: string;
}

/** The event detail page, without counting a view (the page's island counts it): null when missing. */
export async function eventDetail(
  rawId: string | undefined,
): Promise<(PromotionDetailResponse & { pictures: PictureData[] }) | null> {
  const id = idParam(rawId);
  if (id === null) return null;
  const detail = await getPromotionDetails(await getDb(), id, null);
  if (!detail) return null;
  return { ...detail, pictures: detail.images.map((i) => ({ url: i.url, thumbnailUrl: thumbnailUrlFor(i.url) })) };
}

/** The photographer detail page: null when there is no such photographer page. */
export async function photographerDetail(
  rawId: string | undefined,
): Promise<(PhotographerDetailResponse & { pictures: PictureData[]; profileThumbnailUrl: string | null }) | null> {
  const id = idParam(rawId);
  if (id === null) return null;
  const detail = await getPhotographerDetails(await getDb(), id, null);
  if (!detail) return null;
  return {
    ...detail,
    pictures: detail.portfolio.map((i) => ({ url: i.url, thumbnailUrl: thumbnailUrlFor(i.url) })),
    profileThumbnailUrl: detail.profileImage ? thumbnailUrlFor(detail.profileImage.url) : null,
  };
}
