import { useCallback } from 'react';
import { api } from '#client/api';
import { statsCopy, type StatsLabelKey } from '#lib/copy-stats';
import { paths } from '#lib/paths';
import { useSignedInLoad } from './hooks/useSignedInLoad';
import { LoadStatus } from './LoadStatus';
import dashboard from './dashboard.module.css';
import styles from './StatsPage.module.css';

type Counts = Record<string, number>;
interface Stats {
  days: number;
  from: string;
  to: string;
  totals: Counts;
  previousTotals: Counts;
  perDay: ({ day: string } & Counts)[];
  chart: string;
  events?: { id: number; title: string; totals: Counts }[];
}

const KEYS: Record<Props['kind'], StatsLabelKey[]> = {
  photographer: ['views', 'saves', 'clicks', 'applications', 'selections', 'completions'],
  admin: ['members', 'events', 'applications', 'reviews'],
};
const t = statsCopy;
const label = (k: StatsLabelKey) => t.labels[k];
const shortDay = (day: string) => `${Number(day.slice(5, 7))}월 ${Number(day.slice(8, 10))}일`;

interface Props {
  /** 통계 (a photographer's events) or the operator's numbers on /admin/stats. */
  kind: 'photographer' | 'admin';
}

/**
 * The statistics pages (issue 43): the period's totals against the previous period, the daily chart the
 * server drew (SVG, hidden from screen readers) and the same numbers as a table for them, and for a
 * photographer each of their latest events.
 */
export function StatsPage({ kind }: Props) {
  const read = useCallback(
    () => api.get<Stats>(kind === 'admin' ? '/admin/stats?days=30' : '/users/me/stats?days=30'),
    [kind],
  );
  const { state, load } = useSignedInLoad(read, {
    signedOut: kind === 'admin' ? '' : t.photographerOnly,
    failed: t.failed,
  });
  if (state.status !== 'ready')
    return (
      <LoadStatus
        state={state}
        loading={t.loading}
        failed={t.failed}
        retry={t.retry}
        onRetry={() => void load()}
        buttonClassName={styles['button']}
      />
    );
  const { data } = state;
  const keys = KEYS[kind];
  return (
    <div className={dashboard['page']}>
      <p className={styles['period']}>
        <strong>{t.period(data.days)}</strong> {t.range(data.from, data.to)}
      </p>

      <section aria-labelledby="stats-totals">
        <h2 id="stats-totals" className={dashboard['heading']}>
          {t.totals}
        </h2>
        <ul className={styles['totals']}>
          {keys.map((k) => {
            const now = data.totals[k] ?? 0;
            const before = data.previousTotals[k] ?? 0;
            return (
              <li key={k} className={styles['total']} data-stat={k}>
                <span className={styles['label']}>{label(k)}</span>
                <strong className={styles['value']}>{t.count(now)}</strong>
                <span className={styles['compare']}>
                  {t.previous(data.days)} {t.count(before)} · {t.change(now, before)}
                </span>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="stats-daily">
        <h2 id="stats-daily" className={dashboard['heading']}>
          {t.chartTitle(data.days)}
        </h2>
        {/* Drawn on the server (statistics.ts); numbers only, its labels escaped there. */}
        <figure className={styles['chart']} dangerouslySetInnerHTML={{ __html: data.chart }} />
        <div className="sr-only">
          <table>
            <caption>{t.tableCaption(data.days)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.day}</th>
                {keys.map((k) => (
                  <th scope="col" key={k}>
                    {label(k)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.perDay.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{shortDay(d.day)}</th>
                  {keys.map((k) => (
                    <td key={k}>{d[k] ?? 0}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {data.events && (
        <section aria-labelledby="stats-events">
          <h2 id="stats-events" className={dashboard['heading']}>
            {t.events}
          </h2>
          <p className={styles['hint']}>{t.eventsHint}</p>
          {data.events.length === 0 ? (
            <p className={styles['hint']}>{t.noEvents}</p>
          ) : (
            <ul className={dashboard['list']}>
              {data.events.map((e) => (
                <li key={e.id} className={dashboard['card']} data-stats-event={e.id}>
                  <a href={paths.event(e.id)} className={styles['eventTitle']}>
                    {e.title}
                  </a>
                  <dl className={styles['eventNumbers']}>
                    {keys.map((k) => (
                      <div key={k}>
                        <dt>{label(k)}</dt>
                        <dd>{t.count(e.totals[k] ?? 0)}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
