/**
 * Event lists: the filters and Korean keyword search of GET /promotions/list and the list pages, and a
 * member's saved events. Each list page reads only its rows, through the index that reads fewer of them.
 */
import type { Image, PhotographyType, ProgressStatus, PromotionType, Role, SortType } from '#lib/domain';
import type { EventCardData } from '#lib/cards';
import type { ListAuthor, Page, PageRequest, PromotionListItem } from '#lib/contract';
import { toPage } from '#lib/page';
import { progressStatus, todayKst } from '#lib/deadline';
import type { Principal } from '#server/auth/principal';
import type { Queryable } from '#server/db/index';
import type { SqlParam } from '#server/db/client';
import { queryJsonRows, type JsonRowsPart } from '#server/db/json-rows';
import { thumbnailUrlFor } from '#server/media/keys';
import { answerImage, answerImages, pictureUrl } from '#server/media/pictures';
import { headCondition, parseSearchQuery, searchConditions, type SearchTerm } from '#server/search/query';
import { joinMemberOf, partedPageRows, type PartedList, type RowsOf } from './list-parts';
import type { PromotionRow } from './promotions';
import { regionsFromKeys, sortPhotographyTypes } from './shape';

export interface PromotionFilter {
  type?: PromotionType | undefined;
  progressStatus?: ProgressStatus | undefined;
  /** Region keys (`"서울 강남구"`) and whole categories (`"서울"`): a row matches any of them. */
  regions: string[];
  categories: string[];
  photographyTypes: PhotographyType[];
  keyword?: string | undefined;
  sortType: SortType;
}

/** What a list item shows: no content, link or view count (the detail reads those). */
export const LIST_COLUMNS = `p.id, p.author_id, p.promotion_type, p.title, p.started_at, p.ended_at, p.photography_types,
  p.regions, p.hashtags, p.images, p.save_count, p.is_author_hidden`;
/** What a browse card shows: no author, hashtags, or pictures after the first. */
export const CARD_COLUMNS = `p.id, p.promotion_type, p.title, p.started_at, p.ended_at, p.photography_types, p.regions,
  p.save_count, p.images -> 0 as first_image`;

type ListPromotionRow = Omit<PromotionRow, 'content' | 'external_link' | 'view_count'>;

/** An author's card fields, as the list rows name them. */
export interface AuthorRow {
  a_nickname: string;
  a_profile_image: Image | null;
  a_roles: Role[];
  a_instagram_id: string | null;
}

/** The author's card fields of a statement that joins `members m` (every event list). */
export const AUTHOR_COLUMNS = `m.nickname as a_nickname, m.profile_image as a_profile_image, m.roles as a_roles,
  m.instagram_id as a_instagram_id`;

/** A list row: the event, its author's card fields and whether the caller saved it. */
export interface ListRow extends ListPromotionRow, AuthorRow {
  is_saved: boolean;
}

function listAuthor(r: ListRow): ListAuthor | null {
  if (r.is_author_hidden) return null;
  return {
    id: r.author_id,
    nickname: r.a_nickname,
    profileImage: r.a_profile_image ? answerImage(r.a_profile_image) : null,
    roles: [...r.a_roles].sort(),
    instagramId: r.a_instagram_id,
    isAdmin: r.a_roles.includes('ADMIN'),
  };
}

/** The contract's list item of a row (shared by every event list). */
export function toListItem(r: ListRow, today: string): PromotionListItem {
  return {
    id: r.id,
    author: listAuthor(r),
    promotionType: r.promotion_type,
    title: r.title,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    saveCount: r.save_count,
    isSaved: r.is_saved,
    isAuthorHidden: r.is_author_hidden,
    photographyTypes: sortPhotographyTypes(r.photography_types),
    images: answerImages(r.images),
    activeRegions: regionsFromKeys(r.regions),
    hashtags: r.hashtags,
    progressStatus: progressStatus(r.started_at, r.ended_at, today),
  };
}

/**
 * Builds the WHERE clause of a list query; every condition can be served by an index. `indexes: false`
 * is for a walk down the ordered index (`partedPageRows`), which tests each row: it leaves out the keyword's
 * grams and writes each array test as `coalesce(… && …, false)`, the same test, which no index serves
 * and which the planner takes for common. Planned for any values (a walk is, see `listPageOf`), a bare
 * `&&` was taken for rare: the plan fetched every event of 서울 through the array indexes and sorted
 * them (0.76 → 75 ms at 100k events), or scanned the table (3,000 events).
 */
