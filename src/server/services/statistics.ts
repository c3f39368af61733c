/**
 * The statistics pages (issue 43, decision 026): a photographer's numbers (`GET /users/me/stats`) and
 * the operator's (`GET /admin/stats`), read only from the daily aggregates (statistics-counters.ts) — a
 * period of 30 days is at most 60 rows of photographer_daily_stats or site_daily_stats, and the
 * per-event numbers read the rows of at most 20 events — never from the raw rows they count.
 */
import { DAY_MS, formatDayNumber, kstDayNumber } from '#lib/deadline';
import { statsCopy } from '#lib/copy-stats';
import { dailyChartSvg } from '#lib/stats-chart';
import type { Queryable } from '#server/db/index';
import { EVENT_COUNTERS, SITE_COUNTERS, type EventCounter, type SiteCounter } from './statistics-counters';

export const STATS_DAYS = { min: 7, max: 90, fallback: 30 } as const;
/** The photographer's events listed with their own numbers (the latest first). */
export const STATS_EVENTS = 20;

export type Counts<K extends string> = Record<K, number>;
export type DayCounts<K extends string> = Counts<K> & { day: string };

export interface StatsPeriod {
  days: number;
  /** First and last day of the period (YYYY-MM-DD, Korea time; the last is today). */
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

export interface PhotographerStatsResponse extends StatsPeriod {
  totals: Counts<EventCounter>;
  previousTotals: Counts<EventCounter>;
  perDay: DayCounts<EventCounter>[];
  events: {
    id: number;
    title: string;
    totals: Counts<EventCounter>;
    /** Only the days with something counted. */
    perDay: DayCounts<EventCounter>[];
  }[];
  /** The daily chart drawn on the server (SVG markup, aria-hidden: its numbers are `perDay`). */
  chart: string;
}

export interface SiteStatsResponse extends StatsPeriod {
  totals: Counts<SiteCounter>;
  previousTotals: Counts<SiteCounter>;
  perDay: DayCounts<SiteCounter>[];
  chart: string;
}

/** The period of `days` days ending today (Korea time), and the one before it. */
export function statsPeriod(days: number, now: Date | number = Date.now()): StatsPeriod {
  const today = kstDayNumber(now);
  return {
    days,
    from: formatDayNumber(today - days + 1),
    to: formatDayNumber(today),
    previousFrom: formatDayNumber(today - 2 * days + 1),
    previousTo: formatDayNumber(today - days),
  };
}

/** The days of a period, oldest first. */
function daysOf(period: StatsPeriod): string[] {
  const first = Date.parse(`${period.from}T00:00:00Z`) / DAY_MS;
  return Array.from({ length: period.days }, (_, i) => formatDayNumber(first + i));
}

const zero = <K extends string>(keys: readonly K[]): Counts<K> =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Counts<K>;

type Row<K extends string> = Record<K, number> & { day: string };

/** Sums rows into the period's dense days, its totals and the previous period's totals. */
function fold<K extends string>(keys: readonly K[], period: StatsPeriod, rows: readonly Row<K>[]) {
  const days = daysOf(period);
  const byDay = new Map(days.map((day) => [day, { day, ...zero(keys) } as DayCounts<K>]));
  const totals = zero(keys);
  const previousTotals = zero(keys);
  for (const row of rows) {
    const slot = byDay.get(row.day);
    const sums = slot ? totals : row.day >= period.previousFrom && row.day <= period.previousTo ? previousTotals : null;
    if (!sums) continue;
    for (const k of keys) {
      const v = Number(row[k]);
      sums[k] += v;
      if (slot) (slot as Record<K, number>)[k] += v;
    }
  }
  return { days, perDay: [...byDay.values()], totals, previousTotals };
}

const chartOf = <K extends string>(keys: readonly K[], days: string[], perDay: DayCounts<K>[]) =>
  dailyChartSvg(
    days,
    keys.map((k) => ({ label: statsCopy.labels[k as keyof typeof statsCopy.labels], values: perDay.map((d) => d[k]) })),
  );

/** What both answers say: the period, its totals against the previous period's, each day and the chart. */
function periodStats<K extends string>(keys: readonly K[], period: StatsPeriod, rows: readonly Row<K>[]) {
  const whole = fold(keys, period, rows);
  return {
    ...period,
    totals: whole.totals,
    previousTotals: whole.previousTotals,
    perDay: whole.perDay,
    chart: chartOf(keys, whole.days, whole.perDay),
  };
}

const eventColumns = EVENT_COUNTERS.join(', ');

/** A photographer's numbers over `days` days, in total, per day and for each of their latest events. */
export async function photographerStats(
  db: Queryable,
  memberId: number,
  days: number,
  now: Date | number = Date.now(),
): Promise<PhotographerStatsResponse> {
  const period = statsPeriod(days, now);
  const [rows, events] = await Promise.all([
    db.query<Row<EventCounter>>(
      `select day::text as day, ${eventColumns} from photographer_daily_stats
        where member_id = $1 and day between $2::date and $3::date`,
      [memberId, period.previousFrom, period.to],
    ),
    db.query<{ id: number; title: string }>(
      `select id, title from promotions where author_id = $1 and deleted_at is null order by id desc limit ${STATS_EVENTS}`,
      [memberId],
    ),
  ]);
  const eventRows =
    events.length === 0
      ? []
      : await db.query<Row<EventCounter> & { promotion_id: number }>(
          `select promotion_id, day::text as day, ${eventColumns} from promotion_daily_stats
            where promotion_id = any($1::int[]) and day between $2::date and $3::date order by day`,
          [events.map((e) => e.id), period.from, period.to],
        );
  return {
    ...periodStats(EVENT_COUNTERS, period, rows),
    events: events.map((e) => {
      const mine = eventRows.filter((r) => r.promotion_id === e.id);
      const totals = zero(EVENT_COUNTERS);
      const perDay = mine.map((r) => {
        const day = { day: r.day, ...zero(EVENT_COUNTERS) };
        for (const k of EVENT_COUNTERS) {
          day[k] = Number(r[k]);
          totals[k] += day[k];
        }
        return day;
      });
      return { id: e.id, title: e.title, totals, perDay };
    }),
  };
}

/** The operator's numbers over `days` days: members, events, applications and reviews per day. */
export async function siteStats(
  db: Queryable,
  days: number,
  now: Date | number = Date.now(),
): Promise<SiteStatsResponse> {
  const period = statsPeriod(days, now);
  const rows = await db.query<Row<SiteCounter>>(
    `select day::text as day, ${SITE_COUNTERS.join(', ')} from site_daily_stats
      where day between $1::date and $2::date`,
    [period.previousFrom, period.to],
  );
  return periodStats(SITE_COUNTERS, period, rows);
}
