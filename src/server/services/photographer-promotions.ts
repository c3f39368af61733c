/**
 * A photographer's own events, as their page and GET /photographers/{id}/promotions list them: the
 * events that name their author (hidden-author events never do), newest first, either current and
 * upcoming (not yet ended) or ended. Served by promotions_author_public_idx (migration 7).
 */
import type { EventCardData } from '#lib/cards';
import type { Page, PageRequest, PromotionListItem } from '#lib/contract';
import { todayKst } from '#lib/deadline';
import { toPage } from '#lib/page';
import type { Principal } from '#server/auth/principal';
import type { Queryable } from '#server/db/index';
import { queryJsonParts, type JsonRowsPart } from '#server/db/json-rows';
import { photographerNotFound } from './photographers';
import { keepCount, keptCount } from './promotion-counts';
import { CARD_COLUMNS, countedListPage, toCard, type CardRow } from './promotion-lists';

/** CURRENT: ongoing and upcoming (ended_at today or later); ENDED: ended before today (KST). */
export const PHOTOGRAPHER_EVENT_STATUSES = ['CURRENT', 'ENDED'] as const;
export type PhotographerEventStatus = (typeof PHOTOGRAPHER_EVENT_STATUSES)[number];

const PUBLIC_OF_AUTHOR = 'p.author_id = $1 and p.deleted_at is null and not p.is_author_hidden';
const SPLIT: Record<PhotographerEventStatus, string> = {
  CURRENT: 'p.ended_at >= $2::date',
  ENDED: 'p.ended_at < $2::date',
};

async function hasPhotographerPage(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('select 1 from photographer_pages where member_id = $1 and hidden_at is null', [id]);
  return rows.length > 0;
}

export type TabCounts = Record<PhotographerEventStatus, number>;

/** How many events each tab holds, counted in the same statement as a page of cards. */
const tabCountsPart: JsonRowsPart<TabCounts> = {
  sql: `select count(*) filter (where ${SPLIT.CURRENT})::int as current,
               count(*) filter (where ${SPLIT.ENDED})::int as ended
          from promotions p where ${PUBLIC_OF_AUTHOR}`,
  orderBy: 'r.current',
  map: (row) => {
    const r = row as { current: number; ended: number };
    return { CURRENT: r.current, ENDED: r.ended };
  },
};

/** A page of one tab as cards (the card columns only). */
const eventCardsPart = (status: PhotographerEventStatus): JsonRowsPart<EventCardData> => ({
  sql: `select ${CARD_COLUMNS} from promotions p
         where ${PUBLIC_OF_AUTHOR} and ${SPLIT[status]}
         order by p.id desc
         limit $3 offset $4`,
  orderBy: 'r.id desc',
  map: (row) => toCard(row as CardRow),
});

/**
 * The tab counts are kept like the lists' totals (promotion-counts.ts): any event write in this
 * process clears them, another instance's are at most a few seconds old. The key is each tab's own
 * condition, so the two are the totals `listPhotographerPromotions` would count.
 */
const tabCountKey = (status: PhotographerEventStatus) => `${PUBLIC_OF_AUTHOR} and ${SPLIT[status]}`;

async function keptTabCounts(photographerId: number, today: string, now: number): Promise<TabCounts | null> {
  const current = keptCount(tabCountKey('CURRENT'), [photographerId, today], now);
  const ended = keptCount(tabCountKey('ENDED'), [photographerId, today], now);
  if (!current || !ended) return null;
  const [c, e] = await Promise.all([current, ended]);
  return { CURRENT: c.total, ENDED: e.total };
}

/**
 * The events block of a photographer's page, with `extra` (the page's own row) in the same statement:
 * the tab counts (unless kept) and a page of one tab as cards. The page's number is the one shown: a
 * page past the end (an old link after events ended or were deleted) is the last one, read again.
 */
export async function readEventsBlock<X = never>(
  db: Queryable,
  photographerId: number,
  status: PhotographerEventStatus,
  page: PageRequest,
  now: number,
  extra?: JsonRowsPart<X>,
): Promise<{ extra: X[]; counts: TabCounts; list: Page<EventCardData> }> {
  const today = todayKst(now);
  const kept = await keptTabCounts(photographerId, today, now);
  const parts: Record<string, JsonRowsPart<unknown>> = { cards: eventCardsPart(status) };
  if (!kept) parts['counts'] = tabCountsPart;
  if (extra) parts['extra'] = extra;
  const params = [photographerId, today, page.pageSize, page.page * page.pageSize];
  // Ids, a date and the page's sizes: the same walk of the author's index for any of them.
  const read = (await queryJsonParts(db, parts, params, { generic: true })) as {
    cards: EventCardData[];
    counts?: TabCounts[];
    extra?: X[];
  };
  const counts = kept ?? read.counts?.[0] ?? { CURRENT: 0, ENDED: 0 };
  if (!kept && (!extra || (read.extra ?? []).length > 0)) {
    for (const s of PHOTOGRAPHER_EVENT_STATUSES) keepCount(tabCountKey(s), [photographerId, today], counts[s], now);
  }
  const total = counts[status];
  const last = Math.max(0, Math.ceil(total / page.pageSize) - 1);
  if (page.page <= last) return { extra: read.extra ?? [], counts, list: toPage(read.cards, total, page) };
  const shown = await readEventsBlock(db, photographerId, status, { page: last, pageSize: page.pageSize }, now);
  return { ...shown, extra: read.extra ?? [] };
}

/**
 * The photographer page's events block, for a page already read (so it exists and is not hidden): the
 * tab counts and a page of one tab as cards, in one statement (decision 008).
 */
export async function photographerEventCards(
  db: Queryable,
  photographerId: number,
  status: PhotographerEventStatus,
  page: PageRequest,
  now = Date.now(),
): Promise<{ counts: TabCounts; list: Page<EventCardData> }> {
  const { counts, list } = await readEventsBlock(db, photographerId, status, page, now);
  return { counts, list };
}

/** 404 PHOTOGRAPHER_NOT_FOUND when there is no photographer page with this id. */
export async function listPhotographerPromotions(
  db: Queryable,
  photographerId: number,
  status: PhotographerEventStatus,
  page: PageRequest,
  viewer: Principal | null,
  now = Date.now(),
): Promise<Page<PromotionListItem>> {
  if (!(await hasPhotographerPage(db, photographerId))) throw photographerNotFound();
  const today = todayKst(now);
  return countedListPage(
    db,
    {
      from: 'promotions p',
      where: `${PUBLIC_OF_AUTHOR} and ${SPLIT[status]}`,
      params: [photographerId, today],
      order: 'p.id desc',
      saved: { by: viewer?.id ?? 0 },
    },
    page,
    today,
  );
}
