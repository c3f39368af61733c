/**
 * What the moderation page reads (open reports with their targets, recent events, the log), and a
 * hidden event or photographer page as its author and admins see it.
 */
import type {
  HiddenPhotographerView,
  HiddenPromotionView,
  ModerationEvent,
  ModerationLogEntry,
  ModerationOverview,
  OpenReport,
} from '#lib/contract-moderation';
import type { Principal } from '#server/auth/principal';
import { isAdmin } from '#server/auth/guards';
import type { Queryable } from '#server/db/index';
import { getPhotographer, photographerNotFound, seesHiddenPage } from './photographers';
import { PROMOTION_COLUMNS, promotionNotFound, toPromotionResponse, type PromotionRow } from './promotions';
import { REPORT_COLUMNS, toReportResponse } from './reports';
import { hiddenItems } from './review-requests';

export const OVERVIEW_LIMITS = { reports: 50, events: 20, log: 30 } as const;

const iso = (d: Date | string) => new Date(d).toISOString();

interface OpenReportRow {
  id: number;
  target_type: OpenReport['targetType'];
  target_id: number;
  reason: OpenReport['reason'];
  detail: string;
  created_at: Date;
  reporter_id: number | null;
  reporter_nickname: string | null;
  target_name: string | null;
  target_hidden: boolean;
  target_deleted: boolean;
  target_photographer_id: number | null;
}

/** Filters of the open reports (`/admin`): one reporter, one target, one reason. */
export interface ReportFilter {
  reporterId?: number | undefined;
  targetType?: OpenReport['targetType'] | undefined;
  targetId?: number | undefined;
  reason?: OpenReport['reason'] | undefined;
}

/**
 * Open reports, newest first, a page at a time and filtered, so a flood from one account can neither
 * hide a real report nor fill the page.
 */
/** The where clause of the open reports a filter keeps, and its parameters. */
function openReportsWhere(filter: ReportFilter): { where: string; params: (string | number)[] } {
  const conditions = ['r.resolved_at is null'];
  const params: (string | number)[] = [];
  const add = (sql: string, value: string | number) => {
    params.push(value);
    conditions.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.reporterId !== undefined) add('r.reporter_id = ?', filter.reporterId);
  if (filter.targetType !== undefined) add('r.target_type = ?', filter.targetType);
  if (filter.targetId !== undefined) add('r.target_id = ?', filter.targetId);
  if (filter.reason !== undefined) add('r.reason = ?', filter.reason);
  return { where: conditions.join(' and '), params };
}

/** How many open reports a filter keeps (/admin's count and its pages). */
export async function countOpenReports(db: Queryable, filter: ReportFilter = {}): Promise<number> {
  const { where, params } = openReportsWhere(filter);
  const rows = await db.query<{ n: number }>(`select count(*)::int as n from reports r where ${where}`, params);
  return rows[0]?.n ?? 0;
}

