/**
 * What /photographer/:id reads: the photographer's details and the events block (one tab, current and
 * upcoming or ended behind '지난 이벤트', as cards, the tab counts and the paging; the page's query is
 * read by http/page-query.ts), in one statement (decision 008); the tab counts are kept for a
 * few seconds, like the lists' totals.
 */
import type { EventCardData } from '#lib/cards';
import type { Page, PhotographerDetailResponse, ReviewResponse } from '#lib/contract';
import { toPage } from '#lib/page';
import { getDb } from '#server/db/index';
import { queryJsonParts, type JsonRowsPart } from '#server/db/json-rows';
import { thumbnailUrlFor } from '#server/media/keys';
import type { PictureData } from './browse';
import { readEventsBlock, type PhotographerEventStatus } from './photographer-promotions';
import {
  PHOTOGRAPHER_ROW_SQL,
  photographerDetailsOf,
  photographerRowPart,
  type PhotographerRow,
} from './photographers';
import { latestReviewsColumn, reviewsOfJson, reviewsPagePart } from './reviews';

export const PHOTOGRAPHER_EVENTS_PAGE_SIZE = 10;
/** The reviews the photographer page shows; the rest are a link away (issue 43). */
export const PHOTOGRAPHER_PAGE_REVIEWS = 3;

/** The page's own row with its latest reviews, one part of the page's one statement. */
const pageRowPart: JsonRowsPart<PhotographerRow & { latestReviews: ReviewResponse[] }> = {
  sql: `select x.*, ${latestReviewsColumn(PHOTOGRAPHER_PAGE_REVIEWS)} as latest_reviews
          from (${PHOTOGRAPHER_ROW_SQL}) x`,
  orderBy: 'r.id',
  map: (row) => ({
    ...photographerRowPart.map(row),
    latestReviews: reviewsOfJson((row as { latest_reviews: unknown }).latest_reviews),
  }),
};

export interface PhotographerEventsView {
  status: PhotographerEventStatus;
  counts: Record<PhotographerEventStatus, number>;
  /** 0-based. */
  page: number;
  totalPage: number;
  items: EventCardData[];
}

export type PhotographerPageDetails = PhotographerDetailResponse & {
  pictures: PictureData[];
  profileThumbnailUrl: string | null;
  latestReviews: ReviewResponse[];
};

/**
 * The photographer page: null when there is no such photographer page or it is hidden (the page then
 * tells the two apart). A page of events past the end shows the last one, read again.
 */
export async function photographerPage(
  id: number,
  { status, page }: { status: PhotographerEventStatus; page: number },
  now = Date.now(),
): Promise<{ photographer: PhotographerPageDetails; events: PhotographerEventsView } | null> {
  const db = await getDb();
  const request = { page, pageSize: PHOTOGRAPHER_EVENTS_PAGE_SIZE };
  const { extra, counts, list } = await readEventsBlock(db, id, status, request, now, pageRowPart);
  const row = extra[0];
  const detail = row ? photographerDetailsOf(row, false) : null;
  if (!detail) return null;
  return {
    photographer: {
      ...detail,
      pictures: detail.portfolio.map((i) => ({ url: i.url, thumbnailUrl: thumbnailUrlFor(i.url) })),
      profileThumbnailUrl: detail.profileImage ? thumbnailUrlFor(detail.profileImage.url) : null,
      latestReviews: row?.latestReviews ?? [],
    },
    events: { status, counts, page: list.page, totalPage: list.totalPage, items: list.items },
  };
}

export const PHOTOGRAPHER_REVIEWS_PAGE_SIZE = 10;

/**
 * /photographer/:id/reviews: the photographer's row and a page of their shown reviews, newest first, in
 * one statement; null when there is no public photographer page. A page past the end shows the last.
 */
export async function photographerReviewsPage(
  id: number,
  page: number,
): Promise<{ photographer: PhotographerPageDetails; reviews: Page<ReviewResponse> } | null> {
  const db = await getDb();
  const size = PHOTOGRAPHER_REVIEWS_PAGE_SIZE;
  const read = await queryJsonParts<{ row: PhotographerRow; reviews: ReviewResponse }>(
    db,
    { row: photographerRowPart, reviews: reviewsPagePart },
    [id, size, page * size],
    { generic: true },
  );
  const row = read.row[0];
  const detail = row ? photographerDetailsOf(row, false) : null;
  if (!row || !detail) return null;
  const last = Math.max(0, Math.ceil(row.review_count / size) - 1);
  if (page > last) return photographerReviewsPage(id, last);
  return {
    photographer: {
      ...detail,
      pictures: [],
      profileThumbnailUrl: detail.profileImage ? thumbnailUrlFor(detail.profileImage.url) : null,
      latestReviews: [],
    },
    reviews: toPage(read.reviews, row.review_count, { page, pageSize: size }),
  };
}
