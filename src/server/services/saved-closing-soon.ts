/**
 * A member's saved events that close soon (my page, above the counts): still open, ending today or
 * within the next `days` KST days, the soonest deadline first. A member's saves are few (read through
 * promotion_saves_member_idx), so the deadline test runs on those rows only.
 */
import type { Page, PageRequest, PromotionListItem } from '#lib/contract';
import { DAY_MS, todayKst } from '#lib/deadline';
import type { Queryable } from '#server/db/index';
import { countedListPage } from './promotion-lists';

/** The window my page asks for: closing within 3 days (D-3 to today). */
export const CLOSING_SOON_DAYS = 3;
export const MAX_CLOSING_SOON_DAYS = 30;

export function listSavedClosingSoon(
  db: Queryable,
  memberId: number,
  days: number,
  page: PageRequest,
  now = Date.now(),
): Promise<Page<PromotionListItem>> {
  const today = todayKst(now);
  const last = todayKst(now + days * DAY_MS);
  return countedListPage(
    db,
    {
      from: 'promotion_saves s join promotions p on p.id = s.promotion_id',
      where: 's.member_id = $1 and p.deleted_at is null and p.ended_at >= $2::date and p.ended_at <= $3::date',
      params: [memberId, today, last],
      order: 'p.ended_at, p.id desc',
      saved: true,
    },
    page,
    today,
  );
}
