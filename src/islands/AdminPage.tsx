import { useCallback, useEffect, useState } from 'react';
import { api, isApiRequestError } from '#client/api';
import { getAccessToken } from '#client/auth';
import type { ModerationOverview, ModerationTarget } from '#lib/contract-moderation';
import { moderationCopy } from '#lib/copy-moderation';
import { paths } from '#lib/paths';
import { MODERATION_PATHS, REPORT_REASON_LABELS } from '#lib/rules/report';
import { openConfirm, showToast } from '#stores/ui';
import { HideDialog } from './moderation/dialogs';
import styles from './AdminPage.module.css';

type State =
  | { status: 'loading' }
  | { status: 'denied' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: ModerationOverview };

const t = moderationCopy.admin;
const when = (iso: string) =>
  new Intl.DateTimeFormat('ko-KR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Seoul' }).format(
    new Date(iso),
  );

function targetHref(target: { type: ModerationTarget['type']; id: number; photographerId?: number }): string {
  if (target.type === 'REVIEW') return paths.photographerReviews(target.photographerId ?? 0);
  return target.type === 'PROMOTION' ? paths.event(target.id) : paths.photographer(target.id);
}

/** /admin: open reports with their targets, recent events, and the moderation log (ADMIN only). */
export function AdminPage() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [hiding, setHiding] = useState<{ type: ModerationTarget['type']; id: number } | null>(null);
  const load = useCallback(async () => {
    // Signed out: nothing to ask the API (its 401 would sign the visitor out and send them home).
    if (!getAccessToken()) {
      setState({ status: 'denied' });
      return;
    }
    try {
      setState({ status: 'ready', data: await api.get<ModerationOverview>('/admin/moderation') });
    } catch (err) {
      if (isApiRequestError(err) && err.status === 403) setState({ status: 'denied' });
      else setState({ status: 'error', message: isApiRequestError(err) ? err.message : t.loadFailed });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (path: string, done: string, method: 'post' | 'delete' = 'post') => {
    try {
      await (method === 'post' ? api.post(path) : api.delete(path));
      showToast(done);
    } catch (err) {
      showToast(isApiRequestError(err) ? err.message : t.loadFailed, 'error');
    }
    await load();
  };
  const askDelete = (id: number) =>
    openConfirm({
      title: t.deleteTitle,
      content: t.deleteContent,
      confirmLabel: t.deleteConfirm,
      onConfirm: () => act(`/admin/promotions/${id}`, t.deleted, 'delete'),
    });
  const unhidePath = (target: { type: ModerationTarget['type']; id: number }) =>
    `/admin/${MODERATION_PATHS[target.type]}/${target.id}/unhide`;

  if (state.status === 'loading') return <p className="member-loading">{moderationCopy.hidden.loading}</p>;
  if (state.status === 'denied')
    return (
      <p className={styles['status']} role="alert">
        {t.denied}
      </p>
    );
  if (state.status === 'error')
    return (
      <div className={styles['status']} role="alert">
        <p>{state.message}</p>
        <button type="button" className={styles['button']} onClick={() => void load()}>
          {t.retry}
        </button>
      </div>
    );
  const { reports, events, log } = state.data;
  return (
    <div className={styles['page']}>
      <section aria-labelledby="admin-reports">
        <h2 id="admin-reports" className={styles['heading']}>
          {t.reports} <span className={styles['count']}>{reports.length}</span>
        </h2>
        {reports.length === 0 ? (
          <p className={styles['empty']}>{t.noReports}</p>
        ) : (
          <ul className={styles['list']}>
            {reports.map((r) => (
              <li key={r.id} className={styles['item']} data-report={r.id}>
                <p className={styles['meta']}>
                  {moderationCopy.targetType[r.targetType]} · {REPORT_REASON_LABELS[r.reason]} · {when(r.createdAt)}
                </p>
                <a className={styles['name']} href={targetHref(r.target)}>
                  {r.target.name ?? t.targetGone}
                </a>
                {r.target.hidden && <span className={styles['badge']}>{t.hiddenBadge}</span>}
                {r.target.deleted && <span className={styles['badge']}>{t.deletedBadge}</span>}
                {r.detail && <p className={styles['detail']}>{r.detail}</p>}
                <p className={styles['meta']}>{t.reporter(r.reporter?.nickname ?? moderationCopy.formerMember)}</p>
                <div className={styles['actions']}>
                  {!r.target.hidden && !r.target.deleted && (
                    <button type="button" className={styles['button']} onClick={() => setHiding(r.target)}>
                      {t.hide}
                    </button>
                  )}
                  {r.target.hidden && (
                    <button
                      type="button"
                      className={styles['button']}
                      onClick={() => void act(unhidePath(r.target), t.unhidden)}
                    >
                      {t.unhide}
                    </button>
                  )}
                  {r.targetType === 'PROMOTION' && !r.target.deleted && (
                    <button type="button" className={styles['danger']} onClick={() => askDelete(r.targetId)}>
                      {t.delete}
                    </button>
                  )}
                  <button
                    type="button"
                    className={styles['button']}
                    onClick={() => void act(`/admin/reports/${r.id}/dismiss`, t.dismissed)}
                  >
                    {t.dismiss}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

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
                  {e.authorNickname ?? ''} · {when(e.createdAt)}
                </p>
                {e.hiddenReason && <p className={styles['detail']}>{e.hiddenReason}</p>}
                <div className={styles['actions']}>
                  {e.hiddenAt ? (
                    <button
                      type="button"
                      className={styles['button']}
                      onClick={() => void act(unhidePath({ type: 'PROMOTION', id: e.id }), t.unhidden)}
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
                  {when(l.createdAt)} · {t.by(l.admin?.nickname ?? null)}
                </p>
                <p>
                  {moderationCopy.targetType[l.targetType]} #{l.targetId} {moderationCopy.action[l.action]}
                  {l.reportsResolved > 0 && ` · ${t.resolved(l.reportsResolved)}`}
                </p>
                {l.reason && <p className={styles['detail']}>{l.reason}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>

      {hiding && (
        <HideDialog
          targetType={hiding.type}
          targetId={hiding.id}
          onClose={() => setHiding(null)}
          onHidden={() => void load()}
        />
      )}
    </div>
  );
}
