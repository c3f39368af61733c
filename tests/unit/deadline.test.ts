import { describe, expect, it } from 'vitest';
import {
  cardDeadlineLabel,
  dateDayNumber,
  daysUntil,
  detailDeadlineLabel,
  isValidDate,
  progressStatus,
  todayKst,
} from '#lib/deadline';

const at = (iso: string) => new Date(iso);

describe('todayKst', () => {
  it.each([
    ['2026-11-22T14:59:59.999Z', '2026-11-22'],
    ['2026-11-22T15:00:00.000Z', '2026-11-23'],
    ['2026-11-22T00:00:00.000Z', '2026-11-22'],
    ['2026-12-31T15:00:00.000Z', '2027-01-01'],
    ['2028-02-28T15:00:00.000Z', '2028-02-29'],
    ['2026-02-28T15:00:00.000Z', '2026-03-01'],
  ])('%s is %s in Korea', (iso, day) => {
    expect(todayKst(at(iso))).toBe(day);
    expect(todayKst(at(iso).getTime())).toBe(day);
  });
});

describe('isValidDate', () => {
  it.each([
    ['2026-11-22', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-04-31', false],
    ['2026-1-01', false],
    ['26-11-22', false],
    ['2026-11-22T00:00:00Z', false],
    [' 2026-11-22', false],
    ['0050-01-01', false],
    ['', false],
  ])('%j → %s', (s, valid) => {
    expect(isValidDate(s)).toBe(valid);
    expect(dateDayNumber(s) !== null).toBe(valid);
  });
});

describe('progressStatus', () => {
  it.each([
    ['2026-11-23', '2026-11-30', '2026-11-22', 'UPCOMING'],
    ['2026-11-22', '2026-11-30', '2026-11-22', 'ONGOING'],
    ['2026-11-01', '2026-11-22', '2026-11-22', 'ONGOING'],
    ['2026-11-22', '2026-11-22', '2026-11-22', 'ONGOING'],
    ['2026-11-01', '2026-11-21', '2026-11-22', 'ENDED'],
  ] as const)('%s..%s on %s → %s', (start, end, today, status) => {
    expect(progressStatus(start, end, today)).toBe(status);
  });
});

describe('cardDeadlineLabel', () => {
  it.each([
    // Still 11-22 in Korea one millisecond before 15:00 UTC, 11-23 from 15:00 UTC.
    ['2026-11-20', '2026-11-22', '2026-11-22T14:59:59.999Z', '오늘 마감'],
    ['2026-11-20', '2026-11-22', '2026-11-22T15:00:00.000Z', '마감된 이벤트'],
    ['2026-11-20', '2026-11-23', '2026-11-22T15:00:00.000Z', '오늘 마감'],
    ['2026-11-20', '2026-11-25', '2026-11-22T03:00:00.000Z', '마감까지 D-3'],
    ['2026-11-20', '2026-11-23', '2026-11-22T14:59:59.999Z', '마감까지 D-1'],
    ['2026-11-24', '2026-11-30', '2026-11-22T03:00:00.000Z', '진행 예정'],
    ['2026-11-23', '2026-11-30', '2026-11-22T14:59:59.999Z', '진행 예정'],
    ['2026-11-23', '2026-11-30', '2026-11-22T15:00:00.000Z', '마감까지 D-7'],
    // A one-day event that starts tomorrow: the end day is not today, and it has not started.
    ['2026-11-23', '2026-11-23', '2026-11-22T03:00:00.000Z', '진행 예정'],
    ['2026-11-01', '2026-11-10', '2026-11-22T03:00:00.000Z', '마감된 이벤트'],
  ])('%s..%s at %s → %s', (start, end, now, label) => {
    expect(cardDeadlineLabel(start, end, at(now))).toBe(label);
  });
});

describe('detailDeadlineLabel', () => {
  it.each([
    ['2026-11-22', '2026-11-22T14:59:59.999Z', '오늘 마감되는 이벤트'],
    ['2026-11-22', '2026-11-22T15:00:00.000Z', '마감된 이벤트'],
    ['2026-11-25', '2026-11-22T15:00:00.000Z', '이벤트 마감까지 D-2'],
    ['2026-11-25', '2026-11-21T15:00:00.000Z', '이벤트 마감까지 D-3'],
    ['2027-01-01', '2026-12-31T14:59:59.000Z', '이벤트 마감까지 D-1'],
  ])('ends %s, at %s → %s', (end, now, label) => {
    expect(detailDeadlineLabel(end, at(now))).toBe(label);
  });

  it('treats a broken date as closed rather than throwing', () => {
    expect(detailDeadlineLabel('not a date', at('2026-11-22T00:00:00Z'))).toBe('마감된 이벤트');
    expect(daysUntil('2026-02-30', at('2026-11-22T00:00:00Z'))).toBeNull();
  });
});
