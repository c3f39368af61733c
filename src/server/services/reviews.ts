/**
 * Reviews of completed shoots (issue 43): the applicant of a COMPLETED application reviews it once,
 * within 30 days of completion; edits it for 7 days and deletes it at any time; the photographer
 * answers once. Admins hide a review (moderation.ts), its author reads why.
 *
 * A photographer's rating is kept on their page row (`review_count`, `rating_sum`, migration 17) and
 * moved in the transaction of every write that changes which reviews are shown or their stars: the row
 * update serialises concurrent reviews, so the average and the count are exact.
 */
import type { Page, PageRequest, ReviewResponse } from '#lib/contract';
import type { Image } from '#lib/domain';
import { toPage } from '#lib/page';
import {
  mayEditReview,
  mayWriteReview,
  reviewEditableUntil,
  validateReplyInput,
  validateReviewInput,
  REVIEW_LIMITS,
} from '#lib/reviews';
import type { Principal } from '#server/auth/principal';
import { isAdmin } from '#server/auth/guards';
import { announce } from '#server/cache/announce';
import { changed } from '#server/cache/tags';
import type { Db, Queryable } from '#server/db/index';
import type { JsonRowsPart } from '#server/db/json-rows';
import { answerImage, answerImages, storedImage } from '#server/media/pictures';
import { applicationNotFound } from './applications';
import { conflict, denied, notFound, unwrap } from './errors';
import { assertImagesIssuedTo } from './files';
import { countSite } from './statistics-counters';

export const reviewNotFound = () => notFound('REVIEW_NOT_FOUND', '후기를 찾을 수 없어요.');
const notAllowed = (message: string) => conflict('REVIEW_NOT_ALLOWED', message);
// Not imported from photographers.ts: members.ts imports this module, and photographers.ts members.ts.
const photographerNotFound = () => notFound('PHOTOGRAPHER_NOT_FOUND', '사진작가를 찾을 수 없어요.');

/** A review row with its author and event, as `REVIEW_SQL` reads it (timestamps as dates, or text from JSON). */
interface ReviewRow {
  id: number;
  photographer_id: number;
  application_id: number | null;
  author_id: number | null;
  rating: number;
  text: string;
  photos: Image[];
  reply: string | null;
  replied_at: Date | string | null;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  author_nickname: string | null;
  author_profile_image: Image | null;
  promotion_id: number | null;
  promotion_title: string | null;
}

/** The event is named while it is public and names its author (a hidden-author event never does). */
const REVIEW_SQL = `select r.id, r.photographer_id, r.application_id, r.author_id, r.rating, r.text, r.photos, r.reply,
       r.replied_at, r.hidden_at, r.hidden_reason, r.created_at, r.updated_at,
       m.nickname as author_nickname, m.profile_image as author_profile_image,
       case when p.deleted_at is null and not p.is_author_hidden then p.id end as promotion_id,
       case when p.deleted_at is null and not p.is_author_hidden then p.title end as promotion_title
  from reviews r
  left join members m on m.id = r.author_id
  left join promotions p on p.id = r.promotion_id`;

const iso = (d: Date | string) => new Date(d).toISOString();

/** A review as the public reads it; `own` adds what only its author reads. */
function toReview(r: ReviewRow, own: boolean): ReviewResponse {
  const createdAt = iso(r.created_at);
  return {
    id: r.id,
    photographerId: r.photographer_id,
    promotion:
      r.promotion_id !== null && r.promotion_title !== null ? { id: r.promotion_id, title: r.promotion_title } : null,
    author:
      r.author_id === null
        ? null
        : {
            id: r.author_id,
            nickname: r.author_nickname ?? '',
            profileImage: r.author_profile_image ? answerImage(r.author_profile_image) : null,
          },
    rating: r.rating,
    text: r.text,
    photos: answerImages(r.photos),
    reply: r.reply !== null && r.replied_at !== null ? { text: r.reply, createdAt: iso(r.replied_at) } : null,
    createdAt,
    updatedAt: iso(r.updated_at),
    editableUntil: reviewEditableUntil(createdAt),
    ...(own
      ? {
          applicationId: r.application_id,
          hidden: r.hidden_at !== null ? { at: iso(r.hidden_at), reason: r.hidden_reason ?? '' } : null,
        }
      : {}),
  };
}