function whereOf(filter: PromotionFilter, today: string, params: SqlParam[], indexes = true): string {
  const add = (v: SqlParam) => {
    params.push(v);
    return `$${params.length}`;
  };
  const conditions = ['p.deleted_at is null'];
  if (filter.type) conditions.push(`p.promotion_type = ${add(filter.type)}`);
  if (filter.progressStatus === 'UPCOMING') conditions.push(`p.started_at > ${add(today)}::date`);
  if (filter.progressStatus === 'ENDED') conditions.push(`p.ended_at < ${add(today)}::date`);
  if (filter.progressStatus === 'ONGOING') {
    const t = add(today);
    conditions.push(`p.started_at <= ${t}::date and p.ended_at >= ${t}::date`);
  }
  const overlaps = (column: string, values: string[]) => {
    const test = `p.${column} && ${add(values)}::text[]`;
    return indexes ? test : `coalesce(${test}, false)`;
  };
  const regionParts: string[] = [];
  if (filter.regions.length > 0) regionParts.push(overlaps('regions', filter.regions));
  if (filter.categories.length > 0) regionParts.push(overlaps('region_categories', filter.categories));
  if (regionParts.length > 0) conditions.push(`(${regionParts.join(' or ')})`);
  if (filter.photographyTypes.length > 0) conditions.push(overlaps('photography_types', filter.photographyTypes));
  // The grams only narrow the search through their index: a row whose text holds a word holds its
  // grams too (a word never spans the document's line breaks), so a walk tests the text alone and never
  // unpacks a row's grams (out of line, compressed: 0.2 ms a row on PGlite).
  conditions.push(...searchConditions(termsOf(filter), EVENT_SEARCH, add, indexes));
  return conditions.join(' and ');
}

const EVENT_SEARCH = {
  text: 'p.search_text',
  grams: 'p.search_grams',
  types: 'p.photography_types',
  regions: 'p.regions',
};

const termsOf = (filter: PromotionFilter): SearchTerm[] => (filter.keyword ? parseSearchQuery(filter.keyword) : []);

/**
 * The parts of a list's order, in turn (decision 024): open and upcoming events before closed ones and,
 * with a keyword, those whose title matches before the others; the list's sort within each part. Each
 * is a condition on the rows of the WHERE clause; together they take each row exactly once.
 */
function partsOf(filter: PromotionFilter, today: string): ((params: SqlParam[]) => string)[] {
  const terms = termsOf(filter);
  const open = (params: SqlParam[]) => `p.ended_at >= $${params.push(today)}::date`;
  if (terms.length === 0) return [open, (params) => `not ${open(params)}`];
  const head = (params: SqlParam[]) => headCondition(terms, 'p.search_text', (v) => `$${params.push(v)}`);
  return [
    (params) => `${open(params)} and ${head(params)}`,
    (params) => `${open(params)} and not ${head(params)}`,
    (params) => `not ${open(params)} and ${head(params)}`,
    (params) => `not ${open(params)} and not ${head(params)}`,
  ];
}

const EVERY_EVENT: PromotionFilter = { regions: [], categories: [], photographyTypes: [], sortType: 'LATEST' };

/**
 * The list everyone opens first: no filter but progress and order, the first page. Its values are
 * today and the page's sizes, so its statement is planned once (`#server/db/plan-once`), not per call.
 */
const isFirstUnfilteredPage = (filter: PromotionFilter, page: PageRequest) =>
  page.page === 0 &&
  !filter.type &&
  !filter.keyword &&
  filter.regions.length === 0 &&
  filter.categories.length === 0 &&
  filter.photographyTypes.length === 0;

/**
 * The list's ORDER BY over the rows named `t`. `+ 0` keeps the planner off the ordered index (same order,
 * no index), so it fetches the matches first.
 */
function orderOf(sort: SortType, sortMatches: boolean, t = 'p'): string {
  const z = sortMatches ? ' + 0' : '';
  return sort === 'POPULAR' ? `${t}.save_count${z} desc, ${t}.id${z} desc` : `${t}.id${z} desc`;
}