export async function openReports(
  db: Queryable,
  filter: ReportFilter = {},
  page: { page: number; pageSize: number } = { page: 0, pageSize: OVERVIEW_LIMITS.reports },
): Promise<OpenReport[]> {
  const { where, params } = openReportsWhere(filter);
  params.push(page.pageSize, page.page * page.pageSize);
  const rows = await db.query<OpenReportRow>(
    `select ${REPORT_COLUMNS}, r.reporter_id, rm.nickname as reporter_nickname,
            coalesce(p.title, tm.nickname, left(rv.text, 40), ap_p.title) as target_name,
            coalesce(p.hidden_at is not null, pp.hidden_at is not null, rv.hidden_at is not null, false) as target_hidden,
            case when r.target_type = 'PROMOTION'
                 then p.id is null or (p.deleted_at is not null and p.hidden_at is null)
                 when r.target_type = 'REVIEW' then rv.id is null or rv.deleted_at is not null
                 when r.target_type = 'APPLICATION' then ap.id is null
                 else pp.member_id is null end as target_deleted,
            rv.photographer_id as target_photographer_id
       from reports r
       left join members rm on rm.id = r.reporter_id
       left join promotions p on r.target_type = 'PROMOTION' and p.id = r.target_id
       left join photographer_pages pp on r.target_type = 'PHOTOGRAPHER' and pp.member_id = r.target_id
       left join members tm on r.target_type = 'PHOTOGRAPHER' and tm.id = r.target_id
       left join reviews rv on r.target_type = 'REVIEW' and rv.id = r.target_id
       left join applications ap on r.target_type = 'APPLICATION' and ap.id = r.target_id
       left join promotions ap_p on ap_p.id = ap.promotion_id
      where ${where}
      order by r.id desc
      limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return rows.map((r) => ({
    ...toReportResponse(r),
    reporter:
      r.reporter_id !== null && r.reporter_nickname !== null
        ? { id: r.reporter_id, nickname: r.reporter_nickname }
        : null,
    target: {
      type: r.target_type,
      id: r.target_id,
      name: r.target_name,
      hidden: r.target_hidden,
      deleted: r.target_deleted,
      ...(r.target_photographer_id !== null ? { photographerId: r.target_photographer_id } : {}),
    },
  }));
}

async function recentEvents(db: Queryable): Promise<ModerationEvent[]> {
  const rows = await db.query<{
    id: number;
    title: string;
    author_id: number;
    nickname: string | null;
    created_at: Date;
    hidden_at: Date | null;
    hidden_reason: string | null;
  }>(
    `select p.id, p.title, p.author_id, m.nickname, p.created_at, p.hidden_at, p.hidden_reason
       from promotions p left join members m on m.id = p.author_id
      where p.deleted_at is null or p.hidden_at is not null
      order by p.id desc
      limit $1`,
    [OVERVIEW_LIMITS.events],
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    authorId: r.author_id,
    authorNickname: r.nickname,
    createdAt: iso(r.created_at),
    hiddenAt: r.hidden_at ? iso(r.hidden_at) : null,
    hiddenReason: r.hidden_reason,
  }));
}

async function recentLog(db: Queryable): Promise<ModerationLogEntry[]> {
  const rows = await db.query<{
    id: number;
    action: ModerationLogEntry['action'];
    admin_id: number | null;
    nickname: string | null;
    admin_nickname: string | null;
    target_type: ModerationLogEntry['targetType'];
    target_id: number;
    target_label: string | null;
    reason: string;
    reports: number;
    created_at: Date;
  }>(
    `select l.id, l.action, l.admin_id, m.nickname, l.admin_nickname, l.target_type, l.target_id, l.target_label,
            l.reason, l.reports, l.created_at
       from moderation_log l left join members m on m.id = l.admin_id
      order by l.id desc
      limit $1`,
    [OVERVIEW_LIMITS.log],
  );
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    // The name the admin had when they acted, kept after they leave.
    admin:
      r.admin_nickname !== null || r.nickname !== null
        ? { id: r.admin_id, nickname: r.admin_nickname ?? r.nickname ?? '' }
        : null,
    targetType: r.target_type,
    targetId: r.target_id,
    targetLabel: r.target_label,
    reason: r.reason,
    reportsResolved: r.reports,
    createdAt: iso(r.created_at),
  }));
}

export async function moderationOverview(db: Queryable): Promise<ModerationOverview> {
  const [reports, events, log, reviewRequests] = await Promise.all([
    openReports(db),
    recentEvents(db),
    recentLog(db),
    hiddenItems(db, { requested: true }),
  ]);
  return { reports, events, log, reviewRequests };
}

/** A hidden event for its author or an admin; 404 to anyone else and for an event that is not hidden. */
export async function hiddenPromotionView(
  db: Queryable,
  viewer: Principal | null,
  id: number,
): Promise<HiddenPromotionView> {
  const rows = await db.query<
    PromotionRow & { hidden_at: Date; hidden_reason: string; review_requested_at: Date | null }
  >(
    `select ${PROMOTION_COLUMNS}, p.hidden_at, p.hidden_reason, p.review_requested_at from promotions p
      where p.id = $1 and p.hidden_at is not null`,
    [id],
  );
  const row = rows[0];
  if (!row || !viewer || (viewer.id !== row.author_id && !isAdmin(viewer))) throw promotionNotFound();
  return {
    promotion: toPromotionResponse(row),
    hiddenAt: iso(row.hidden_at),
    hiddenReason: row.hidden_reason,
    reviewRequestedAt: row.review_requested_at ? iso(row.review_requested_at) : null,
  };
}

/** Whether an event is hidden (its page then serves the author's view through an island). */
export async function isHiddenPromotion(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('select 1 as ok from promotions where id = $1 and hidden_at is not null', [id]);
  return rows.length > 0;
}

/** A hidden photographer page for its owner or an admin; 404 to anyone else and for a page that is not hidden. */
export async function hiddenPhotographerView(
  db: Queryable,
  viewer: Principal | null,
  id: number,
): Promise<HiddenPhotographerView> {
  const rows = await db.query<{ hidden_at: Date; hidden_reason: string; review_requested_at: Date | null }>(
    `select hidden_at, hidden_reason, review_requested_at from photographer_pages
      where member_id = $1 and hidden_at is not null`,
    [id],
  );
  const row = rows[0];
  if (!row || !seesHiddenPage(id, viewer)) throw photographerNotFound();
  return {
    photographer: await getPhotographer(db, id, viewer),
    hiddenAt: iso(row.hidden_at),
    hiddenReason: row.hidden_reason,
    reviewRequestedAt: row.review_requested_at ? iso(row.review_requested_at) : null,
  };
}

/** Whether a photographer page is hidden (its page then serves the owner's view through an island). */
export async function isHiddenPhotographer(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('select 1 as ok from photographer_pages where member_id = $1 and hidden_at is not null', [
    id,
  ]);
  return rows.length > 0;
}
