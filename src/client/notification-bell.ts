/**
 * The top bar's bell (`NotificationBell.astro`, issue 42): shown only to a signed-in member, after the
 * page's largest paint (BaseLayout's `AfterPaint`), with the unread count from one small call
 * (`pageSize=1`). Pages are shared copies, so the count is never in their HTML. Refreshed when the tab
 * comes back to the front and once a minute while it is visible; `refreshBell()` after marking read.
 */
import { api } from '#client/api';
import { hasAccessToken } from '#client/auth';
import { notificationCopy } from '#lib/copy-notifications';
import type { NotificationsPage } from '#lib/notifications';

const REFRESH_MS = 60_000;
let started = false;

function paint(count: number): void {
  const bell = document.querySelector<HTMLAnchorElement>('[data-bell]');
  const badge = bell?.querySelector<HTMLElement>('[data-bell-count]');
  if (!bell || !badge) return;
  bell.hidden = false;
  bell.setAttribute('aria-label', count > 0 ? notificationCopy.bellUnread(count) : notificationCopy.bell);
  badge.textContent = count > 99 ? '99+' : String(count);
  badge.hidden = count === 0;
  bell.dataset['unread'] = String(count);
}

/** Asks for the unread count and shows it; a member who cannot have notifications sees no bell. */
export async function refreshBell(): Promise<void> {
  if (!hasAccessToken()) return;
  try {
    const page = await api.get<NotificationsPage>('/users/me/notifications', { query: { page: 0, pageSize: 1 } });
    paint(page.unreadCount);
  } catch (err) {
    console.warn('notification count not loaded', err);
  }
}

export function startBell(): void {
  if (started || !hasAccessToken()) return;
  started = true;
  void refreshBell();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refreshBell();
  });
  setInterval(() => {
    if (document.visibilityState === 'visible') void refreshBell();
  }, REFRESH_MS);
}
