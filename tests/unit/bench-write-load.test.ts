import { describe, expect, it } from 'vitest';
import { targets } from '../../scripts/lib/bench-report.mjs';
import {
  percentile,
  pickWrite,
  withRatios,
  writeLoadTargets,
  writerSummary,
} from '../../scripts/bench/write-load-report.mjs';

interface Target {
  target: string;
  measured: unknown;
  ok: boolean | null;
}

const row = (database: string, writesAsked: number, page: string, rps: number, p99: number, writesPerSec = 0) => ({
  database,
  writesAsked,
  page,
  rps,
  p99,
  writesPerSec,
});

describe('bench under write load', () => {
  it('draws the write mix in its shares: 75 % saves, 15 % refreshes, 5 % profile edits, 5 % event edits', () => {
    const counts: Record<string, number> = {};
    for (let i = 0; i < 1000; i++) {
      const op = pickWrite(i / 1000);
      counts[op] = (counts[op] ?? 0) + 1;
    }
    expect(counts).toEqual({ save: 750, refresh: 150, profile: 50, event: 50 });
    expect(pickWrite(0.999_999)).toBe('event');
  });

  it('takes nearest-rank percentiles, so the p99 of 50 edits is the slowest', () => {
    const values = Array.from({ length: 50 }, (_, i) => 50 - i);
    expect(percentile(values, 0.5)).toBe(25);
    expect(percentile(values, 0.99)).toBe(50);
    expect(percentile([], 0.5)).toBeNull();
  });

  it('gives each row its ratio to the 0-writes row of the same database and page', () => {
    const rows = withRatios([
      row('PGlite', 0, '/events', 10_000, 10),
      row('PGlite', 20, '/events', 2_500, 300),
      row('PostgreSQL', 20, '/events', 9_000, 20),
      row('PostgreSQL', 0, '/events', 10_000, 10),
      row('PostgreSQL', 20, '/', 9_000, 20),
    ]);
    expect(rows.map((r) => r.ratio)).toEqual([1, 0.25, 0.9, 1, null]);
  });

  it('sums a writer window: achieved rate, errors, drops and latency percentiles', () => {
    expect(writerSummary({ ok: 30, errors: 2, dropped: 1, latencies: [5, 1, 3, 100], ms: 3000 })).toEqual({
      writesPerSec: 10,
      writeErrors: 2,
      writesDropped: 1,
      writeP50: 3,
      writeP99: 100,
    });
  });

  it('marks the targets on PostgreSQL: the worst page, p99 at 20 writes/s, and 50 writes/s', () => {
    const rows: Target[] = writeLoadTargets({
      rows: [
        row('PostgreSQL', 0, '/', 10_000, 10),
        row('PostgreSQL', 0, '/events', 10_000, 10),
        row('PostgreSQL', 20, '/', 9_000, 20, 20),
        row('PostgreSQL', 20, '/events', 7_000, 60, 19.5),
        row('PostgreSQL', 50, '/', 7_000, 30, 50),
        row('PostgreSQL', 50, '/events', 6_500, 40, 49),
      ],
      skipped: [],
    });
    expect(rows).toEqual([
      {
        target: 'PostgreSQL: anonymous pages at 20 writes/s ≥ 0.8 of 0 writes',
        measured: '0.7 (/events)',
        ok: false,
      },
      { target: 'PostgreSQL: anonymous p99 at 20 writes/s ≤ 50 ms', measured: '60 ms (/events)', ok: false },
      {
        target: 'PostgreSQL: anonymous pages at 50 writes/s ≥ 0.6 of 0 writes',
        measured: '0.65 (/events)',
        ok: true,
      },
    ]);
  });

  it("reads no target on PGlite's rows: they are for information", () => {
    const rows: Target[] = writeLoadTargets({
      rows: [row('PGlite', 0, '/', 10_000, 10), row('PGlite', 20, '/', 1_000, 900, 20)],
      skipped: [],
      memory: { database: 'PGlite', planned: 100_000, requests: 100_000, growthMiB: 500 },
    });
    expect(rows).toEqual([]);
  });

  it('does not pass a rate the writers could not reach (the server fell behind)', () => {
    const rows: Target[] = writeLoadTargets({
      rows: [row('PostgreSQL', 0, '/', 10_000, 10), row('PostgreSQL', 20, '/', 9_500, 12, 6)],
      skipped: [],
    });
    expect(rows.map((r) => [r.measured, r.ok])).toEqual([
      ['0.95 (/); writes 6/s of 20 asked', false],
      ['12 ms (/); writes 6/s of 20 asked', false],
    ]);
  });

  it('counts a page with no answer within its run as the slowest, and the achieved rate over all pages', () => {
    const rows: Target[] = writeLoadTargets({
      rows: [
        row('PostgreSQL', 0, '/', 10_000, 10),
        row('PostgreSQL', 0, '/events', 10_000, 10),
        { ...row('PostgreSQL', 20, '/', 9_000, 20, 30), p99: 20 },
        { ...row('PostgreSQL', 20, '/events', 0, 0, 4), p99: null },
      ],
      skipped: [],
    });
    expect(rows.map((r) => [r.measured, r.ok])).toEqual([
      ['0 (/events); writes 17/s of 20 asked', false],
      ['no answer (/events); writes 17/s of 20 asked', false],
    ]);
  });

  it('marks freshness across instances, memory, and what was skipped', () => {
    const rows: Target[] = writeLoadTargets({
      rows: [],
      skipped: [{ part: 'PostgreSQL under write load, two instances', why: 'PostgreSQL binaries not found' }],
      freshness: { edits: 50, timedOut: 0, timeoutMs: 15_000, p50Ms: 40, p99Ms: 1_200 },
      memory: { database: 'PostgreSQL', planned: 100_000, requests: 100_000, growthMiB: 12.5 },
    });
    expect(rows).toEqual([
      {
        target: 'PostgreSQL under write load, two instances',
        measured: 'not measured: PostgreSQL binaries not found',
        ok: null,
      },
      { target: 'two instances: edit to new title p99 ≤ 1000 ms', measured: '1200 ms over 50 edits', ok: false },
      { target: 'RSS growth after 100000 unknown query strings ≤ 64 MB', measured: '12.5 MB', ok: true },
    ]);
    const timedOut: Target[] = writeLoadTargets({
      rows: [],
      freshness: { edits: 10, timedOut: 1, timeoutMs: 15_000, p50Ms: 100, p99Ms: 900 },
    });
    expect(timedOut[0]).toMatchObject({ measured: '900 ms over 10 edits, 1 never seen', ok: false });
  });

  it('cannot pass memory on fewer requests than planned, but can miss it', () => {
    const measure = (growthMiB: number | null, requests: number) =>
      writeLoadTargets({ rows: [], memory: { database: 'PostgreSQL', planned: 100_000, requests, growthMiB } })[0];
    expect(measure(10, 40_000)).toMatchObject({ measured: '10 MB after only 40000 requests', ok: null });
    expect(measure(80, 40_000)).toMatchObject({ ok: false });
    expect(measure(null, 100_000)).toMatchObject({ measured: 'not measured: no /proc', ok: null });
  });

  it('adds the member list and search rows of the throughput table to the bench targets', () => {
    const rows: Target[] = targets({
      pages: [],
      lighthouse: [{ page: 'home', performance: 99, accessibility: 99, cls: 0 }],
      lighthouseError: null,
      throughput: [
        { database: 'PGlite', target: 'API list, member', ratioToStatic: 0.5 },
        { database: 'PostgreSQL', target: 'static asset (reference)', ratioToStatic: 1 },
        { database: 'PostgreSQL', target: 'API list, member', ratioToStatic: 0.02 },
        { database: 'PostgreSQL', target: 'API search 야경, member', ratioToStatic: 0.3 },
      ],
      writeLoad: null,
    });
    expect(rows.filter((r) => r.target.includes(', member'))).toEqual([
      { target: "API list, member ≥ 25% of the static asset's req/s", measured: 0.02, ok: false },
      { target: "API search 야경, member ≥ 25% of the static asset's req/s", measured: 0.3, ok: true },
    ]);
  });
});
