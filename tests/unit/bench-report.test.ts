import { describe, expect, it } from 'vitest';
import { growth, targets } from '../../scripts/lib/bench-report.mjs';

interface Target {
  target: string;
  measured: unknown;
  ok: boolean | null;
}

const page = (path: string, jsGzip: number, jsBudget: number) => ({
  path,
  jsGzip,
  jsBudget,
  jsWithinBudget: jsGzip <= jsBudget,
});
const lighthouse = (p: string, performance: number, accessibility: number, cls: number, fcpMs = 800, lcpMs = 950) => ({
  page: p,
  performance,
  accessibility,
  cls,
  fcpMs,
  lcpMs,
});

describe('bench report', () => {
  it('marks each budget and target met or missed', () => {
    const rows: Target[] = targets({
      pages: [page('/', 90 * 1024, 80 * 1024), page('/events', 100 * 1024, 130 * 1024)],
      lighthouse: [lighthouse('home', 97, 100, 0, 900, 1000), lighthouse('events', 99, 97, 0.001, 901, 1001)],
      lighthouseError: null,
      throughput: [
        { database: 'PGlite', target: 'home /', ratioToStatic: 0.9 },
        { database: 'PostgreSQL', target: 'static asset (reference)', ratioToStatic: 1 },
        { database: 'PostgreSQL', target: 'home /', ratioToStatic: 0.2 },
        { database: 'PostgreSQL', target: 'events /events', ratioToStatic: 0.9 },
      ],
    });
    const missed = rows.filter((r) => r.ok === false).map((r) => r.target);
    expect(missed).toEqual([
      'JS on / ≤ 80.0 KB gzip',
      'Lighthouse performance ≥ 98 (home)',
      'Lighthouse accessibility ≥ 98 (events)',
      'CLS ≤ 0 (events)',
      'FCP ≤ 900 ms (events)',
      'LCP ≤ 1000 ms (events)',
      "home / ≥ 25% of the static asset's req/s",
    ]);
    expect(rows.filter((r) => r.ok === true)).toHaveLength(7);
  });

  it("reads throughput on PostgreSQL's rows only, and says when there are none", () => {
    const rows: Target[] = targets({
      pages: [],
      lighthouse: [],
      lighthouseError: 'no chromium',
      throughput: [
        { database: 'PGlite', target: 'static asset (reference)', ratioToStatic: 1 },
        { database: 'PGlite', target: 'home /', ratioToStatic: 0.1 },
      ],
    });
    expect(rows.filter((r) => r.target !== 'Lighthouse')).toEqual([
      { target: 'Throughput (PostgreSQL)', measured: 'not measured', ok: null },
    ]);
  });

  it('says when Lighthouse did not run instead of passing it', () => {
    const rows: Target[] = targets({ pages: [], lighthouse: [], lighthouseError: 'no chromium', throughput: [] });
    expect(rows).toEqual([{ target: 'Lighthouse', measured: 'not run: no chromium', ok: null }]);
  });

  it('gives the growth of p50 and p99 from the smallest size to the largest, per database and query', () => {
    const rows = growth([
      { database: 'PGlite', events: 10_000, query: 'search', p50: 2, p99: 10 },
      { database: 'PGlite', events: 100_000, query: 'search', p50: 5, p99: 12 },
      { database: 'PostgreSQL', events: 1_000_000, query: 'search', p50: 9, p99: 30 },
      { database: 'PostgreSQL', events: 100_000, query: 'search', p50: 3, p99: 10 },
      { database: 'PostgreSQL', events: 100_000, query: 'list', p50: 1, p99: 1 },
    ]);
    expect(rows).toEqual([
      { database: 'PGlite', query: 'search', events: '10000 → 100000 (×10)', p50: 2.5, p99: 1.2 },
      { database: 'PostgreSQL', query: 'search', events: '100000 → 1000000 (×10)', p50: 3, p99: 3 },
    ]);
  });
});
