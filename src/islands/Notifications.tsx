import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { kstDateOf } from '#lib/applications';
import { formatShortDate } from '#lib/application-form';
import { notificationCopy } from '#lib/copy-notifications';
import { todayKst } from '#lib/deadline';
import type { NotificationItem } from '#lib/notifications';
import { paths } from '#lib/paths';
import {
  $notifications,
  loadMoreNotifications,
  markAllRead,
  openNotification,
  openNotifications,
  retryNotifications,
} from '#stores/notifications';
import { MemberGate } from './member/MemberGate';
import styles from './notifications/notifications.module.css';

/** The day heading of a notification: 오늘, 어제, or its date (KST). */
function dayLabel(day: string, today: string): string {
  if (day === today) return notificationCopy.today;
  if (day === todayKst(Date.parse(`${today}T12:00:00+09:00`) - 86_400_000)) return notificationCopy.yesterday;
  return formatShortDate(day);
}

function timeOf(iso: string): string {
  const kst = new Date(Date.parse(iso) + 9 * 3_600_000);
  const h = kst.getUTCHours();
  return `${h < 12 ? '오전' : '오후'} ${h % 12 === 0 ? 12 : h % 12}:${String(kst.getUTCMinutes()).padStart(2, '0')}`;
}

function byDay(items: readonly NotificationItem[]): [string, NotificationItem[]][] {
  const groups = new Map<string, NotificationItem[]>();
  for (const n of items) {
    const day = kstDateOf(n.createdAt);
    groups.set(day, [...(groups.get(day) ?? []), n]);
  }
  return [...groups.entries()];
}

/** /notifications — newest first, grouped by day, unread marked; a tap marks read and opens the target. */
export function Notifications() {
  const state = useStore($notifications);
  useEffect(() => {
    void openNotifications();
  }, []);
  const t = notificationCopy;
  const today = todayKst();
  return (
    <MemberGate onRetry={() => void openNotifications()} loading={state.status === 'loading'}>
      <div className={styles['page']}>
        <div className={styles['toolbar']}>
          <span data-unread-count={state.unreadCount}>
            {t.unread} {state.unreadCount}
          </span>
          <span>
            <a className={styles['textButton']} href={paths.notificationSettings}>
              {t.settingsTitle}
            </a>
            <button
              type="button"
              className={styles['textButton']}
              disabled={state.unreadCount === 0}
              onClick={() => void markAllRead()}
            >
              {t.markAll}
            </button>
          </span>
        </div>
        {state.status === 'error' && (
          <div className={styles['empty']} role="alert">
            <p>{t.loadFailed}</p>
            <button type="button" className={styles['textButton']} onClick={() => void retryNotifications()}>
              {t.retry}
            </button>
          </div>
        )}
        {state.status !== 'error' && state.items.length === 0 && <p className={styles['empty']}>{t.empty}</p>}
        {byDay(state.items).map(([day, items]) => (
          <section key={day} className={styles['day']} aria-labelledby={`day-${day}`}>
            <h2 id={`day-${day}`}>{dayLabel(day, today)}</h2>
            <ul className={styles['list']}>
              {items.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    className={styles['item']}
                    data-notification={n.id}
                    data-kind={n.kind}
                    data-read={String(n.readAt !== null)}
                    onClick={() => void openNotification(n)}
                  >
                    <span className={styles['dot']} aria-hidden="true" />
                    <span className={styles['text']}>
                      <span className={styles['title']}>
                        {n.readAt === null && <span className="sr-only">{t.unread} </span>}
                        {n.title}
                      </span>
                      {n.body && <span className={styles['body']}>{n.body}</span>}
                      <span className={styles['time']}>{timeOf(n.createdAt)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {state.hasNext && (
          <button
            type="button"
            className={styles['textButton']}
            disabled={state.status === 'loadingMore'}
            onClick={() => void loadMoreNotifications()}
          >
            {t.more}
          </button>
        )}
      </div>
    </MemberGate>
  );
}
