/** The answers of the report and moderation endpoints (docs/api.md, "Reports and moderation"). */
import type { ReportReason, ReportTargetType } from './rules/report';
import type { PhotographerResponse, PromotionResponse } from './contract';

export interface ReportResponse {
  id: number;
  targetType: ReportTargetType;
  targetId: number;
  reason: ReportReason;
  detail: string;
  createdAt: string;
}

export interface ModerationTarget {
  type: ReportTargetType;
  id: number;
  /** The event's title, the photographer's nickname or a review's start; null when the target is gone. */
  name: string | null;
  hidden: boolean;
  deleted: boolean;
  /** A review's photographer (whose page shows it). */
  photographerId?: number;
}

export interface OpenReport extends ReportResponse {
  /** Null once the reporter withdrew (their reports stay, anonymised). */
  reporter: { id: number; nickname: string } | null;
  target: ModerationTarget;
}

/** GET /admin/reports: a page of open reports and how many the filter keeps in all. */
export interface OpenReportsPage {
  items: OpenReport[];
  total: number;
}

/** POST /admin/reports/dismiss-by-reporter: how many open reports it closed. */
export interface DismissedReports {
  dismissed: number;
}

export interface ModerationEvent {
  id: number;
  title: string;
  authorId: number;
  authorNickname: string | null;
  createdAt: string;
  hiddenAt: string | null;
  hiddenReason: string | null;
}

export type ModerationAction =
  | 'HIDE'
  | 'UNHIDE'
  | 'DELETE'
  | 'DISMISS'
  | 'GRANT_ADMIN'
  | 'REVOKE_ADMIN'
  /** An admin looked again at a hidden target its owner asked about and kept it hidden. */
  | 'KEEP_HIDDEN';

/** What a log entry acted on: reported content, or a member (role changes). */
export type ModerationTargetType = ReportTargetType | 'MEMBER';

export interface ModerationLogEntry {
  id: number;
  action: ModerationAction;
  /** The admin as they were named then (id null once they left; null for the operator's command). */
  admin: { id: number | null; nickname: string } | null;
  targetType: ModerationTargetType;
  targetId: number;
  /**
   * What the target was called when the admin acted (an event's title, a nickname, a review's start),
   * kept after it is deleted; null for entries older than the label whose target was already gone.
   */
  targetLabel: string | null;
  reason: string;
  /** Open reports this action resolved. */
  reportsResolved: number;
  createdAt: string;
}

export interface ModerationOverview {
  reports: OpenReport[];
  events: ModerationEvent[];
  log: ModerationLogEntry[];
  /** Hidden targets whose owner asked for another look (다시 검토 요청), oldest request first. */
  reviewRequests: HiddenItem[];
}

/** The kinds of hidden content an owner sees, asks about and an admin looks at again. */
export type HiddenItemType = 'PROMOTION' | 'PHOTOGRAPHER';

/** A hidden event or photographer page: `GET /users/me/hidden` (its owner) and the admin's review queue. */
export interface HiddenItem {
  type: HiddenItemType;
  /** The event's id, or the photographer's member id. */
  id: number;
  /** The event's title or the photographer's nickname. */
  name: string;
  hiddenAt: string;
  hiddenReason: string;
  /** When the owner asked for another look; null when they have not (or an admin has answered). */
  reviewRequestedAt: string | null;
}

/** GET /users/me/hidden. */
export interface HiddenItems {
  items: HiddenItem[];
}

/** GET /promotions/{id}/moderation: a hidden event as its author and admins see it. */
export interface HiddenPromotionView {
  promotion: PromotionResponse;
  hiddenAt: string;
  hiddenReason: string;
  /** When its author asked for another look, while an admin has not answered. */
  reviewRequestedAt: string | null;
}

/** GET /photographers/{id}/moderation: a hidden photographer page as its owner and admins see it. */
export interface HiddenPhotographerView {
  photographer: PhotographerResponse;
  hiddenAt: string;
  hiddenReason: string;
  /** When its owner asked for another look, while an admin has not answered. */
  reviewRequestedAt: string | null;
}
