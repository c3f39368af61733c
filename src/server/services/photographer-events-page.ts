/**
 * The events block of /photographer/:id: one tab (current and upcoming, or ended behind '지난 이벤트')
 * as cards, the tab counts and the paging (the page's query is read by http/page-query.ts).
 */
import type { EventCardData } from '#lib/cards';
import { getDb } from '#server/db/index';
import { photographerEventCards, type PhotographerEventStatus } from './photographer-promotions';

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
  const request = { page, pageSize: PHOTOGRAPHER_EVENTS_PAGE_SIZE };
  const { counts, list } = await photographerEventCards(await getDb(), photographerId, status, request, now);
  return { status, counts, page: list.page, totalPage: list.totalPage, items: list.items };
}
