import { describe, expect, it } from 'vitest';
import { lighthouseRow, lighthouseSample } from '../../scripts/lib/lighthouse-result.mjs';
import { targets } from '../../scripts/lib/bench-report.mjs';

const lhr = (perf: number | null, extra: Record<string, unknown> = {}) => ({
  categories: {
    performance: { score: perf },
    accessibility: { score: 1 },
    'best-practices': { score: 0.96 },
    seo: { score: 0.66 },
  },
  audits: {
    'first-contentful-paint': { numericValue: 1001.4 },
    'largest-contentful-paint': { numericValue: 1200.6 },
    'total-blocking-time': { numericValue: 12 },
    'cumulative-layout-shift': { numericValue: 0.0012 },
  },
  ...extra,
});

describe('Lighthouse results in the bench', () => {
  it('keeps the scores and metrics of a run that measured', () => {
    expect(lighthouseSample(lhr(0.97))).toEqual({
      sample: {
        performance: 97,
        accessibility: 100,
        bestPractices: 96,
        seo: 66,
        fcpMs: 1001,
        lcpMs: 1201,
        tbtMs: 12,
        cls: 0.001,
      },
    });
  });

  it('turns a failed trace into an error, never a score of 0', () => {
    const failed = lhr(null, { runtimeError: { code: 'NO_NAVSTART', message: 'Something went wrong' } });
    expect(lighthouseSample(failed)).toEqual({ error: 'NO_NAVSTART' });
    expect(lighthouseSample(lhr(null))).toEqual({ error: 'no performance score' });
    expect(lighthouseSample(undefined)).toEqual({ error: 'no result' });
  });

  it('takes the median over the runs that measured and names the failed ones', () => {
    const samples = [97, 99, 95].map((p) => lighthouseSample(lhr(p / 100)).sample!);
    const row = lighthouseRow('event', samples, ['NO_NAVSTART']);
    expect(row).toMatchObject({ page: 'event', runs: 3, performance: 97, failedRuns: 'NO_NAVSTART' });
  });

  it('reports a page no run measured as not measured, not as missed', () => {
    const row = lighthouseRow('search', [], ['NO_NAVSTART', 'NO_NAVSTART']);
    expect(row.performance).toBeNull();
    const rows = targets({ pages: [], lighthouse: [row], lighthouseError: null, throughput: [] });
    expect(rows).toEqual([
      { target: 'Lighthouse (search)', measured: 'not measured: NO_NAVSTART, NO_NAVSTART', ok: null },
    ]);
  });
});