/** Moves a photographer's kept rating: `count` reviews more (or fewer) shown, `stars` more (or fewer) in all. */
export async function adjustRating(tx: Queryable, photographerId: number, count: number, stars: number): Promise<void> {
  if (count === 0 && stars === 0) return;
  await tx.query(
    'update photographer_pages set review_count = review_count + $2, rating_sum = rating_sum + $3 where member_id = $1',
    [photographerId, count, stars],
  );
}

/** What the rules of a review write need of the review. */
interface LockedReview {
  photographer_id: number;
  author_id: number | null;
  rating: number;
  photos: Image[];
  reply: string | null;
  hidden_at: Date | null;
  created_at: Date;
}

/** A review by id for a write: locked, with what the rules need; 404 when deleted or missing. */
async function lockedReview(tx: Queryable, id: number): Promise<LockedReview> {
  const rows = await tx.query<LockedReview>(
    `select photographer_id, author_id, rating, photos, reply, hidden_at, created_at
       from reviews where id = $1 and deleted_at is null for update`,
    [id],
  );
  if (!rows[0]) throw reviewNotFound();
  return rows[0];
}

/** A review `viewer` may read: shown ones to anyone, a hidden one to its author and admins. */
export async function getReview(db: Queryable, viewer: Principal | null, id: number): Promise<ReviewResponse> {
  const rows = await db.query<ReviewRow & { deleted_at: Date | null }>(
    `${REVIEW_SQL} where r.id = $1 and r.deleted_at is null`,
    [id],
  );
  const row = rows[0];
  const own = row !== undefined && viewer !== null && row.author_id === viewer.id;
  if (!row || (row.hidden_at !== null && !own && !isAdmin(viewer))) throw reviewNotFound();
  return toReview(row, own);
}

/**
 * The applicant of a COMPLETED application reviews it, once, within 30 days of completion. Anyone who
 * may not see the application: 404; its author or an admin: 403; not completed, or too late: 409
 * REVIEW_NOT_ALLOWED; a second review: 409 ALREADY_REVIEWED.
 */
export async function writeReview(
  db: Db,
  me: Principal,
  applicationId: number,
  body: unknown,
  now = Date.now(),
): Promise<ReviewResponse> {
  const input = unwrap(validateReviewInput(body));
  const { id, photographerId } = await db.transaction(async (tx) => {
    const rows = await tx.query<{
      applicant_id: number | null;
      author_id: number;
      promotion_id: number;
      status: string;
      completed_at: Date | null;
      reviewed: boolean;
    }>(
      `select a.applicant_id, p.author_id, a.promotion_id, a.status,
              (select h.at from application_history h
                where h.application_id = a.id and h.to_status = 'COMPLETED' order by h.id desc limit 1) as completed_at,
              exists (select 1 from reviews r where r.application_id = a.id) as reviewed
         from applications a join promotions p on p.id = a.promotion_id
        where a.id = $1
          for update of a`,
      [applicationId],
    );
    const row = rows[0];
    if (!row || (row.applicant_id !== me.id && row.author_id !== me.id && !isAdmin(me))) throw applicationNotFound();
    if (row.applicant_id !== me.id) throw denied('ACCESS_DENIED', '촬영을 신청한 사람만 후기를 쓸 수 있어요.');
    if (row.status !== 'COMPLETED' || row.completed_at === null)
      throw notAllowed('촬영을 마친 신청에만 후기를 쓸 수 있어요.');
    if (row.reviewed) throw conflict('ALREADY_REVIEWED', '이미 후기를 쓴 촬영이에요.');
    if (!mayWriteReview(row.completed_at.toISOString(), now))
      throw notAllowed(`촬영을 마치고 ${REVIEW_LIMITS.writeWithinDays}일이 지나 후기를 쓸 수 없어요.`);
    await assertImagesIssuedTo(tx, me.id, input.photos, 'photos');
    const inserted = await tx.query<{ id: number }>(
      `insert into reviews (application_id, photographer_id, promotion_id, author_id, rating, text, photos)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb)
       on conflict (application_id) where application_id is not null do nothing
       returning id`,
      [
        applicationId,
        row.author_id,
        row.promotion_id,
        me.id,
        input.rating,
        input.text,
        JSON.stringify(input.photos.map(storedImage)),
      ],
    );
    if (!inserted[0]) throw conflict('ALREADY_REVIEWED', '이미 후기를 쓴 촬영이에요.');
    await adjustRating(tx, row.author_id, 1, input.rating);
    await countSite(tx, 'reviews');
    return { id: inserted[0].id, photographerId: row.author_id };
  });
  await announce(changed.reputation(photographerId));
  return getReview(db, me, id);
}

