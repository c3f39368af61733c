/**
 * Events (promotions): details with an atomic view count (once per viewer a day), writing, soft delete, and saves with exact
 * counters. Lists are in promotion-lists.ts. Pages and endpoints both call these.
 */
import { announce } from '#server/cache/announce';
import { changed } from '#server/cache/tags';
import type { Image, PhotographyType, PromotionType } from '#lib/domain';
import type { PromotionDetailResponse, PromotionResponse } from '#lib/contract';
import type { PromotionPayload } from '#lib/rules/promotion';
import type { ApplyMode } from '#lib/applications';
import { progressStatus, todayKst } from '#lib/deadline';
import { ratingOf, type Rating } from '#lib/reviews';
import { regionColumns } from '#lib/regions';
import type { Principal } from '#server/auth/principal';
import { isAdmin } from '#server/auth/guards';
import type { Queryable } from '#server/db/index';
import { planGeneric } from '#server/db/plan-generic';
import { answerImages, storedImages } from '#server/media/pictures';
import { conflict, denied, invalidFields, notFound } from './errors';
import { eventSearchDocument } from '#server/search/grams';
import { findMember, toUserResponse, type MemberRow } from './members';
import { clearPromotionCounts } from './promotion-counts';
import { insertEventsStatement } from './promotion-rows';
import { countingDetailSql } from './promotion-views';
import { countEventClauses, countSiteClause, TODAY_KST_SQL } from './statistics-counters';
import { regionsFromKeys, sortPhotographyTypes } from './shape';

/** A validated event body (the shared rule's output). */
export type PromotionInput = PromotionPayload;

export interface PromotionRow {
  id: number;
  author_id: number;
  promotion_type: PromotionType;
  title: string;
  content: string;
  external_link: string;
  started_at: string;
  ended_at: string;
  photography_types: PhotographyType[];
  regions: string[];
  hashtags: string[];
  images: Image[];
  view_count: number;
  save_count: number;
  is_author_hidden: boolean;
  apply_mode: ApplyMode;
  capacity: number | null;
  selected_count: number;
  show_places_left: boolean;
  asks_instagram: boolean;
  asks_photos: boolean;
}

export const promotionNotFound = () => notFound('PROMOTION_NOT_FOUND', '이벤트를 찾을 수 없어요.');

export function toPromotionResponse(r: PromotionRow): PromotionResponse {
  return {
    id: r.id,
    authorId: r.author_id,
    promotionType: r.promotion_type,
    title: r.title,
    content: r.content,
    externalLink: r.external_link,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    viewCount: r.view_count,
    isAuthorHidden: r.is_author_hidden,
    photographyTypes: sortPhotographyTypes(r.photography_types),
    images: answerImages(r.images),
    activeRegions: regionsFromKeys(r.regions),
    hashtags: r.hashtags,
    applyMode: r.apply_mode,
    capacity: r.capacity,
    showPlacesLeft: r.show_places_left,
    asksInstagram: r.asks_instagram,
    asksPhotos: r.asks_photos,
    ...(r.capacity !== null && r.show_places_left ? { placesLeft: Math.max(0, r.capacity - r.selected_count) } : {}),
  };
}

/** An event row's columns, of a statement that names the table `promotions p`. */
export const PROMOTION_COLUMNS = `p.id, p.author_id, p.promotion_type, p.title, p.content, p.external_link, p.started_at, p.ended_at,
  p.photography_types, p.regions, p.hashtags, p.images, p.view_count, p.save_count, p.is_author_hidden,
  p.apply_mode, p.capacity, p.selected_count, p.show_places_left, p.asks_instagram, p.asks_photos`;

