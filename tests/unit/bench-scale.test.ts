import { describe, expect, it } from 'vitest';
import { growth } from '../../scripts/lib/bench-report.mjs';
import { against, scaleSizes, scaleTargetRows } from '../../scripts/bench/scale.mjs';

const row = (database: string, events: number, query: string, p50: number) => ({
  database,
  events,
  query,
  p50,
  p99: p50 * 3,
});

describe('the scale table targets', () => {
  const scale = [
    row('PostgreSQL', 100_000, '/healthz (floor)', 1),
    row('PostgreSQL', 1_000_000, '/healthz (floor)', 3),
    row('PostgreSQL', 100_000, 'list first page', 2),
    row('PostgreSQL', 1_000_000, 'list first page', 1.8),
    row('PostgreSQL', 100_000, 'search 야경', 1),
    row('PostgreSQL', 1_000_000, 'search 야경', 2.5),
    // For information only: no target reads PGlite's rows.
    row('PGlite', 10_000, 'list first page', 1),
    row('PGlite', 100_000, 'list first page', 9),
  ];
  const rows = scaleTargetRows({ scale, growth: growth(scale) });
  const find = (text: string) => rows.find((r) => r.target.includes(text));

  it('judges the p50 of the list answers at 1M on PostgreSQL', () => {
    expect(find('list first page p50 ≤ 2 ms sequential (PostgreSQL, 1000000)')).toMatchObject({
      measured: 1.8,
      ok: true,
    });
    expect(find('search 야경 p50 ≤ 2 ms sequential (PostgreSQL, 1000000)')).toMatchObject({ measured: 2.5, ok: false });
    expect(find('region+type p50 ≤ 2 ms sequential (PostgreSQL, 1000000)')).toMatchObject({
      measured: 'not measured',
      ok: null,
    });
  });

  it('judges the growth of every list query on PostgreSQL, not that of the /healthz floor', () => {
    expect(find('list first page growth')).toMatchObject({ measured: 0.9, ok: true });
    expect(find('search 야경 growth')).toMatchObject({ measured: 2.5, ok: false });
    expect(find('/healthz')).toBeUndefined();
  });

  it("reads no target on PGlite's rows", () => {
    expect(rows.filter((r) => r.target.includes('PGlite'))).toEqual([]);
    // The list queries' p50 and growth, and issue 45's search kinds and suggestions (p50 and p99).
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.every((r) => r.target.includes('PostgreSQL') || r.target.includes('growth'))).toBe(true);
  });

  it('measures sizes ten times apart, smaller with --quick', () => {
    for (const quick of [false, true]) {
      for (const [small, large] of Object.values(scaleSizes(quick)) as number[][])
        expect(large).toBe((small ?? 0) * 10);
    }
    expect(scaleSizes(false)).toEqual({ PGlite: [10_000, 100_000], PostgreSQL: [100_000, 1_000_000] });
  });

  it('sets an earlier revision beside today, query by query, and reads no target on it', () => {
    const scale = [
      { database: 'PostgreSQL', events: 1_000_000, query: 'search 야경', p50: 2, p99: 8 },
      { database: 'PostgreSQL @2ddab40', events: 1_000_000, query: 'search 야경', p50: 4, p99: 32 },
      { database: 'PostgreSQL @2ddab40', events: 1_000_000, query: 'search 초성 ㄱㅈㅅㄴ', p50: 9, p99: 9 },
    ];
    expect(against({ scale })).toEqual([
      {
        events: 1_000_000,
        query: 'search 야경',
        now: '2 / 8',
        'before (2ddab40)': '4 / 32',
        'p50 ×': 0.5,
        'p99 ×': 0.25,
      },
    ]);
    const targets = scaleTargetRows({ scale, growth: [] });
    expect(targets.find((t) => t.target.startsWith('search 야경 p50 ≤ 5 ms'))).toMatchObject({ measured: '2 / 8' });
  });

  it('judges a search whose requests failed (a statement timeout) as missed, never as met', () => {
    const scale = [{ database: 'PostgreSQL', events: 1_000_000, query: 'search synonym snap', p50: null, p99: null }];
    const row = scaleTargetRows({ scale, growth: [] }).find((t) => t.target.startsWith('search synonym snap'));
    expect(row).toMatchObject({ measured: 'null / null', ok: false });
  });
});
