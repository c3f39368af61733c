/**
 * Photographers: public profile and page, lists with filters and search, saves with exact counters.
 */
import type { Address, Image, PhotographyType, SortType } from '#lib/domain';
import type {
  Page,
  PageRequest,
  PhotographerDetailResponse,
  PhotographerListItem,
  SavedPhotographerItem,
  PhotographerResponse,
} from '#lib/contract';
import { toPage } from '#lib/page';
import { NO_ADDRESS } from '#lib/rules/member';
import { ratingOf } from '#lib/reviews';
import type { Principal } from '#server/auth/principal';
import { isAdmin } from '#server/auth/guards';
import type { Queryable } from '#server/db/index';
import type { SqlParam } from '#server/db/client';
import { queryJsonRows, type JsonRowsPart } from '#server/db/json-rows';
import { answerImage, answerImages } from '#server/media/pictures';
import { conflict, notFound } from './errors';
import { photographerSearchDocument } from '#server/search/grams';
import { headCondition, parseSearchQuery, searchConditions } from '#server/search/query';
import { joinMemberOf, partedPageRows, type PartedList, type RowsOf } from './list-parts';
import { clearPromotionCounts } from './promotion-counts';
import { MEMBER_COLUMNS, toUserResponse, type MemberRow } from './members';
import { regionsFromKeys, sortPhotographyTypes } from './shape';

export interface PhotographerFilter {
  regions: string[];
  categories: string[];
  photographyTypes: PhotographyType[];
  keyword?: string | undefined;
  sort: SortType;
}

interface PageRow {
  main_photography_types: PhotographyType[];
  regions: string[];
  portfolio: Image[];
  address: Address | null;
  contact_link: string | null;
  description: string;
  hidden_at: Date | null;
  save_count: number;
  review_count: number;
  rating_sum: number;
  completed_shoots: number;
}

export const photographerNotFound = () => notFound('PHOTOGRAPHER_NOT_FOUND', '사진작가를 찾을 수 없어요.');

/** A photographer page's columns, of a statement that names the table `photographer_pages pp`. */
const PAGE_COLUMNS =
  'pp.main_photography_types, pp.regions, pp.portfolio, pp.address, pp.contact_link, pp.description, pp.save_count, pp.hidden_at, ' +
  'pp.review_count, pp.rating_sum, pp.completed_shoots';

export function toPhotographerResponse(m: MemberRow, p: PageRow): PhotographerResponse {
  return {
    ...toUserResponse(m),
    mainPhotographyTypes: sortPhotographyTypes(p.main_photography_types),
    contactLink: p.contact_link,
    description: p.description,
    address: p.address
      ? {
          sido: p.address.sido,
          sigungu: p.address.sigungu,
          roadAddress: p.address.roadAddress,
          jibunAddress: p.address.jibunAddress,
        }
      : { ...NO_ADDRESS },
    portfolio: answerImages(p.portfolio),
    activeRegions: regionsFromKeys(p.regions),
    rating: ratingOf(p.rating_sum, p.review_count),
    completedShoots: p.completed_shoots,
  };
}

/** A photographer's member row and page, by the member's id (`$1`). */
export const PHOTOGRAPHER_ROW_SQL = `select ${MEMBER_COLUMNS}, ${PAGE_COLUMNS}
  from members m join photographer_pages pp on pp.member_id = m.id
 where m.id = $1`;

async function findPhotographerRow(db: Queryable, id: number): Promise<PhotographerRow | null> {
  const rows = await db.query<PhotographerRow>(PHOTOGRAPHER_ROW_SQL, [id]);
  return rows[0] ?? null;
}

/** Who may read a hidden page (moderation): its owner and admins; to anyone else it is not found. */
export const seesHiddenPage = (ownerId: number, viewer: Principal | null): boolean =>
  viewer !== null && (viewer.id === ownerId || isAdmin(viewer));

export async function getPhotographer(
  db: Queryable,
  id: number,
  viewer: Principal | null,
): Promise<PhotographerResponse> {
  const row = await findPhotographerRow(db, id);
  if (!row || (row.hidden_at !== null && !seesHiddenPage(id, viewer))) throw photographerNotFound();
  return toPhotographerResponse(row, row);
}

