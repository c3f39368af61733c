/**
 * The events block of /photographer/:id: one tab (current and upcoming, or ended behind '지난 이벤트')
 * as cards, the tab counts and the paging (the page's query is read by http/page-query.ts).
 */
import type { EventCardData } from '../../lib/cards';
import type { PromotionListItem } from '../../lib/contract';
import { getDb } from '../db/index';
import { thumbnailUrlFor } from '../media/keys';
import {
  countPhotographerPromotions,
  listPhotographerPromotions,
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
  const list = await listPhotographerPromotions(db, photographerId, status, request, null, now);
  return { status, counts, page: list.page, totalPage: list.totalPage, items: list.items.map(cardOf) };
}

/** A list item as an event card (the lists' own pages read cards straight from their query). */
function cardOf(item: PromotionListItem): EventCardData {
  const first = item.images[0];
  return {
    id: item.id,
    title: item.title,
    promotionType: item.promotionType,
    startedAt: item.startedAt,
    endedAt: item.endedAt,
    photographyTypes: item.photographyTypes,
    activeRegions: item.activeRegions,
    saveCount: item.saveCount,
    thumbnailUrl: first ? thumbnailUrlFor(first.url) : null,
  };
}
