import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { applicationCopy } from '#lib/copy-applications';
import { memberCopy } from '#lib/copy-member';
import { formatPeriod } from '#lib/display';
import { paths } from '#lib/paths';
import { $inbox, openInbox } from '#stores/application-inbox';
import { MemberGate } from './member/MemberGate';
import styles from './applications/applications.module.css';

/** /my/inbox — 신청 관리: the member's events that take applications on 담아봐, with their counts. */
export function ApplicationInbox() {
  const state = useStore($inbox);
  useEffect(() => {
    void openInbox();
  }, []);
  const t = applicationCopy.inbox;
  return (
    <MemberGate onRetry={() => void openInbox()} loading={state.status === 'loading'}>
      <div className={styles['page']}>
        {state.status === 'error' && (
          <div className={styles['problem']} role="alert">
            <p>{state.error}</p>
            <button type="button" className={styles['secondary']} onClick={() => void openInbox()}>
              {memberCopy.retry}
            </button>
          </div>
        )}
        {state.status === 'ready' && state.events.length === 0 && (
          <div className={styles['empty']}>
            {t.empty.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <a className={styles['secondary']} href={paths.newEvent}>
              {t.newEvent}
            </a>
          </div>
        )}
        {state.events.length > 0 && (
          <ul className={styles['list']} aria-label={t.listLabel}>
            {state.events.map((e) => (
              <li key={e.promotionId}>
                <a className={`${styles['card']} ${styles['eventLink']}`} href={paths.inboxEvent(e.promotionId)}>
                  <span className={styles['cardHead']}>
                    <span className={styles['cardTitle']}>{e.title}</span>
                    {e.waitingCount > 0 && <span className={styles['badge']}>{t.waiting(e.waitingCount)}</span>}
                  </span>
                  <span className={styles['meta']}>{formatPeriod(e.startedAt, e.endedAt)}</span>
                  <span className={styles['summary']}>
                    {t.summary(e.applicationCount, e.selectedCount, e.capacity)}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </MemberGate>
  );
}
