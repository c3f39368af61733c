/**
 * A member's saved events that close soon (my page, above the counts): still open, ending today or
 * within the next `days` KST days, the soonest deadline first. A member's saves are few (read through
 * promotion_saves_member_idx), so the deadline test runs on those rows only.
 */
import type { Page, PageRequest, PromotionListItem } from '#lib/contract';
import { DAY_MS, todayKst } from '#lib/deadline';
import { toPage } from '#lib/page';
import type { Queryable } from '#server/db/index';
import { AUTHOR_COLUMNS, toListItem, type ListRow } from './promotion-lists';
import { PROMOTION_COLUMNS } from './promotions';

/** The window my page asks for: closing within 3 days (D-3 to today). */
export const CLOSING_SOON_DAYS = 3;
export const MAX_CLOSING_SOON_DAYS = 30;

export async function listSavedClosingSoon(
  db: Queryable,
  memberId: number,
  days: number,
  page: PageRequest,
  now = Date.now(),
): Promise<Page<PromotionListItem>> {
  const today = todayKst(now);
  const last = todayKst(now + days * DAY_MS);
  const where = `s.member_id = $1 and p.deleted_at is null and p.ended_at >= $2::date and p.ended_at <= $3::date`;
  const countRows = await db.query<{ total: number }>(
    `select count(*)::int as total from promotion_saves s join promotions p on p.id = s.promotion_id where ${where}`,
    [memberId, today, last],
  );
  const total = countRows[0]?.total ?? 0;
  if (total === 0 || page.page * page.pageSize >= total) return toPage([], total, page);
  const rows = await db.query<ListRow>(
    `select ${PROMOTION_COLUMNS}, ${AUTHOR_COLUMNS}, true as is_saved
       from promotion_saves s
       join promotions p on p.id = s.promotion_id
       join members m on m.id = p.author_id
      where ${where}
      order by p.ended_at, p.id desc
      limit $4 offset $5`,
    [memberId, today, last, page.pageSize, page.page * page.pageSize],
  );
  return toPage(
    rows.map((r) => toListItem(r, today)),
    total,
    page,
  );
}