export async function getPhotographerDetails(
  db: Queryable,
  id: number,
  viewer: Principal | null,
): Promise<PhotographerDetailResponse | null> {
  const row = await findPhotographerRow(db, id);
  if (!row || row.hidden_at !== null) return null;
  const saved = viewer
    ? await db.query('select 1 from photographer_saves where member_id = $1 and photographer_id = $2', [viewer.id, id])
    : [];
  return photographerDetailsOf(row, saved.length > 0);
}

/** A photographer's details, or null when the page is hidden (moderation): not found for anyone. */
export function photographerDetailsOf(row: PhotographerRow, isSaved: boolean): PhotographerDetailResponse | null {
  if (row.hidden_at !== null) return null;
  return { ...toPhotographerResponse(row, row), saveCount: row.save_count, isSaved };
}

export type PhotographerRow = MemberRow & PageRow;

/**
 * The photographer's row as a part of a page's one statement (`queryJsonParts`, decision 008): `$1` is
 * the photographer's id. JSON carries the timestamps as text; they become dates again here.
 */
export const photographerRowPart: JsonRowsPart<PhotographerRow> = {
  sql: PHOTOGRAPHER_ROW_SQL,
  orderBy: 'r.id',
  map: (row) => {
    const r = row as Omit<PhotographerRow, 'created_at' | 'hidden_at'> & {
      created_at: string;
      hidden_at: string | null;
    };
    return { ...r, created_at: new Date(r.created_at), hidden_at: r.hidden_at === null ? null : new Date(r.hidden_at) };
  },
};

/** Recomputes the searchable document of a photographer page (nickname, description, regions). */
export async function refreshPhotographerSearch(db: Queryable, memberId: number): Promise<void> {
  const rows = await db.query<{ nickname: string; description: string; regions: string[] }>(
    `select m.nickname, pp.description, pp.regions from members m join photographer_pages pp on pp.member_id = m.id
      where m.id = $1`,
    [memberId],
  );
  const r = rows[0];
  if (!r) return;
  const doc = photographerSearchDocument({ ...r, regions: regionsFromKeys(r.regions) });
  // What a photographer list finds and counts may have changed.
  clearPromotionCounts('photographer_pages');
  await db.query('update photographer_pages set search_text = $2, search_grams = $3 where member_id = $1', [
    memberId,
    doc.text,
    doc.grams,
  ]);
}

const PHOTOGRAPHER_SEARCH = {
  text: 'pp.search_text',
  grams: 'pp.search_grams',
  types: 'pp.main_photography_types',
  regions: 'pp.regions',
};

/**
 * The WHERE clause of a photographer list. `indexes: false` is for a walk down the ordered index
 * (`partedPageRows`): the same tests, written so that no other index serves them.
 */
function whereOf(filter: PhotographerFilter, params: SqlParam[], indexes = true): string {
  const add = (v: SqlParam) => {
    params.push(v);
    return `$${params.length}`;
  };
  const overlaps = (column: string, values: string[]) => {
    const test = `pp.${column} && ${add(values)}::text[]`;
    return indexes ? test : `coalesce(${test}, false)`;
  };
  const conditions = ["pp.description <> ''", 'pp.hidden_at is null'];
  const regionParts: string[] = [];
  if (filter.regions.length > 0) regionParts.push(overlaps('regions', filter.regions));
  if (filter.categories.length > 0) regionParts.push(overlaps('region_categories', filter.categories));
  if (regionParts.length > 0) conditions.push(`(${regionParts.join(' or ')})`);
  if (filter.photographyTypes.length > 0) conditions.push(overlaps('main_photography_types', filter.photographyTypes));
  if (filter.keyword) {
    conditions.push(...searchConditions(parseSearchQuery(filter.keyword), PHOTOGRAPHER_SEARCH, add, indexes));
  }
  return conditions.join(' and ');
}

/**
 * A photographer list as `partedPageRows` reads it: with a keyword, those whose name matches first
 * (decision 024); newest registered (LATEST) or most saved (POPULAR) first within each part, down
 * their ordered indexes, or (`sortMatches`) not through them.
 */