/** Its author edits a review for 7 days after writing it (stars, text, photos). */
export async function editReview(
  db: Db,
  me: Principal,
  id: number,
  body: unknown,
  now = Date.now(),
): Promise<ReviewResponse> {
  const input = unwrap(validateReviewInput(body));
  const photographerId = await db.transaction(async (tx) => {
    const row = await lockedReview(tx, id);
    if (row.author_id !== me.id) throw denied('ACCESS_DENIED', '후기를 쓴 사람만 고칠 수 있어요.');
    if (!mayEditReview(row.created_at.toISOString(), now))
      throw notAllowed(`후기는 쓴 뒤 ${REVIEW_LIMITS.editWithinDays}일 동안만 고칠 수 있어요.`);
    await assertImagesIssuedTo(tx, me.id, input.photos, 'photos', { keep: row.photos.map((p) => p.url) });
    await tx.query('update reviews set rating = $2, text = $3, photos = $4::jsonb, updated_at = now() where id = $1', [
      id,
      input.rating,
      input.text,
      JSON.stringify(input.photos.map(storedImage)),
    ]);
    if (row.hidden_at === null) await adjustRating(tx, row.photographer_id, 0, input.rating - row.rating);
    return row.photographer_id;
  });
  await announce(changed.reputation(photographerId));
  return getReview(db, me, id);
}

/**
 * Its author deletes a review at any time. The row stays, emptied, so the shoot is reviewed once; its
 * photos' files are then used by nothing and go with the cleanup job.
 */
export async function deleteReview(db: Db, me: Principal, id: number): Promise<void> {
  const photographerId = await db.transaction(async (tx) => {
    const row = await lockedReview(tx, id);
    if (row.author_id !== me.id) throw denied('ACCESS_DENIED', '후기를 쓴 사람만 지울 수 있어요.');
    await tx.query(
      `update reviews set deleted_at = now(), text = '', photos = '[]', reply = null, replied_at = null,
              updated_at = now()
        where id = $1`,
      [id],
    );
    if (row.hidden_at === null) await adjustRating(tx, row.photographer_id, -1, -row.rating);
    return row.photographer_id;
  });
  await announce(changed.reputation(photographerId));
}

/** The reviewed photographer answers a shown review, once. */
export async function replyToReview(db: Db, me: Principal, id: number, body: unknown): Promise<ReviewResponse> {
  const { text } = unwrap(validateReplyInput(body));
  const photographerId = await db.transaction(async (tx) => {
    const row = await lockedReview(tx, id);
    if (row.hidden_at !== null) throw reviewNotFound();
    if (row.photographer_id !== me.id) throw denied('ACCESS_DENIED', '후기를 받은 작가만 답글을 쓸 수 있어요.');
    if (row.reply !== null) throw conflict('ALREADY_REPLIED', '이미 답글을 썼어요.');
    await tx.query('update reviews set reply = $2, replied_at = now() where id = $1', [id, text]);
    return row.photographer_id;
  });
  await announce(changed.reputation(photographerId));
  return getReview(db, me, id);
}

