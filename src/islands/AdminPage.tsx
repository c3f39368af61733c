import { useCallback, useState } from 'react';
import { api, isApiRequestError } from '#client/api';
import type { ModerationOverview } from '#lib/contract-moderation';
import { moderationCopy } from '#lib/copy-moderation';
import { formatDateTime } from '#lib/display';
import { paths } from '#lib/paths';
import { statsCopy } from '#lib/copy-stats';
import { MODERATION_PATHS, type HideableTargetType } from '#lib/rules/report';
import { openConfirm, showToast } from '#stores/ui';
import { HideDialog } from './moderation/dialogs';
import { ReportQueue } from './moderation/ReportQueue';
import { ReviewRequests } from './moderation/ReviewRequests';
import { useSignedInLoad } from './hooks/useSignedInLoad';
import { LoadStatus } from './LoadStatus';
import styles from './AdminPage.module.css';

type Target = { type: HideableTargetType; id: number };

const t = moderationCopy.admin;
const readOverview = () => api.get<ModerationOverview>('/admin/moderation');

/**
 * /admin: open reports (a page at a time, filtered; ReportQueue), recent events and the moderation log
 * (ADMIN only). Every action but hiding (which asks for its reason) is confirmed first.
 */
export function AdminPage() {
  const [hiding, setHiding] = useState<Target | null>(null);
  // Moves after every action: the overview and the report queue are read again.
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), []);
  const { state, load } = useSignedInLoad(
    readOverview,
    { signedOut: t.denied, denied: t.denied, failed: t.loadFailed },
    version,
  );

  const act = async (path: string, done: string, method: 'post' | 'delete' = 'post') => {
    try {
      await (method === 'post' ? api.post(path) : api.delete(path));
      showToast(done);
    } catch (err) {
      showToast(isApiRequestError(err) ? err.message : t.loadFailed, 'error');
    }
    changed();
  };
  const askDelete = (id: number) =>
    openConfirm({
      title: t.deleteTitle,
      content: t.deleteContent,
      confirmLabel: t.deleteConfirm,
      onConfirm: () => act(`/admin/promotions/${id}`, t.deleted, 'delete'),
    });
  const askUnhide = (target: Target) =>
    openConfirm({
      title: t.unhideTitle,
      content: t.unhideContent,
      confirmLabel: t.unhideConfirm,
      onConfirm: () => act(`/admin/${MODERATION_PATHS[target.type]}/${target.id}/unhide`, t.unhidden),
    });
  const askKeepHidden = (target: { type: 'PROMOTION' | 'PHOTOGRAPHER'; id: number }) =>
    openConfirm({
      title: moderationCopy.reviewRequests.keepHiddenTitle,
      content: moderationCopy.reviewRequests.keepHiddenContent,
      confirmLabel: moderationCopy.reviewRequests.keepHidden,
      onConfirm: () =>
        act(
          `/admin/${MODERATION_PATHS[target.type]}/${target.id}/keep-hidden`,
          moderationCopy.reviewRequests.keptHidden,
        ),
    });
  const askDismiss = (reportId: number) =>
    openConfirm({
      title: t.dismissTitle,
      content: t.dismissContent,
      confirmLabel: t.dismissConfirm,
      onConfirm: () => act(`/admin/reports/${reportId}/dismiss`, t.dismissed),
    });

  if (state.status !== 'ready')
    return (
      <LoadStatus
        state={state}
        loading={moderationCopy.hidden.loading}
        failed={t.denied}
        retry={t.retry}
        onRetry={() => void load()}
        buttonClassName={styles['button']}
      />
    );
  const { events, log, reviewRequests } = state.data;
  return (
    <div className={styles['page']}>
      <a className={styles['statsLink']} href={paths.adminStats}>
        {statsCopy.adminTitle}
        <span aria-hidden="true">›</span>
      </a>
      <ReviewRequests items={reviewRequests} onUnhide={askUnhide} onKeepHidden={askKeepHidden} />

      <ReportQueue
        version={version}
        onHide={setHiding}
        onUnhide={askUnhide}
        onDelete={askDelete}
        onDismiss={askDismiss}
        onChanged={changed}
      />

      <section aria-labelledby="admin-events">
        <h2 id="admin-events" className={styles['heading']}>
          {t.events}
        </h2>
        {events.length === 0 ? (
          <p className={styles['empty']}>{t.noEvents}</p>
        ) : (
          <ul className={styles['list']}>
            {events.map((e) => (
              <li key={e.id} className={styles['item']} data-event={e.id}>
                <a className={styles['name']} href={paths.event(e.id)}>
                  {e.title}
                </a>
                {e.hiddenAt && <span className={styles['badge']}>{t.hiddenBadge}</span>}
                <p className={styles['meta']}>
                  {e.authorNickname ?? ''} · {formatDateTime(e.createdAt)}
                </p>
                {e.hiddenReason && <p className={styles['detail']}>{e.hiddenReason}</p>}
                <div className={styles['actions']}>
                  {e.hiddenAt ? (
                    <button
                      type="button"
                      className={styles['button']}
                      onClick={() => askUnhide({ type: 'PROMOTION', id: e.id })}
                    >
                      {t.unhide}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className={styles['button']}
                      onClick={() => setHiding({ type: 'PROMOTION', id: e.id })}
                    >
                      {t.hide}
                    </button>
                  )}
                  <button type="button" className={styles['danger']} onClick={() => askDelete(e.id)}>
                    {t.delete}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="admin-log">
        <h2 id="admin-log" className={styles['heading']}>
          {t.log}
        </h2>
        {log.length === 0 ? (
          <p className={styles['empty']}>{t.noLog}</p>
        ) : (
          <ol className={styles['list']}>
            {log.map((l) => (
              <li key={l.id} className={styles['logItem']}>
                <p className={styles['meta']}>
                  {formatDateTime(l.createdAt)} · {t.by(l.admin?.nickname ?? null)}
                </p>
                <p>
                  {t.logTarget(moderationCopy.targetType[l.targetType], l.targetLabel, l.targetId)}{' '}
                  {moderationCopy.action[l.action]}
                  {l.reportsResolved > 0 && ` · ${t.resolved(l.reportsResolved)}`}
                </p>
                {l.reason && <p className={styles['detail']}>{l.reason}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>

      {hiding && (
        <HideDialog targetType={hiding.type} targetId={hiding.id} onClose={() => setHiding(null)} onHidden={changed} />
      )}
    </div>
  );
}