function photographerList(filter: PhotographerFilter): PartedList {
  const terms = filter.keyword ? parseSearchQuery(filter.keyword) : [];
  const head = (params: SqlParam[]) => headCondition(terms, 'pp.search_text', (v) => `$${params.push(v)}`);
  const parts = terms.length > 0 ? [head, (params: SqlParam[]) => `not ${head(params)}`] : [];
  return {
    table: 'photographer_pages',
    where: (params, indexes) => whereOf(filter, params, indexes),
    parts,
    order: (sortMatches) => photographerOrder(filter.sort, sortMatches),
  };
}

function photographerOrder(sort: SortType, sortMatches: boolean): string {
  if (sort === 'POPULAR') {
    const z = sortMatches ? ' + 0' : '';
    return `pp.save_count${z} desc, pp.member_id${z} desc`;
  }
  return sortMatches
    ? "pp.created_at + interval '0 s' desc, pp.member_id + 0 desc"
    : 'pp.created_at desc, pp.member_id desc';
}

interface ListRow {
  id: number;
  nickname: string;
  profile_image: Image | null;
  main_photography_types: PhotographyType[];
  is_saved: boolean;
  review_count: number;
  rating_sum: number;
  completed_shoots: number;
}

const toListItem = (r: ListRow): PhotographerListItem => ({
  id: r.id,
  nickname: r.nickname,
  profileImage: r.profile_image ? answerImage(r.profile_image) : null,
  isSaved: r.is_saved,
  mainPhotographyTypes: sortPhotographyTypes(r.main_photography_types),
  rating: ratingOf(r.rating_sum, r.review_count),
  completedShoots: r.completed_shoots,
});

/**
 * The rows of a part of a photographer list (`partedPageRows`): the page's photographers, then their
 * members; the sort columns are selected so the JSON document keeps the list's order (`ROWS_ORDER`).
 */
const photographerRowsOf =
  (viewer: Principal | null): RowsOf =>
  (q) => {
    const saved = viewer
      ? `exists (select 1 from photographer_saves s where s.member_id = ${q.add(viewer.id)} and s.photographer_id = pp.member_id)`
      : 'false';
    return `select m.id, m.nickname, m.profile_image, pp.main_photography_types, ${saved} as is_saved,
                   pp.review_count, pp.rating_sum, pp.completed_shoots, pp.sort_saves, pp.sort_at, pp.part
              from (select pp.member_id, pp.main_photography_types, pp.review_count, pp.rating_sum,
                           pp.completed_shoots, pp.save_count as sort_saves, pp.created_at as sort_at, ${q.part} as part
                      from photographer_pages pp
                     where ${q.where}
                     order by ${q.order}
                     limit ${q.limit} offset ${q.offset}) pp
              ${joinMemberOf('pp.member_id')}`;
  };

const rowsOrder = (sort: SortType) =>
  `r.part, ${sort === 'POPULAR' ? 'r.sort_saves desc' : 'r.sort_at desc'}, r.id desc`;

/**
 * The first `limit` listed photographers of `filter`, as a part of a larger statement (the search
 * overview's, the home page's), its parameters added to `params`: null when none match. `walks` when
 * the part's plan does not depend on its values (`partedPageRows`).
 */
export async function firstPhotographersPart(
  db: Queryable,
  filter: PhotographerFilter,
  limit: number,
  params: SqlParam[],
): Promise<(JsonRowsPart<PhotographerListItem> & { walks: boolean }) | null> {
  const read = await partedPageRows(
    db,
    photographerList(filter),
    { page: 0, pageSize: limit },
    photographerRowsOf(null),
    params,
  );
  if (read.sql === null) return null;
  return {
    sql: read.sql,
    orderBy: rowsOrder(filter.sort),
    map: (row) => toListItem(row as ListRow),
    walks: read.walks,
  };
}

/**
 * The newest listed photographers, without counting them (the home page shows no totals), as a part of
 * its statement.
 */
export function latestPhotographersPart(limit: number, params: SqlParam[]): JsonRowsPart<PhotographerListItem> {
  const add = (v: SqlParam) => `$${params.push(v)}`;
  const filter: PhotographerFilter = { regions: [], categories: [], photographyTypes: [], sort: 'LATEST' };
  const sql = photographerRowsOf(null)({
    where: whereOf(filter, params),
    order: photographerOrder('LATEST', false),
    limit: add(limit),
    offset: add(0),
    add,
    part: 0,
  });
  return { sql, orderBy: rowsOrder('LATEST'), map: (row) => toListItem(row as ListRow) };
}

