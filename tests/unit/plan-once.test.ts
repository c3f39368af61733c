import { describe, expect, it } from 'vitest';
import { planOnce } from '#server/db/plan-once';

describe('planOnce', () => {
  it('writes whole numbers and dates into the statement, each $n by its own value', () => {
    const params = ['2026-11-24', 5, 0, 1, 2, 3, 4, 5, 6, 77];
    expect(planOnce('select $1::date, $2, $3 limit $10 offset $1', params)).toBe(
      "select '2026-11-24'::date, 5, 0 limit 77 offset '2026-11-24'",
    );
    expect(planOnce('select $1', [-3])).toBe('select (-3)');
  });

  it.each([
    ['a keyword', "x'; drop table members; --"],
    ['a fraction', 1.5],
    ['a date with a time', '2026-11-24T00:00:00Z'],
    ['an array', [1, 2]],
    ['null', null],
    ['a boolean', true],
  ])('refuses %s', (_name, value) => {
    expect(() => planOnce('select $1', [value as never])).toThrow(/not a whole number or a date/);
  });

  it('refuses a placeholder without a value', () => {
    expect(() => planOnce('select $2', [1])).toThrow(/no value/);
  });
});
