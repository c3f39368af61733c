/** The statistics part of npm run bench (issue 43): each answer read against p50 ≤ 20 ms and p99 ≤ 50 ms. */
import { describe, expect, it } from 'vitest';
import { STATS_TARGETS, statsTargets } from '../../scripts/bench/stats.mjs';

describe('the statistics targets', () => {
  it('read each answer but the floor against both targets, on the measured figure', () => {
    expect(STATS_TARGETS).toEqual({ p50Ms: 20, p99Ms: 50 });
    const rows = [
      { query: '/healthz (floor)', path: '/healthz', p50: 1, p99: 90 },
      { query: "photographer's statistics", path: '/api/v1/users/me/stats?days=30', p50: 20, p99: 50.01 },
    ];
    expect(statsTargets({ rows })).toEqual([
      { target: "photographer's statistics p50 ≤ 20 ms", measured: 20, ok: true },
      { target: "photographer's statistics p99 ≤ 50 ms", measured: 50.01, ok: false },
    ]);
  });

  it('has nothing to read when the part did not run', () => {
    expect(statsTargets({ skipped: 'PostgreSQL binaries not found' })).toEqual([]);
    expect(statsTargets(null)).toEqual([]);
  });
});