async function findPromotion(db: Queryable, id: number): Promise<PromotionRow | null> {
  const rows = await db.query<PromotionRow>(
    `select ${PROMOTION_COLUMNS} from promotions p where p.id = $1 and p.deleted_at is null`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * An event its author may still edit or delete: live, or hidden by an admin (issue 44, item 7: the author
 * fixes or removes it from the hidden view). `hidden` events are answered as missing to anyone else.
 */
async function findEditablePromotion(db: Queryable, id: number): Promise<(PromotionRow & { hidden: boolean }) | null> {
  const rows = await db.query<PromotionRow & { hidden: boolean }>(
    `select ${PROMOTION_COLUMNS}, p.hidden_at is not null as hidden from promotions p
      where p.id = $1 and (p.deleted_at is null or p.hidden_at is not null)`,
    [id],
  );
  return rows[0] ?? null;
}

/** A hidden author is shown to the author (their own edit and delete menu) and to admins, to no one else. */
export function seesAuthor(
  row: Pick<PromotionRow, 'author_id' | 'is_author_hidden'>,
  viewer: Principal | null,
): boolean {
  return !row.is_author_hidden || (viewer !== null && (viewer.id === row.author_id || isAdmin(viewer)));
}

/** The event as the contract's PromotionResponse; does not count a view. */
export async function getPromotion(db: Queryable, id: number, viewer: Principal | null): Promise<PromotionResponse> {
  const row = await findPromotion(db, id);
  if (!row) throw promotionNotFound();
  const promotion = toPromotionResponse(row);
  // Its author sees how many applied (issue 40).
  if (viewer?.id === row.author_id && row.apply_mode !== 'LINK') {
    const [n] = await db.query<{ n: number }>('select count(*)::int as n from applications where promotion_id = $1', [
      id,
    ]);
    return { ...promotion, applicationCount: n?.n ?? 0 };
  }
  return seesAuthor(row, viewer) ? promotion : { ...promotion, authorId: null };
}

/**
 * The detail answer. `knownAuthor` is the author's row when the caller read it already (null: hidden or
 * gone); undefined reads it here.
 */
async function detailOf(
  db: Queryable,
  row: PromotionRow,
  viewer: Principal | null,
  now: number,
  knownAuthor?: MemberRow | null,
) {
  const [author, saved] = await Promise.all([
    // A row joined without its hidden author is read again only for those who may see it.
    knownAuthor !== undefined && (knownAuthor !== null || !seesAuthor(row, viewer))
      ? Promise.resolve(knownAuthor)
      : seesAuthor(row, viewer)
        ? findMember(db, row.author_id)
        : Promise.resolve(null),
    viewer
      ? db.query<{ ok: number }>('select 1 as ok from promotion_saves where member_id = $1 and promotion_id = $2', [
          viewer.id,
          row.id,
        ])
      : Promise.resolve([]),
  ]);
  const { authorId: _authorId, ...rest } = toPromotionResponse(row);
  const detail: PromotionDetailResponse = {
    ...rest,
    author: author ? { ...toUserResponse(author), isAdmin: author.roles.includes('ADMIN') } : null,
    saveCount: row.save_count,
    isSaved: saved.length > 0,
    progressStatus: progressStatus(row.started_at, row.ended_at, todayKst(now)),
  };
  return detail;
}

/**
 * Details for a reader: counts a view when `viewer` (promotion-views.ts `viewerKey`) has not viewed this
 * event yet today (Korea time), atomically in the statement that reads the row.
 */
export async function viewPromotionDetails(
  db: Queryable,
  id: number,
  principal: Principal | null,
  viewer: string,
  now = Date.now(),
): Promise<PromotionDetailResponse> {
  const day = todayKst(now);
  const rows = await db.query<PromotionRow & { counted: number }>(countingDetailSql(PROMOTION_COLUMNS), [
    id,
    viewer,
    day,
  ]);
  if (!rows[0]) throw promotionNotFound();
  const { counted, ...row } = rows[0];
  return detailOf(db, { ...row, view_count: row.view_count + counted }, principal, now);
}

/**
 * The author's whole member row (every column of `MEMBER_COLUMNS`, named `a_id`, `a_kakao_id`, …), of the
 * detail's join on `members m`. The event lists show less of their author: promotion-lists.ts `AUTHOR_COLUMNS`.
 */
const AUTHOR_MEMBER_COLUMNS = `m.id as a_id, m.kakao_id as a_kakao_id, m.type as a_type, m.roles as a_roles,
  m.nickname as a_nickname, m.gender as a_gender, m.instagram_id as a_instagram_id,
  m.profile_image as a_profile_image, m.created_at as a_created_at`;

type RowWithAuthor = PromotionRow & { [K in keyof MemberRow as `a_${K}`]: MemberRow[K] | null };

/** The author's columns of a joined row, or null when hidden (not joined) or gone. */
function authorOf(r: RowWithAuthor): MemberRow | null {
  if (r.a_id === null) return null;
  return {
    id: r.a_id,
    kakao_id: r.a_kakao_id as string,
    type: r.a_type as MemberRow['type'],
    roles: r.a_roles ?? [],
    nickname: r.a_nickname as string,
    gender: r.a_gender,
    instagram_id: r.a_instagram_id,
    profile_image: r.a_profile_image,
    created_at: r.a_created_at as Date,
  };
}

/** Details without counting a view (server-rendered pages, previews): the event and its author in one read. */
export async function getPromotionDetails(
  db: Queryable,
  id: number,
  viewer: Principal | null,
  now = Date.now(),
): Promise<PromotionDetailResponse | null> {
  return (await getPromotionDetailsWithRating(db, id, viewer, now))?.detail ?? null;
}

/**
 * getPromotionDetails with the author's rating as a photographer (issue 43: the event page shows it),
 * null when the author is hidden or has no shown photographer page; still one read.
 */
export async function getPromotionDetailsWithRating(
  db: Queryable,
  id: number,
  viewer: Principal | null,
  now = Date.now(),
): Promise<{ detail: PromotionDetailResponse; authorRating: Rating | null } | null> {
  // One row by its key: planned once for any id.
  const rows = await db.query<RowWithAuthor & { a_review_count: number | null; a_rating_sum: number | null }>(
    planGeneric(`select ${PROMOTION_COLUMNS}, ${AUTHOR_MEMBER_COLUMNS},
            pp.review_count as a_review_count, pp.rating_sum as a_rating_sum
       from promotions p left join members m on m.id = p.author_id and not p.is_author_hidden
       left join photographer_pages pp on pp.member_id = m.id and pp.hidden_at is null
      where p.id = $1 and p.deleted_at is null`),
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const { a_review_count: count, a_rating_sum: sum, ...rest } = row;
  return {
    detail: await detailOf(db, rest, viewer, now, authorOf(rest)),
    authorRating: count === null || sum === null ? null : ratingOf(sum, count),
  };
}

function searchOf(input: Pick<PromotionInput, 'title' | 'content' | 'hashtags' | 'activeRegions'>) {
  return eventSearchDocument({ ...input, regions: input.activeRegions });
}

export async function createPromotion(
  db: Queryable,
  author: Principal,
  input: PromotionInput,
): Promise<PromotionResponse> {
  clearPromotionCounts('promotions');
  if (input.isAuthorHidden && !isAdmin(author)) {
    throw denied('PROMOTION_AUTHOR_HIDDEN_PERMISSION_DENIED', '작성자 숨김은 관리자만 설정할 수 있어요.');
  }
  // The insert and the operator's count of events posted today, in one statement.
  const insert = insertEventsStatement([{ ...input, authorId: author.id, images: input.images }], PROMOTION_COLUMNS);
  const rows = await db.query<PromotionRow>(
    `with ins as (${insert.sql}), ${countSiteClause('counted', 'events', '(select count(*) from ins)')}
     select * from ins`,
    insert.params,
  );
  return toPromotionResponse(rows[0] as PromotionRow);
}

/** Who wrote the event, when it starts and its stored pictures, for the checks before an update; null when missing. */
export async function promotionOwnership(
  db: Queryable,
  id: number,
): Promise<{ authorId: number; startedAt: string; imageRefs: string[]; hidden: boolean } | null> {
  const row = await findEditablePromotion(db, id);
  return row
    ? {
        authorId: row.author_id,
        startedAt: row.started_at,
        imageRefs: row.images.map((i) => i.url),
        hidden: row.hidden,
      }
    : null;
}

export const updateDenied = () => denied('PROMOTION_UPDATE_PERMISSION_DENIED', '작성자만 이벤트를 수정할 수 있어요.');

/** Someone else's edit: refused, or (a hidden event, which exists only for its author and admins) missing. */
export const notYours = (existing: { hidden: boolean }) => (existing.hidden ? promotionNotFound() : updateDenied());

export async function updatePromotion(
  db: Queryable,
  editor: Principal,
  id: number,
  input: Omit<PromotionInput, 'isAuthorHidden'>,
): Promise<PromotionResponse> {
  clearPromotionCounts('promotions');
  const existing = await findEditablePromotion(db, id);
  if (!existing) throw promotionNotFound();
  if (existing.author_id !== editor.id) throw notYours(existing);
  // A body without the application fields keeps the event's (an older client's edit).
  const apply = input.applyMode === undefined ? null : input;
  const capacity = apply && apply.applyMode !== 'LINK' ? (apply.capacity ?? null) : null;
  if (capacity !== null && capacity < existing.selected_count)
    throw invalidFields([
      { field: 'capacity', message: `이미 ${existing.selected_count}명을 선정했어요. 그보다 적게 줄일 수 없어요.` },
    ]);
  const search = searchOf(input);
  const rows = await db.query<PromotionRow>(
    `update promotions p set promotion_type = $2, title = $3, content = $4, external_link = $5, started_at = $6,
        ended_at = $7, photography_types = $8, regions = $9, region_categories = $10, hashtags = $11,
        images = $12::jsonb, search_text = $13, search_grams = $14, updated_at = now(),
        apply_mode = coalesce($15, apply_mode),
        capacity = case when $15::text is null then capacity else $16::int end,
        show_places_left = coalesce($17, show_places_left),
        asks_instagram = coalesce($18, asks_instagram),
        asks_photos = coalesce($19, asks_photos)
      where p.id = $1 and (p.deleted_at is null or p.hidden_at is not null)
      returning ${PROMOTION_COLUMNS}`,
    [
      id,
      input.promotionType,
      input.title,
      input.content,
      input.externalLink,
      input.startedAt,
      input.endedAt,
      input.photographyTypes,
      regionColumns(input.activeRegions).keys,
      regionColumns(input.activeRegions).categories,
      input.hashtags,
      JSON.stringify(storedImages(input.images)),
      search.text,
      search.grams,
      apply?.applyMode ?? null,
      capacity,
      apply?.showPlacesLeft ?? null,
      apply?.asksInstagram ?? null,
      apply?.asksPhotos ?? null,
    ],
  );
  if (!rows[0]) throw promotionNotFound();
  return toPromotionResponse(rows[0]);
}

/** Soft delete by the author or an ADMIN; a hidden event becomes a deleted one (it is unlisted already). */
export async function deletePromotion(db: Queryable, actor: Principal, id: number): Promise<{ authorId: number }> {
  clearPromotionCounts('promotions');
  const existing = await findEditablePromotion(db, id);
  if (!existing) throw promotionNotFound();
  if (existing.author_id !== actor.id && !isAdmin(actor)) {
    if (existing.hidden) throw promotionNotFound();
    throw denied('PROMOTION_DELETE_PERMISSION_DENIED', '작성자 또는 관리자만 이벤트를 삭제할 수 있어요.');
  }
  await db.query(
    `update promotions set deleted_at = coalesce(deleted_at, now()), hidden_at = null, hidden_reason = null,
            review_requested_at = null
      where id = $1 and (deleted_at is null or hidden_at is not null)`,
    [id],
  );
  await announce(changed.event(id, existing.author_id));
  return { authorId: existing.author_id };
}

/**
 * Saves the event for the member; answers its save count after. One statement: the save row, the counter
 * and the day's statistics change together or not at all.
 */
export async function savePromotion(db: Queryable, memberId: number, id: number): Promise<number> {
  const rows = await db.query<{ id: number; save_count: number }>(
    `with ins as (
       insert into promotion_saves (member_id, promotion_id)
       select $1, p.id from promotions p where p.id = $2 and p.deleted_at is null
       on conflict do nothing
       returning promotion_id
     ),
     ${countEventClauses('daily', 'saves', `(select promotion_id, ${TODAY_KST_SQL} as day from ins)`)}
     update promotions set save_count = save_count + 1 where id in (select promotion_id from ins)
     returning id, save_count`,
    [memberId, id],
  );
  if (rows[0]) return Number(rows[0].save_count);
  if (!(await findPromotion(db, id))) throw promotionNotFound();
  throw conflict('ALREADY_PROMOTION_SAVE', '이미 저장한 이벤트예요.');
}

/** Unsaves the event; answers its save count after (the statistics lose the save on the day it was made). */
export async function unsavePromotion(db: Queryable, memberId: number, id: number): Promise<number> {
  const rows = await db.query<{ id: number; save_count: number }>(
    `with del as (
       delete from promotion_saves where member_id = $1 and promotion_id = $2
       returning promotion_id, (created_at at time zone 'Asia/Seoul')::date as day
     ),
     ${countEventClauses('daily', 'saves', 'del', -1)}
     update promotions set save_count = save_count - 1 where id in (select promotion_id from del)
     returning id, save_count`,
    [memberId, id],
  );
  if (!rows[0]) throw notFound('PROMOTION_SAVE_NOT_FOUND', '저장한 이벤트가 아니에요.');
  return Number(rows[0].save_count);
}

export type { MemberRow };
