/**
 * Calendar days in Korea (KST, UTC+9, no daylight saving) and the event deadline labels. "Today" for
 * every date rule and for progress status is the KST calendar day.
 */
import { copy } from './copy';
import type { ProgressStatus } from './domain';

export const DAY_MS = 86_400_000;
export const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whole days since 1970-01-01 of the KST calendar day at `now`. */
export function kstDayNumber(now: Date | number): number {
  const ms = typeof now === 'number' ? now : now.getTime();
  return Math.floor((ms + KST_OFFSET_MS) / DAY_MS);
}

/** Whole days since 1970-01-01 of a `YYYY-MM-DD` date, or null when it is not a real calendar date. */
export function dateDayNumber(date: string): number | null {
  const m = DATE_PATTERN.exec(date);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  // Date.UTC rolls 02-30 over to 03-02; a real date survives the round trip unchanged.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

/** True for a `YYYY-MM-DD` string naming a real calendar date (no 02-30, no 13th month). */
export function isValidDate(date: string): boolean {
  return dateDayNumber(date) !== null;
}

/** The `YYYY-MM-DD` of a day number. */
export function formatDayNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** Today's KST calendar date as `YYYY-MM-DD`. */
export function todayKst(now: Date | number = Date.now()): string {
  return formatDayNumber(kstDayNumber(now));
}

/**
 * UPCOMING when the event starts after today, ENDED when it ended before today, ONGOING otherwise
 * (start and end days included). All three are `YYYY-MM-DD`, so they compare as strings.
 */
export function progressStatus(startedAt: string, endedAt: string, today: string): ProgressStatus {
  if (startedAt > today) return 'UPCOMING';
  if (endedAt < today) return 'ENDED';
  return 'ONGOING';
}

/** Whole KST days from today until `date` (negative once it has passed), or null for an invalid date. */
export function daysUntil(date: string, now: Date | number): number | null {
  const day = dateDayNumber(date);
  return day === null ? null : day - kstDayNumber(now);
}

export type CardDeadline =
  { kind: 'CLOSED' } | { kind: 'CLOSING_TODAY' } | { kind: 'UPCOMING' } | { kind: 'DAYS_LEFT'; days: number };

/** What the home and list cards show, before wording: see `cardDeadlineLabel`. */
export function cardDeadline(startedAt: string, endedAt: string, now: Date | number): CardDeadline {
  const endDiff = daysUntil(endedAt, now) ?? -1;
  if (endDiff < 0) return { kind: 'CLOSED' };
  if (endDiff === 0) return { kind: 'CLOSING_TODAY' };
  const startDiff = daysUntil(startedAt, now);
  if (startDiff !== null && startDiff > 0) return { kind: 'UPCOMING' };
  return { kind: 'DAYS_LEFT', days: endDiff };
}

/** Home and list cards: '마감된 이벤트', '오늘 마감', '진행 예정' or '마감까지 D-3'. */
export function cardDeadlineLabel(startedAt: string, endedAt: string, now: Date | number): string {
  const d = cardDeadline(startedAt, endedAt, now);
  switch (d.kind) {
    case 'CLOSED':
      return copy.deadline.closed;
    case 'CLOSING_TODAY':
      return copy.deadline.closingToday;
    case 'UPCOMING':
      return copy.deadline.upcoming;
    case 'DAYS_LEFT':
      return copy.deadline.daysLeft(d.days);
  }
}

/** Event detail: '마감된 이벤트', '오늘 마감되는 이벤트' or '이벤트 마감까지 D-3'. */
export function detailDeadlineLabel(endedAt: string, now: Date | number): string {
  const diff = daysUntil(endedAt, now) ?? -1;
  if (diff < 0) return copy.deadline.detailClosed;
  if (diff === 0) return copy.deadline.detailClosingToday;
  return copy.deadline.detailDaysLeft(diff);
}
