/**
 * What the bench keeps of a Lighthouse result. A run whose trace failed (Lighthouse's runtimeError, e.g.
 * NO_NAVSTART, which Chromium produces now and then) has no performance score: it is an error to retry,
 * never a score of 0.
 */

const score = (category) => (category && typeof category.score === 'number' ? Math.round(category.score * 100) : null);
const metric = (audit) => (audit && typeof audit.numericValue === 'number' ? audit.numericValue : null);

/** One run: `{ sample }` with the scores and metrics, or `{ error }` when the run measured nothing. */
export function lighthouseSample(lhr) {
  if (!lhr) return { error: 'no result' };
  const performance = score(lhr.categories?.performance);
  if (lhr.runtimeError || performance === null) {
    return { error: lhr.runtimeError?.code ?? lhr.runtimeError?.message ?? 'no performance score' };
  }
  const a = lhr.audits ?? {};
  const ms = (key) => {
    const v = metric(a[key]);
    return v === null ? null : Math.round(v);
  };
  const cls = metric(a['cumulative-layout-shift']);
  return {
    sample: {
      performance,
      accessibility: score(lhr.categories.accessibility),
      bestPractices: score(lhr.categories['best-practices']),
      seo: score(lhr.categories.seo),
      fcpMs: ms('first-contentful-paint'),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      cls: cls === null ? null : Number(cls.toFixed(3)),
    },
  };
}

const KEYS = ['performance', 'accessibility', 'bestPractices', 'seo', 'fcpMs', 'lcpMs', 'tbtMs', 'cls'];

/** A page's row: the median of each value over the runs that measured (null where none did). */
export function lighthouseRow(page, samples, errors = []) {
  /** @type {Record<string, unknown>} */
  const row = { page, runs: samples.length };
  for (const key of KEYS) {
    const v = samples
      .map((s) => s[key])
      .filter((x) => x !== null)
      .sort((x, y) => x - y);
    row[key] = v.length ? v[Math.floor(v.length / 2)] : null;
  }
  if (errors.length) row.failedRuns = errors.join(', ');
  return row;
}
