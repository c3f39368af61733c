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
import type { SqlParam } from '#server/db/client';
import { queryJsonParts, type JsonRowsPart } from '#server/db/json-rows';
import { photographerNotFound } from './photographers';
import { CARD_COLUMNS, LIST_COLUMNS, toListItem, toCard, type CardRow, type ListRow } from './promotion-lists';

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

/** The photographer page's events block as parts of one statement: the tab counts and a page of cards. */
export interface EventCardsParts {
  counts: { current: number; ended: number };
  cards: EventCardData;
}

/**
 * The parts (`queryJsonParts`) that read the events block of a photographer's page: how many events
 * each tab holds, and a page of one tab as cards (the card columns only). Parameters: `$1` the
 * photographer, then `eventCardsParams`.
 */
export function eventCardsParts(status: PhotographerEventStatus): {
  [K in keyof EventCardsParts]: JsonRowsPart<EventCardsParts[K]>;
} {
  return {
    counts: {
      sql: `select count(*) filter (where ${SPLIT.CURRENT})::int as current,
                   count(*) filter (where ${SPLIT.ENDED})::int as ended
              from promotions p where ${PUBLIC_OF_AUTHOR}`,
      orderBy: 'r.current',
      map: (row) => row as { current: number; ended: number },
    },
    cards: {
      sql: `select ${CARD_COLUMNS} from promotions p
             where ${PUBLIC_OF_AUTHOR} and ${SPLIT[status]}
             order by p.id desc
             limit $3 offset $4`,
      orderBy: 'r.id desc',
      map: (row) => toCard(row as CardRow),
    },
  };
}

/** `$2`… of `eventCardsParts`: the day that splits the tabs and the page. */
export const eventCardsParams = (page: PageRequest, now: number): SqlParam[] => [
  todayKst(now),
  page.pageSize,
  page.page * page.pageSize,
];

/**
 * The events block from what `eventCardsParts` read; null when the page asked for is past the end (an
 * old link after events ended or were deleted), which shows the last page instead.
 */
export function eventCardsOf(
  read: { [K in keyof EventCardsParts]: EventCardsParts[K][] },
  status: PhotographerEventStatus,
  page: PageRequest,
): { counts: TabCounts; list: Page<EventCardData>; last: number | null } {
  const counts = { CURRENT: read.counts[0]?.current ?? 0, ENDED: read.counts[0]?.ended ?? 0 };
  const total = counts[status];
  const last = Math.max(0, Math.ceil(total / page.pageSize) - 1);
  return { counts, list: toPage(read.cards, total, page), last: page.page <= last ? null : last };
}

/**
 * The photographer page's events block, for a page already read (so it exists and is not hidden): the
 * tab counts and a page of one tab as cards, in one statement (decision 008, round 6). A page past the
 * end shows the last one, read again.
 */
export async function photographerEventCards(
  db: Queryable,
  photographerId: number,
  status: PhotographerEventStatus,
  page: PageRequest,
  now = Date.now(),
): Promise<{ counts: TabCounts; list: Page<EventCardData> }> {
  const read = async (p: PageRequest) =>
    eventCardsOf(
      await queryJsonParts(db, eventCardsParts(status), [photographerId, ...eventCardsParams(p, now)]),
      status,
      p,
    );
  const first = await read(page);
  if (first.last === null) return { counts: first.counts, list: first.list };
  const shown = await read({ page: first.last, pageSize: page.pageSize });
  return { counts: shown.counts, list: shown.list };
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
  const today = todayKst(now);
  const where = `${PUBLIC_OF_AUTHOR} and ${SPLIT[status]}`;
  if (!(await hasPhotographerPage(db, photographerId))) throw photographerNotFound();
  const countRows = await db.query<{ total: number }>(
    `select count(*)::int as total from promotions p where ${where}`,
    [photographerId, today],
  );
  const total = countRows[0]?.total ?? 0;
  if (total === 0 || page.page * page.pageSize >= total) return toPage([], total, page);
  const rows = await db.query<ListRow>(
    `select ${LIST_COLUMNS}, m.nickname as a_nickname, m.profile_image as a_profile_image, m.roles as a_roles,
            m.instagram_id as a_instagram_id,
            exists (select 1 from promotion_saves s where s.member_id = $3 and s.promotion_id = p.id) as is_saved
       from promotions p join members m on m.id = p.author_id
      where ${where}
      order by p.id desc
      limit $4 offset $5`,
    [photographerId, today, viewer?.id ?? 0, page.pageSize, page.page * page.pageSize],
  );
  return toPage(
    rows.map((r) => toListItem(r, today)),
    total,
    page,
  );
}