/** The events' list of `filter` as `partedPageRows` reads it. */
const eventList = (filter: PromotionFilter, today: string): PartedList => ({
  table: 'promotions',
  where: (params, indexes) => whereOf(filter, today, params, indexes),
  parts: partsOf(filter, today),
  order: (sortMatches) => orderOf(filter.sortType, sortMatches),
});

/** A list page's rows (`partedPageRows`), with the ORDER BY of its JSON document. */
async function pageRowsOf(
  db: Queryable,
  filter: PromotionFilter,
  page: PageRequest,
  today: string,
  rowsOf: RowsOf,
  params: SqlParam[],
): Promise<{ total: number; sql: string | null; orderBy: string; walks: boolean }> {
  const read = await partedPageRows(db, eventList(filter, today), page, rowsOf, params);
  return { ...read, orderBy: `r.part, ${orderOf(filter.sortType, false, 'r')}` };
}

/** One list page: the kept count and the page's rows, as one JSON document (`queryJsonRows`). */
async function listPageOf<R, T>(
  db: Queryable,
  filter: PromotionFilter,
  page: PageRequest,
  now: number,
  rowsOf: RowsOf,
  map: (row: R, today: string) => T,
  once = false,
): Promise<Page<T>> {
  const today = todayKst(now);
  const params: SqlParam[] = [];
  const { total, sql, orderBy, walks } = await pageRowsOf(db, filter, page, today, rowsOf, params);
  if (sql === null) return toPage([], total, page);
  // A walk is planned once for any values (decision 008): `pageRowsOf` chose it and wrote it
  // into the SQL, so its plan does not depend on them; planning each call's was 0.3 of its 0.7 ms on
  // PGlite at 100k events. A sort of the matches is planned per call: which index fetches them best
  // depends on the values.
  const planOnce = once && isFirstUnfilteredPage(filter, page);
  const rows = await queryJsonRows<R>(db, sql, params, orderBy, { once: planOnce, generic: !planOnce && walks });
  return toPage(
    rows.map((r) => map(r, today)),
    total,
    page,
  );
}

const cardRowsOf: RowsOf = (q) =>
  `select ${CARD_COLUMNS}, ${q.part} as part from promotions p where ${q.where} order by ${q.order} limit ${q.limit} offset ${q.offset}`;

/**
 * The first `limit` events of a list as cards, as a part of a larger statement (the search overview's,
 * with its photographers), its parameters added to `params`; null when nothing matches.
 */
export async function firstPromotionCardsPart(
  db: Queryable,
  filter: PromotionFilter,
  limit: number,
  params: SqlParam[],
  now = Date.now(),
): Promise<(JsonRowsPart<EventCardData> & { walks: boolean }) | null> {
  const { sql, orderBy, walks } = await pageRowsOf(
    db,
    filter,
    { page: 0, pageSize: limit },
    todayKst(now),
    cardRowsOf,
    params,
  );
  return sql === null ? null : { sql, orderBy, map: (row) => toCard(row as CardRow), walks };
}

/** A page of events as the API lists them: the members join and the saved check run for the page's rows only. */
export async function listPromotions(
  db: Queryable,
  filter: PromotionFilter,
  page: PageRequest,
  viewer: Principal | null,
  now = Date.now(),
): Promise<Page<PromotionListItem>> {
  return listPageOf<ListRow, PromotionListItem>(
    db,
    filter,
    page,
    now,
    (q) => {
      const saved = viewer
        ? `exists (select 1 from promotion_saves s where s.member_id = ${q.add(viewer.id)} and s.promotion_id = p.id)`
        : 'false';
      return `select p.*, ${AUTHOR_COLUMNS}, ${saved} as is_saved
       from (select ${LIST_COLUMNS}, ${q.part} as part from promotions p
              where ${q.where}
              order by ${q.order}
              limit ${q.limit} offset ${q.offset}) p
       ${joinMemberOf('p.author_id')}
      order by ${orderOf(filter.sortType, false)}`;
    },
    toListItem,
    viewer === null,
  );
}

