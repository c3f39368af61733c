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
import { queryJsonRows } from '#server/db/json-rows';
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

/** How many events each tab of the photographer page holds. */
export async function countPhotographerPromotions(
  db: Queryable,
  photographerId: number,
  now = Date.now(),
): Promise<Record<PhotographerEventStatus, number>> {
  const rows = await db.query<{ current: number; ended: number }>(
    `select count(*) filter (where ${SPLIT.CURRENT})::int as current,
            count(*) filter (where ${SPLIT.ENDED})::int as ended
       from promotions p where ${PUBLIC_OF_AUTHOR}`,
    [photographerId, todayKst(now)],
  );
  return { CURRENT: rows[0]?.current ?? 0, ENDED: rows[0]?.ended ?? 0 };
}

/**
 * The same page as event cards, for the photographer page's events block, which has already read the
 * page (so it exists and is not hidden) and the tab's count (`total`): one statement of the card columns
 * only, as one JSON document (decision 008, round 6: the API's row of ten events, author and saved state
 * took 3 ms of PGlite's time on a page render, this takes a fraction of it).
 */
export async function listPhotographerPromotionCards(
  db: Queryable,
  photographerId: number,
  status: PhotographerEventStatus,
  page: PageRequest,
  total: number,
  now = Date.now(),
): Promise<Page<EventCardData>> {
  if (total === 0 || page.page * page.pageSize >= total) return toPage([], total, page);
  const rows = await queryJsonRows<CardRow>(
    db,
    `select ${CARD_COLUMNS} from promotions p
      where ${PUBLIC_OF_AUTHOR} and ${SPLIT[status]}
      order by p.id desc
      limit $3 offset $4`,
    [photographerId, todayKst(now), page.pageSize, page.page * page.pageSize],
    'r.id desc',
  );
  return toPage(rows.map(toCard), total, page);
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
