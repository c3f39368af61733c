import { useEffect, useState } from 'react';
import { api, isApiRequestError } from '#client/api';
import type { DismissedReports, ModerationTarget, OpenReport, OpenReportsPage } from '#lib/contract-moderation';
import { moderationCopy } from '#lib/copy-moderation';
import { formatDateTime } from '#lib/display';
import { paths } from '#lib/paths';
import {
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  REPORT_TARGET_TYPES,
  type ReportReason,
  type HideableTargetType,
  isHideable,
  type ReportTargetType,
} from '#lib/rules/report';
import { openConfirm, showToast } from '#stores/ui';
import { ApplicationEvidence } from './ApplicationEvidence';
import styles from '../AdminPage.module.css';

/** Open reports a page at a time: a flood from one account fills pages, never hides a real report. */
export const REPORTS_PAGE_SIZE = 50;

const t = moderationCopy.admin;

export interface ReportFilterState {
  targetType: ReportTargetType | null;
  reason: ReportReason | null;
  /** Named once known (from the report it was picked on, or the first report of its page). */
  reporter: { id: number; nickname: string | null } | null;
}

const isOneOf = <T extends string>(list: readonly T[], v: string | null): v is T =>
  v !== null && (list as readonly string[]).includes(v);

/** The queue's filter and page as this page's address holds them (a reload keeps them). */
function fromAddress(): { filter: ReportFilterState; page: number } {
  const q = new URLSearchParams(globalThis.location.search);
  const targetType = q.get('targetType');
  const reason = q.get('reason');
  const reporterId = Number(q.get('reporterId'));
  const page = Number(q.get('page'));
  return {
    filter: {
      targetType: isOneOf(REPORT_TARGET_TYPES, targetType) ? targetType : null,
      reason: isOneOf(REPORT_REASONS, reason) ? reason : null,
      reporter: Number.isSafeInteger(reporterId) && reporterId > 0 ? { id: reporterId, nickname: null } : null,
    },
    page: Number.isSafeInteger(page) && page > 0 ? page : 0,
  };
}

function toQuery(filter: ReportFilterState, page: number) {
  return {
    targetType: filter.targetType,
    reason: filter.reason,
    reporterId: filter.reporter?.id,
    page: page > 0 ? page : undefined,
  };
}

function toAddress(filter: ReportFilterState, page: number): void {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(toQuery(filter, page))) if (v !== null && v !== undefined) q.set(k, String(v));
  const search = q.toString();
  globalThis.history.replaceState(
    globalThis.history.state,
    '',
    `${globalThis.location.pathname}${search ? `?${search}` : ''}`,
  );
}

export function targetHref(target: { type: ModerationTarget['type']; id: number; photographerId?: number }): string {
  if (target.type === 'REVIEW') return paths.photographerReviews(target.photographerId ?? 0);
  return target.type === 'PROMOTION' ? paths.event(target.id) : paths.photographer(target.id);
}

interface Props {
  /** Moves whenever something on the page changed: the queue is read again. */
  version: number;
  onHide: (target: { type: HideableTargetType; id: number }) => void;
  onUnhide: (target: { type: HideableTargetType; id: number }) => void;
  onDelete: (eventId: number) => void;
  onDismiss: (reportId: number) => void;
  /** After this queue changed something itself (all of one reporter's reports dismissed). */
  onChanged: () => void;
}

/**
 * /admin's open reports: newest first, 50 a page with 이전/다음, filtered by target type, reason and
 * reporter (picked on one of their reports), and all of one reporter's reports dismissed at once after
 * a confirmation that says how many.
 */
