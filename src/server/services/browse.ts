/**
 * What the browse pages render: the home feed, the filtered lists and the search states, as card data
 * with list thumbnails. Pages call these (never the HTTP API); the HTML is the same for every visitor,
 * so nothing here looks at the caller.
 */
import type { EventCardData, PhotographerCardData } from '#lib/cards';
import { resetFilter, type FilterState, type ListKind } from '#lib/filters';
import type { Page, PhotographerListItem, PromotionDetailResponse } from '#lib/contract';
import type { SqlParam } from '#server/db/client';
import { getDb, type Queryable } from '#server/db/index';
import { queryJsonParts, type JsonRowsPart } from '#server/db/json-rows';
import { thumbnailUrlFor } from '#server/media/keys';
import { photographerFilter, promotionFilter } from './list-query';
import { firstPhotographersPart, latestPhotographersPart, listPhotographers } from './photographers';
import { firstPromotionCardsPart, homeEventRows, listPromotionCards } from './promotion-lists';
import { getPromotionDetailsWithRating } from './promotions';
import type { Rating } from '#lib/reviews';

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
    rating: item.rating,
  };
}

/**
 * Home (spec §7): ONGOING and UPCOMING events, 5 each (page 0, newest first), merged, the first 5;
 * and the 4 newest photographers. One statement, no counts: the page shows no totals.
 */
export async function homeFeed(
  now = Date.now(),
): Promise<{ events: EventCardData[]; photographers: PhotographerCardData[] }> {
  const params: SqlParam[] = [];
  const feed = await queryJsonParts<{ events: EventCardData; photographers: PhotographerListItem }>(
    await getDb(),
    {
      events: homeEventRows(HOME_EVENTS, now, params),
      // The photographer list's first page with no filter: newest first.
      photographers: latestPhotographersPart(HOME_PHOTOGRAPHERS, params),
    },
    params,
    // Its values are today and the page's sizes: planned once a day, not on every render.
    { once: true },
  );
  return { events: feed.events, photographers: feed.photographers.map(photographerCard) };
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

/** What a list page shows: its filters, keyword ('' for none) and 0-based page (http/page-query.ts reads them). */
export interface ListQuery {
  filter: FilterState;
  keyword: string;
  page: number;
}

/** The list service's filters for the bar's (already normalised) state and keyword. */
function eventFilter({ filter, keyword }: Pick<ListQuery, 'filter' | 'keyword'>) {
  return promotionFilter({
    type: filter.type ?? undefined,
    progressStatus: filter.progressStatus,
    regions: filter.regions,
    photographyTypes: filter.photographyTypes,
    keyword: keyword || undefined,
    sortType: filter.sortType,
  });
}

function cardFilter({ filter, keyword }: Pick<ListQuery, 'filter' | 'keyword'>) {
  return photographerFilter({
    regions: filter.regions,
    photographyTypes: filter.photographyTypes,
    keyword: keyword || undefined,
    sortType: filter.sortType,
  });
}

/** /events and the search page's PROMOTION state. */
export async function eventList(query: ListQuery, pageSize = EVENTS_PAGE_SIZE): Promise<ListPage<EventCardData>> {
  const result = await listPromotionCards(await getDb(), eventFilter(query), { page: query.page, pageSize });
  return listPage('promotion', query.filter, query.keyword, result, (card) => card);
}

/** /photographers and the search page's PHOTOGRAPHER state. */
export async function photographerList(
  query: ListQuery,
  pageSize = PHOTOGRAPHERS_PAGE_SIZE,
): Promise<ListPage<PhotographerCardData>> {
  const result = await listPhotographers(await getDb(), cardFilter(query), { page: query.page, pageSize }, null);
  return listPage('photographer', query.filter, query.keyword, result, photographerCard);
}

export const SEARCH_STATES = ['OVERVIEW', 'PROMOTION', 'PHOTOGRAPHER'] as const;
export type SearchState = (typeof SEARCH_STATES)[number];

/** The search page: its state, and the list query of that state's list (events or photographers). */
export interface SearchQuery extends ListQuery {
  state: SearchState;
}

export type SearchResult =
  | { state: 'OVERVIEW'; keyword: string; events: EventCardData[]; photographers: PhotographerCardData[] }
  | { state: 'PROMOTION'; keyword: string; list: ListPage<EventCardData> }
  | { state: 'PHOTOGRAPHER'; keyword: string; list: ListPage<PhotographerCardData> };

/**
 * /search: OVERVIEW shows the first matching event and the first 2 matching photographers (nothing
 * without a keyword); PROMOTION and PHOTOGRAPHER are the filtered lists with the keyword.
 */
export async function search(query: SearchQuery): Promise<SearchResult> {
  const { state, keyword } = query;
  if (state === 'PROMOTION') return { state, keyword, list: await eventList(query) };
  if (state === 'PHOTOGRAPHER') return { state, keyword, list: await photographerList(query) };
  if (!keyword) return { state, keyword, events: [], photographers: [] };
  return { state, keyword, ...(await searchOverview(await getDb(), keyword)) };
}

/** A part of a statement that has no rows: a list nothing matched. */
const noRows = <T>(): JsonRowsPart<T> & { walks: boolean } => ({
  sql: 'select 1 as nothing where false',
  orderBy: 'r.nothing',
  map: (row) => row as T,
  walks: true,
});

/**
 * The search overview's event and photographers for `keyword`: each through its kept count (it chooses
 * the walk or the sort), then their rows in one statement. When both walk, the statement is planned
 * once for any values (decision 008).
 */
export async function searchOverview(
  db: Queryable,
  keyword: string,
): Promise<{ events: EventCardData[]; photographers: PhotographerCardData[] }> {
  const none = { filter: resetFilter(), keyword, page: 0 };
  const params: SqlParam[] = [];
  const [events, photographers] = [
    await firstPromotionCardsPart(db, eventFilter(none), SEARCH_OVERVIEW_EVENTS, params),
    await firstPhotographersPart(db, cardFilter(none), SEARCH_OVERVIEW_PHOTOGRAPHERS, params),
  ];
  if (!events && !photographers) return { events: [], photographers: [] };
  const read = await queryJsonParts<{ events: EventCardData; photographers: PhotographerListItem }>(
    db,
    { events: events ?? noRows<EventCardData>(), photographers: photographers ?? noRows<PhotographerListItem>() },
    params,
    { generic: (events?.walks ?? true) && (photographers?.walks ?? true) },
  );
  return { events: read.events, photographers: read.photographers.map(photographerCard) };
}

export interface PictureData {
  url: string;
  thumbnailUrl: string;
}

/** The event detail page, without counting a view (the page's island counts it): null when missing. */
export async function eventDetail(
  id: number,
): Promise<(PromotionDetailResponse & { pictures: PictureData[]; authorRating: Rating | null }) | null> {
  const read = await getPromotionDetailsWithRating(await getDb(), id, null);
  if (!read) return null;
  const { detail, authorRating } = read;
  return {
    ...detail,
    authorRating,
    pictures: detail.images.map((i) => ({ url: i.url, thumbnailUrl: thumbnailUrlFor(i.url) })),
  };
}
