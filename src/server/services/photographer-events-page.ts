/**
 * The events block of /photographer/:id: one tab (current and upcoming, or ended behind '지난 이벤트')
 * as cards, the tab counts and the paging (the page's query is read by http/page-query.ts).
 */
import type { EventCardData } from '#lib/cards';
import { getDb } from '#server/db/index';
import {
  countPhotographerPromotions,
  listPhotographerPromotionCards,
  type PhotographerEventStatus,
} from './photographer-promotions';

export const PHOTOGRAPHER_EVENTS_PAGE_SIZE = 10;

export interface PhotographerEventsView {
  status: PhotographerEventStatus;
  counts: Record<PhotographerEventStatus, number>;
  /** 0-based. */
  page: number;
  totalPage: number;
  items: EventCardData[];
}

export async function photographerEvents(
  photographerId: number,
  { status, page }: { status: PhotographerEventStatus; page: number },
  now = Date.now(),
): Promise<PhotographerEventsView> {
  const db = await getDb();
  const counts = await countPhotographerPromotions(db, photographerId, now);
  // A page past the end (an old link after events ended or were deleted) shows the last one.
  const totalPage = Math.ceil(counts[status] / PHOTOGRAPHER_EVENTS_PAGE_SIZE);
  const shown = Math.max(0, Math.min(page, totalPage - 1));
  const request = { page: shown, pageSize: PHOTOGRAPHER_EVENTS_PAGE_SIZE };
  const list = await listPhotographerPromotionCards(db, photographerId, status, request, counts[status], now);
  return { status, counts, page: list.page, totalPage: list.totalPage, items: list.items };
}
