/**
 * Notifications (issue 42): the kinds a member is told of, the channels, each kind's default setting
 * and the wire shapes of `/users/me/notifications` and `/users/me/notification-settings`. Pure data,
 * shared by the server and the islands. The Korean text of each kind is `copy-notifications.ts`.
 */
import type { Page } from './page';

export const NOTIFICATION_KINDS = [
  'NEW_APPLICATIONS',
  'APPLICATION_WITHDRAWN',
  'APPLICATION_SELECTED',
  'APPLICATION_DECLINED',
  'APPLICATION_CANCELLED',
  'SHOOT_REMINDER',
  'SAVED_EVENT_CLOSING',
  'PROMOTIONAL',
  'REVIEW_REQUEST',
  'CONTENT_MODERATED',
  'REPORT_HANDLED',
  'EVENT_CLOSING_UNDECIDED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (v: unknown): v is NotificationKind =>
  typeof v === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(v);

/** The kind that is an advertisement under Korean law: off until the member opts in (MARKETING consent). */
export const PROMOTIONAL_KIND: NotificationKind = 'PROMOTIONAL';

export interface ChannelSetting {
  inApp: boolean;
  push: boolean;
}

/** What a kind is set to when the member never changed it. */
export function defaultSetting(kind: NotificationKind): ChannelSetting {
  return kind === PROMOTIONAL_KIND ? { inApp: false, push: false } : { inApp: true, push: true };
}

/** A batch of new applications to one event starts afresh after this long (and once read). */
export const NEW_APPLICATIONS_BATCH_MS = 15 * 60 * 1000;

/** One notification as `GET /users/me/notifications` lists it. */
export interface NotificationItem {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path on this site the notification opens. */
  link: string;
  createdAt: string;
  readAt: string | null;
}

/** The contract's page of notifications with the member's unread count. */
export interface NotificationsPage extends Page<NotificationItem> {
  unreadCount: number;
}

/** `POST /users/me/notifications/read` answers how many it marked and the unread count after. */
export interface MarkReadResponse {
  marked: number;
  unreadCount: number;
}

/** `GET`/`PUT /users/me/notification-settings`: every kind with its two channels. */
export interface NotificationSettingsResponse {
  settings: ({ kind: NotificationKind } & ChannelSetting)[];
  /** When the member gave the promotional consent (MARKETING) in force, or null. */
  promotionalConsentAt: string | null;
}