/**
 * A page of list items read in two statements: the count of the events `from … where` (`params` are
 * the WHERE's), then, unless the page is empty or past the end, its rows with their authors in `order`.
 * `saved`: true when every row is the member's save, else whose saves mark `is_saved` (0: no one's).
 */
export async function countedListPage(
  db: Queryable,
  q: { from: string; where: string; params: SqlParam[]; order: string; saved: true | { by: number } },
  page: PageRequest,
  today: string,
): Promise<Page<PromotionListItem>> {
  const countRows = await db.query<{ total: number }>(
    `select count(*)::int as total from ${q.from} where ${q.where}`,
    q.params,
  );
  const total = countRows[0]?.total ?? 0;
  if (total === 0 || page.page * page.pageSize >= total) return toPage([], total, page);
  const params = [...q.params];
  const add = (v: SqlParam) => `$${params.push(v)}`;
  const saved =
    q.saved === true
      ? 'true'
      : `exists (select 1 from promotion_saves ps where ps.member_id = ${add(q.saved.by)} and ps.promotion_id = p.id)`;
  const rows = await db.query<ListRow>(
    `select ${LIST_COLUMNS}, ${AUTHOR_COLUMNS}, ${saved} as is_saved
       from ${q.from}
       join members m on m.id = p.author_id
      where ${q.where}
      order by ${q.order}
      limit ${add(page.pageSize)} offset ${add(page.page * page.pageSize)}`,
    params,
  );
  return toPage(
    rows.map((r) => toListItem(r, today)),
    total,
    page,
  );
}

/** The caller's saved events that still exist, newest save first. */
export function listSavedPromotions(
  db: Queryable,
  memberId: number,
  page: PageRequest,
  now = Date.now(),
): Promise<Page<PromotionListItem>> {
  const from = 'promotion_saves s join promotions p on p.id = s.promotion_id';
  const where = 's.member_id = $1 and p.deleted_at is null';
  const order = 's.created_at desc, p.id desc';
  return countedListPage(db, { from, where, params: [memberId], order, saved: true }, page, todayKst(now));
}

export interface CardRow {
  id: number;
  promotion_type: PromotionType;
  title: string;
  started_at: string;
  ended_at: string;
  photography_types: PhotographyType[];
  regions: string[];
  save_count: number;
  first_image: Image | null;
}

/** An event as a card: the one mapping for every page that shows event cards. */
export function toCard(r: CardRow): EventCardData {
  return {
    id: r.id,
    title: r.title,
    promotionType: r.promotion_type,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    photographyTypes: sortPhotographyTypes(r.photography_types),
    activeRegions: regionsFromKeys(r.regions),
    saveCount: r.save_count,
    thumbnailUrl: r.first_image ? thumbnailUrlFor(pictureUrl(r.first_image.url)) : null,
  };
}

/** A list page as the browse pages' cards: the same rows and order as `listPromotions`, fewer columns. */
export function listPromotionCards(
  db: Queryable,
  filter: PromotionFilter,
  page: PageRequest,
  now = Date.now(),
): Promise<Page<EventCardData>> {
  return listPageOf<CardRow, EventCardData>(db, filter, page, now, cardRowsOf, toCard, true);
}

/**
 * The home page's events (spec §7): the newest ONGOING events, then the newest UPCOMING ones, the first
 * `limit` of both, without counting (the page shows no totals). A part of the home page's one statement
 * (`queryJsonParts`); its parameters are added to `params`.
 */
export function homeEventRows(limit: number, now: number, params: SqlParam[]): JsonRowsPart<EventCardData> {
  const today = todayKst(now);
  const ongoing = whereOf({ ...EVERY_EVENT, progressStatus: 'ONGOING' }, today, params);
  const upcoming = whereOf({ ...EVERY_EVENT, progressStatus: 'UPCOMING' }, today, params);
  const l = `$${params.push(limit)}`;
  return {
    sql: `select * from (
       (select ${CARD_COLUMNS}, 0 as part from promotions p where ${ongoing} order by p.id desc limit ${l})
       union all
       (select ${CARD_COLUMNS}, 1 as part from promotions p where ${upcoming} order by p.id desc limit ${l})
     ) h order by part, id desc limit ${l}`,
    orderBy: 'r.part, r.id desc',
    map: (row) => toCard(row as CardRow),
  };
}
