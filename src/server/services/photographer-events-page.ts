/**
 * What /photographer/:id reads: the photographer's details and the events block (one tab, current and
 * upcoming or ended behind '지난 이벤트', as cards, the tab counts and the paging; the page's query is
 * read by http/page-query.ts), in one statement (decision 008); the tab counts are kept for a
 * few seconds, like the lists' totals.
 */
import type { EventCardData } from '#lib/cards';
import type { PhotographerDetailResponse } from '#lib/contract';
import { getDb } from '#server/db/index';
import { thumbnailUrlFor } from '#server/media/keys';
import type { PictureData } from './browse';
import { readEventsBlock, type PhotographerEventStatus } from './photographer-promotions';
import { photographerDetailsOf, photographerRowPart } from './photographers';

export const PHOTOGRAPHER_EVENTS_PAGE_SIZE = 10;

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
  const { extra, counts, list } = await readEventsBlock(db, id, status, request, now, photographerRowPart);
  const row = extra[0];
  const detail = row ? photographerDetailsOf(row, false) : null;
  if (!detail) return null;
  return {
    photographer: {
      ...detail,
      pictures: detail.portfolio.map((i) => ({ url: i.url, thumbnailUrl: thumbnailUrlFor(i.url) })),
      profileThumbnailUrl: detail.profileImage ? thumbnailUrlFor(detail.profileImage.url) : null,
    },
    events: { status, counts, page: list.page, totalPage: list.totalPage, items: list.items },
  };
}
