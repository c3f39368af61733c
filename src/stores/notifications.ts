/**
 * 알림 (/notifications, issue 42): the member's notifications newest first, a page at a time; 모두 읽음;
 * a tap marks one read and opens its link. And the settings (/my/notification-settings): per kind, in
 * the app and push; the promotional kind records or withdraws the consent on the server.
 */
import { atom } from 'nanostores';
import { api, isApiRequestError } from '#client/api';
import { navigate } from '#client/browser';
import { notificationCopy } from '#lib/copy-notifications';
import { withLoadedPage, type PagedList } from '#lib/page';
import type {
  MarkReadResponse,
  NotificationItem,
  NotificationKind,
  NotificationSettingsResponse,
  NotificationsPage,
} from '#lib/notifications';
import { enterMemberPage } from './member';
import { showToast } from './ui';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationsState extends PagedList<NotificationItem> {
  unreadCount: number;
}

const INITIAL: NotificationsState = { status: 'loading', items: [], unreadCount: 0, nextPage: 0, hasNext: false };
export const $notifications = atom<NotificationsState>(INITIAL);

async function load(page: number): Promise<void> {
  $notifications.set({ ...$notifications.get(), status: page === 0 ? 'loading' : 'loadingMore' });
  try {
    const answer = await api.get<NotificationsPage>('/users/me/notifications', {
      query: { page, pageSize: NOTIFICATIONS_PAGE_SIZE },
    });
    $notifications.set({ ...withLoadedPage($notifications.get(), page, answer), unreadCount: answer.unreadCount });
  } catch (err) {
    if (isApiRequestError(err) && err.status === 401) return;
    console.error('notifications not loaded', err);
    $notifications.set({ ...$notifications.get(), status: 'error' });
  }
}

export async function openNotifications(): Promise<void> {
  if (await enterMemberPage('member')) await load(0);
}

export function loadMoreNotifications(): Promise<void> {
  const s = $notifications.get();
  return s.status === 'ready' && s.hasNext ? load(s.nextPage) : Promise.resolve();
}

export function retryNotifications(): Promise<void> {
  return load(0);
}

function markedLocally(ids: readonly number[] | 'all', unreadCount: number): void {
  const at = new Date().toISOString();
  const s = $notifications.get();
  $notifications.set({
    ...s,
    unreadCount,
    items: s.items.map((n) => (n.readAt === null && (ids === 'all' || ids.includes(n.id)) ? { ...n, readAt: at } : n)),
  });
}

export async function markAllRead(): Promise<void> {
  try {
    const answer = await api.post<MarkReadResponse>('/users/me/notifications/read', { all: true });
    markedLocally('all', answer.unreadCount);
  } catch (err) {
    if (!(isApiRequestError(err) && err.status === 401)) showToast(notificationCopy.saveFailed, 'error');
  }
}

/** A tap: marks it read (when unread), then opens its target. */
export async function openNotification(n: NotificationItem): Promise<void> {
  if (n.readAt === null) {
    try {
      const answer = await api.post<MarkReadResponse>('/users/me/notifications/read', { ids: [n.id] });
      markedLocally([n.id], answer.unreadCount);
    } catch (err) {
      if (isApiRequestError(err) && err.status === 401) return;
      console.warn('notification not marked read', err);
    }
  }
  navigate(n.link);
}

// --- settings ---

export interface SettingsState {
  status: 'loading' | 'ready' | 'error';
  value: NotificationSettingsResponse | null;
  saving: NotificationKind | null;
}

export const $notificationSettings = atom<SettingsState>({ status: 'loading', value: null, saving: null });

export async function openNotificationSettings(): Promise<void> {
  if (!(await enterMemberPage('member'))) return;
  try {
    const value = await api.get<NotificationSettingsResponse>('/users/me/notification-settings');
    $notificationSettings.set({ status: 'ready', value, saving: null });
  } catch (err) {
    if (isApiRequestError(err) && err.status === 401) return;
    $notificationSettings.set({ status: 'error', value: null, saving: null });
  }
}

/** Switches one channel of one kind. */
export async function setChannel(kind: NotificationKind, channel: 'inApp' | 'push', on: boolean): Promise<void> {
  const s = $notificationSettings.get();
  const current = s.value?.settings.find((x) => x.kind === kind);
  if (!current || !s.value || s.saving) return;
  const next = { ...current, [channel]: on };
  // Shown at once; the server's answer (or the old value on a failure) follows.
  $notificationSettings.set({
    ...s,
    saving: kind,
    value: { ...s.value, settings: s.value.settings.map((x) => (x.kind === kind ? next : x)) },
  });
  try {
    const value = await api.put<NotificationSettingsResponse>('/users/me/notification-settings', {
      settings: [next],
    });
    $notificationSettings.set({ status: 'ready', value, saving: null });
    showToast(notificationCopy.saved, 'info', 2000);
  } catch (err) {
    $notificationSettings.set({ ...s, saving: null });
    if (!(isApiRequestError(err) && err.status === 401)) showToast(notificationCopy.saveFailed, 'error');
  }
}