/** Shown reviews of a photographer (`$1`), newest first: `$2` rows from `$3`. */
const SHOWN_OF = 'r.photographer_id = $1 and r.deleted_at is null and r.hidden_at is null';

/**
 * The latest shown reviews of the photographer `$1` as one JSON column of a row (the photographer page
 * reads them with its own row, in its one statement); `reviewsOfJson` reads them back.
 */
export function latestReviewsColumn(limit: number): string {
  return `(select coalesce(json_agg(l order by l.id desc), '[]') from (
            ${REVIEW_SQL} where ${SHOWN_OF} order by r.id desc limit ${Math.trunc(limit)}) l)`;
}

export function reviewsOfJson(rows: unknown): ReviewResponse[] {
  return Array.isArray(rows) ? rows.map((row) => toReview(row as ReviewRow, false)) : [];
}

/** A page of a photographer's (`$1`) shown reviews as a part of a page's one statement: `$2` rows from `$3`. */
export const reviewsPagePart: JsonRowsPart<ReviewResponse> = {
  sql: `${REVIEW_SQL} where ${SHOWN_OF} order by r.id desc limit $2 offset $3`,
  orderBy: 'r.id desc',
  map: (row) => toReview(row as ReviewRow, false),
};

/**
 * A photographer's shown reviews, newest first, a page at a time; 404 when there is no public
 * photographer page. The total is the page's kept count (the same reviews).
 */
export async function listPhotographerReviews(
  db: Queryable,
  photographerId: number,
  page: PageRequest,
): Promise<Page<ReviewResponse>> {
  const pages = await db.query<{ review_count: number }>(
    'select review_count from photographer_pages where member_id = $1 and hidden_at is null',
    [photographerId],
  );
  if (!pages[0]) throw photographerNotFound();
  const total = pages[0].review_count;
  if (total === 0) return toPage([], 0, page);
  const rows = await db.query<ReviewRow>(`${REVIEW_SQL} where ${SHOWN_OF} order by r.id desc limit $2 offset $3`, [
    photographerId,
    page.pageSize,
    page.page * page.pageSize,
  ]);
  return toPage(
    rows.map((r) => toReview(r, false)),
    total,
    page,
  );
}

/** The caller's own reviews (hidden ones too, with the admin's reason), newest first. */
export async function listMyReviews(db: Queryable, me: Principal, page: PageRequest): Promise<Page<ReviewResponse>> {
  const [count] = await db.query<{ n: number }>(
    'select count(*)::int as n from reviews where author_id = $1 and deleted_at is null',
    [me.id],
  );
  const rows = await db.query<ReviewRow>(
    `${REVIEW_SQL} where r.author_id = $1 and r.deleted_at is null order by r.id desc limit $2 offset $3`,
    [me.id, page.pageSize, page.page * page.pageSize],
  );
  return toPage(
    rows.map((r) => toReview(r, true)),
    count?.n ?? 0,
    page,
  );
}

/**
 * A member withdrawing: their reviews stay, signed "탈퇴한 회원" (the author link goes with the member
 * row), without their photos, whose files go with the member's. Runs in the withdrawal's transaction;
 * answers the photographers whose pages show them.
 */
export async function anonymiseReviewsOf(tx: Queryable, memberId: number): Promise<number[]> {
  const rows = await tx.query<{ photographer_id: number }>(
    `update reviews set photos = '[]' where author_id = $1 and deleted_at is null returning photographer_id`,
    [memberId],
  );
  return [...new Set(rows.map((r) => r.photographer_id))];
}
