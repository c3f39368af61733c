/**
 * The events block of /photographer/:id: one tab (current and upcoming, or ended behind '지난 이벤트')
 * as cards, the tab counts and the paging. The query is read leniently: an unknown value is the default.
 */
import type { EventCardData } from '../../lib/cards';
import { readPage } from '../../lib/filters';
import { getDb } from '../db/index';
import {
  countPhotographerPromotions,
  listPhotographerPromotionCards,
  type PhotographerEventStatus,
} from './photographer-promotions';

export const PHOTOGRAPHER_EVENTS_PAGE_SIZE = 10;

/** `?events=ended` opens the ended tab; anything else is the current one. */
export function readEventsTab(params: URLSearchParams): PhotographerEventStatus {
  return params.get('events') === 'ended' ? 'ENDED' : 'CURRENT';
}

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
  params: URLSearchParams,
  now = Date.now(),
): Promise<PhotographerEventsView> {
  const db = await getDb();
  const status = readEventsTab(params);
  const page = readPage(params);
  const counts = await countPhotographerPromotions(db, photographerId, now);
  // A page past the end (an old link after events ended or were deleted) shows the last one.
  const totalPage = Math.ceil(counts[status] / PHOTOGRAPHER_EVENTS_PAGE_SIZE);
  const shown = Math.max(0, Math.min(page, totalPage - 1));
  const request = { page: shown, pageSize: PHOTOGRAPHER_EVENTS_PAGE_SIZE };
  const list = await listPhotographerPromotionCards(db, photographerId, status, request, now);
  return { status, counts, page: list.page, totalPage: list.totalPage, items: list.items };
}