/**
 * Only photographers whose page has a description are listed. LATEST = newest registered first. The
 * kept count, then the page's rows (`partedPageRows`).
 */
export async function listPhotographers(
  db: Queryable,
  filter: PhotographerFilter,
  page: PageRequest,
  viewer: Principal | null,
): Promise<Page<PhotographerListItem>> {
  const params: SqlParam[] = [];
  const read = await partedPageRows(db, photographerList(filter), page, photographerRowsOf(viewer), params);
  if (read.sql === null) return toPage([], read.total, page);
  // The list everyone opens first (no filter, first page, anonymous): its values are the page's sizes.
  // A walk's plan does not depend on its values: planned once for any (decision 008).
  const once = isFirstUnfilteredPage(filter, page, viewer);
  const rows = await queryJsonRows<ListRow>(db, read.sql, params, rowsOrder(filter.sort), {
    once,
    generic: !once && read.walks,
  });
  return toPage(rows.map(toListItem), read.total, page);
}

const isFirstUnfilteredPage = (filter: PhotographerFilter, page: PageRequest, viewer: Principal | null) =>
  page.page === 0 &&
  viewer === null &&
  !filter.keyword &&
  filter.regions.length === 0 &&
  filter.categories.length === 0 &&
  filter.photographyTypes.length === 0;

export async function listSavedPhotographers(
  db: Queryable,
  memberId: number,
  page: PageRequest,
): Promise<Page<SavedPhotographerItem>> {
  const countRows = await db.query<{ total: number }>(
    'select count(*)::int as total from photographer_saves where member_id = $1',
    [memberId],
  );
  const total = countRows[0]?.total ?? 0;
  if (total === 0) return toPage([], total, page);
  const rows = await db.query<ListRow & { save_count: number }>(
    `select m.id, m.nickname, m.profile_image, pp.main_photography_types, true as is_saved, pp.save_count,
            pp.review_count, pp.rating_sum, pp.completed_shoots
       from photographer_saves s
       join photographer_pages pp on pp.member_id = s.photographer_id
       join members m on m.id = pp.member_id
      where s.member_id = $1
      order by s.created_at desc, m.id desc
      limit $2 offset $3`,
    [memberId, page.pageSize, page.page * page.pageSize],
  );
  return toPage(
    rows.map((r) => ({ ...toListItem(r), saveCount: r.save_count })),
    total,
    page,
  );
}

/** Saves the photographer for the member; answers their save count after. */
export async function savePhotographer(db: Queryable, memberId: number, id: number): Promise<number> {
  const rows = await db.query<{ member_id: number; save_count: number }>(
    `with ins as (
       insert into photographer_saves (member_id, photographer_id)
       select $1, pp.member_id from photographer_pages pp where pp.member_id = $2
       on conflict do nothing
       returning photographer_id
     )
     update photographer_pages set save_count = save_count + 1
      where member_id in (select photographer_id from ins) returning member_id, save_count`,
    [memberId, id],
  );
  if (rows[0]) return Number(rows[0].save_count);
  const exists = await db.query('select 1 from photographer_pages where member_id = $1', [id]);
  if (exists.length === 0) throw photographerNotFound();
  throw conflict('ALREADY_PHOTOGRAPHER_SAVE', '이미 저장한 사진작가예요.');
}

/** Unsaves the photographer; answers their save count after. */
export async function unsavePhotographer(db: Queryable, memberId: number, id: number): Promise<number> {
  const rows = await db.query<{ member_id: number; save_count: number }>(
    `with del as (
       delete from photographer_saves where member_id = $1 and photographer_id = $2 returning photographer_id
     )
     update photographer_pages set save_count = save_count - 1
      where member_id in (select photographer_id from del) returning member_id, save_count`,
    [memberId, id],
  );
  if (!rows[0]) throw notFound('PHOTOGRAPHER_SAVE_NOT_FOUND', '저장한 사진작가가 아니에요.');
  return Number(rows[0].save_count);
}