export function ReportQueue({ version, onHide, onUnhide, onDelete, onDismiss, onChanged }: Props) {
  const [{ filter, page }, setView] = useState(fromAddress);
  const [data, setData] = useState<OpenReportsPage | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    toAddress(filter, page);
    const controller = new AbortController();
    api
      .get<OpenReportsPage>('/admin/reports', {
        query: { ...toQuery(filter, page), pageSize: REPORTS_PAGE_SIZE },
        signal: controller.signal,
      })
      .then((answer) => {
        // The last page emptied (its reports were dealt with): show the page before it.
        const last = Math.max(0, Math.ceil(answer.total / REPORTS_PAGE_SIZE) - 1);
        if (answer.items.length === 0 && page > last) {
          setView((v) => ({ ...v, page: last }));
          return;
        }
        setError(null);
        setData(answer);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setError(isApiRequestError(err) ? err.message : t.loadFailed);
      });
    return () => controller.abort();
  }, [filter, page, version]);

  // A reporter picked by address is named by their first report.
  const reporter = filter.reporter;
  const named = data?.items.find((r) => r.reporter && r.reporter.id === reporter?.id)?.reporter;
  const reporterName = reporter?.nickname ?? named?.nickname ?? (reporter ? `#${reporter.id}` : '');

  const setFilter = (next: Partial<ReportFilterState>) =>
    setView((v) => ({ filter: { ...v.filter, ...next }, page: 0 }));

  const dismissAll = async (id: number, nickname: string) => {
    try {
      const { total } = await api.get<OpenReportsPage>('/admin/reports', { query: { reporterId: id, pageSize: 1 } });
      if (total === 0) {
        showToast(t.nothingToDismiss);
        return;
      }
      openConfirm({
        title: t.dismissAllTitle(nickname),
        content: t.dismissAllContent(total),
        confirmLabel: t.dismissAllConfirm(total),
        onConfirm: async () => {
          try {
            const { dismissed } = await api.post<DismissedReports>('/admin/reports/dismiss-by-reporter', {
              reporterId: id,
            });
            showToast(t.dismissedAll(dismissed));
            setFilter({ reporter: null });
          } catch (err) {
            showToast(isApiRequestError(err) ? err.message : t.loadFailed, 'error');
          }
          onChanged();
        },
      });
    } catch (err) {
      showToast(isApiRequestError(err) ? err.message : t.loadFailed, 'error');
    }
  };

  const total = data?.total ?? 0;
  const items = data?.items ?? [];
  const from = page * REPORTS_PAGE_SIZE + 1;
  const to = page * REPORTS_PAGE_SIZE + items.length;
  const filtered = filter.targetType !== null || filter.reason !== null || filter.reporter !== null;

  return (
    <section aria-labelledby="admin-reports">
      <h2 id="admin-reports" className={styles['heading']}>
        {t.reports} <span className={styles['count']}>{data ? total : ''}</span>
      </h2>
      <div className={styles['filters']} role="group" aria-label={t.filters}>
        <label className={styles['field']}>
          <span>{t.targetFilter}</span>
          <select
            value={filter.targetType ?? ''}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setFilter({ targetType: isOneOf(REPORT_TARGET_TYPES, v) ? v : null });
            }}
          >
            <option value="">{t.allFilter}</option>
            {REPORT_TARGET_TYPES.map((type) => (
              <option key={type} value={type}>
                {moderationCopy.targetType[type]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles['field']}>
          <span>{t.reasonFilter}</span>
          <select
            value={filter.reason ?? ''}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setFilter({ reason: isOneOf(REPORT_REASONS, v) ? v : null });
            }}
          >
            <option value="">{t.allFilter}</option>
            {REPORT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {REPORT_REASON_LABELS[reason]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {reporter && (
        <div className={styles['reporterBar']} data-reporter-filter={reporter.id}>
          <p className={styles['reporterName']}>{t.reporterFilter(reporterName)}</p>
          <div className={styles['actions']}>
            <button type="button" className={styles['button']} onClick={() => setFilter({ reporter: null })}>
              {t.allReporters}
            </button>
            <button
              type="button"
              className={styles['danger']}
              onClick={() => void dismissAll(reporter.id, reporterName)}
            >
              {t.dismissAll}
            </button>
          </div>
        </div>
      )}
      {error ? (
        <p className={styles['empty']} role="alert">
          {error}
        </p>
      ) : !data ? (
        <p className={styles['empty']}>{moderationCopy.hidden.loading}</p>
      ) : items.length === 0 ? (
        <p className={styles['empty']}>{filtered ? t.noMatches : t.noReports}</p>
      ) : (
        <>
          <ul className={styles['list']}>
            {items.map((r) => (
              <ReportItem
                key={r.id}
                report={r}
                showReporterFilter={reporter === null}
                onReporter={(who) => setFilter({ reporter: who })}
                onHide={onHide}
                onUnhide={onUnhide}
                onDelete={onDelete}
                onDismiss={onDismiss}
              />
            ))}
          </ul>
          {(page > 0 || total > REPORTS_PAGE_SIZE) && (
            <nav className={styles['pager']} aria-label={t.pages}>
              <button
                type="button"
                className={styles['button']}
                disabled={page === 0}
                onClick={() => setView((v) => ({ ...v, page: v.page - 1 }))}
              >
                {t.previousPage}
              </button>
              <p className={styles['meta']} aria-live="polite">
                {t.pageStatus(from, to, total)}
              </p>
              <button
                type="button"
                className={styles['button']}
                disabled={to >= total}
                onClick={() => setView((v) => ({ ...v, page: v.page + 1 }))}
              >
                {t.nextPage}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

function ReportItem(props: {
  report: OpenReport;
  showReporterFilter: boolean;
  onReporter: (reporter: { id: number; nickname: string }) => void;
  onHide: Props['onHide'];
  onUnhide: Props['onUnhide'];
  onDelete: Props['onDelete'];
  onDismiss: Props['onDismiss'];
}) {
  const r = props.report;
  const reporter = r.reporter;
  const type = r.target.type;
  const hideable = isHideable(type) ? { type, id: r.target.id } : null;
  return (
    <li className={styles['item']} data-report={r.id}>
      <p className={styles['meta']}>
        {moderationCopy.targetType[r.targetType]} · {REPORT_REASON_LABELS[r.reason]} · {formatDateTime(r.createdAt)}
      </p>
      {type === 'APPLICATION' ? (
        <span className={styles['name']}>{r.target.name ?? t.targetGone}</span>
      ) : (
        <a className={styles['name']} href={targetHref(r.target)}>
          {r.target.name ?? t.targetGone}
        </a>
      )}
      {r.target.hidden && <span className={styles['badge']}>{t.hiddenBadge}</span>}
      {r.target.deleted && <span className={styles['badge']}>{t.deletedBadge}</span>}
      {r.detail && <p className={styles['detail']}>{r.detail}</p>}
      {type === 'APPLICATION' && !r.target.deleted && <ApplicationEvidence applicationId={r.target.id} />}
      <p className={styles['meta']}>
        {t.reporter(reporter?.nickname ?? moderationCopy.formerMember)}
        {reporter && props.showReporterFilter && (
          <>
            {' · '}
            <button type="button" className={styles['textButton']} onClick={() => props.onReporter(reporter)}>
              {t.onlyReporter}
            </button>
          </>
        )}
      </p>
      <div className={styles['actions']}>
        {hideable && !r.target.hidden && !r.target.deleted && (
          <button type="button" className={styles['button']} onClick={() => props.onHide(hideable)}>
            {t.hide}
          </button>
        )}
        {hideable && r.target.hidden && (
          <button type="button" className={styles['button']} onClick={() => props.onUnhide(hideable)}>
            {t.unhide}
          </button>
        )}
        {r.targetType === 'PROMOTION' && !r.target.deleted && (
          <button type="button" className={styles['danger']} onClick={() => props.onDelete(r.targetId)}>
            {t.delete}
          </button>
        )}
        <button type="button" className={styles['button']} onClick={() => props.onDismiss(r.id)}>
          {t.dismiss}
        </button>
      </div>
    </li>
  );
}
