/**
 * The bench's open-loop load (issues 39 and 40): requests at a fixed rate, each sent when it is due
 * whether or not the ones before have been answered, as independent visitors arrive. autocannon (./cannon.mjs)
 * closes the loop: a connection asks again only once answered, so a slow server is asked less and its
 * worst waits go unseen. The loop runs in a worker thread (./open-loop-worker.mjs); `openLoopSummary`
 * turns its raw counts into the rows' numbers and `rateTarget` into a target row (no I/O in either).
 */
import { Worker } from 'node:worker_threads';
import { percentile } from './write-load-report.mjs';

/**
 * `rate` requests a second for `seconds` on `base`, request `i` being `requests[i % requests.length]`.
 * @param {{ base: string, rate: number, seconds: number,
 *   requests: { method?: string, path: string, headers?: Record<string, string>, body?: unknown }[],
 *   timeoutMs?: number, maxInFlight?: number }} options
 * @returns {Promise<OpenLoopRaw>}
 */
export function openLoop({ base, rate, seconds, requests, timeoutMs = 10_000, maxInFlight = 512 }) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./open-loop-worker.mjs', import.meta.url), {
      workerData: { base, rate, seconds, requests, timeoutMs, maxInFlight },
    });
    let answered = false;
    worker.once('message', (raw) => {
      answered = true;
      resolve(raw);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the open loop stopped (${code}) without its counts`));
    });
  });
}

/**
 * @typedef {{ planned: number, rate: number, seconds: number, sent: number, dropped: number, errors: number,
 *   latencies: number[], lags: number[], statuses: Record<string, number>, lastError: string | null,
 *   ms: number }} OpenLoopRaw
 */

const fixed = (n, digits = 1) => Number(n.toFixed(digits));

/**
 * The numbers of one open-loop run. A request that was never answered (an error, the timeout, dropped
 * past the in-flight cap) counts as slower than any answer: a percentile it falls on is null, never a
 * figure it would have flattered. `unexpected` counts answers whose status is not in `expected`.
 * @param {OpenLoopRaw} raw
 * @param {number[]} [expected] the statuses the run should answer
 */
export function openLoopSummary(raw, expected = [200]) {
  const failed = raw.errors + raw.dropped;
  const times = [...raw.latencies, ...Array.from({ length: failed }, () => Infinity)];
  const at = (q) => {
    const v = percentile(times, q);
    return v === null || !Number.isFinite(v) ? null : fixed(v);
  };
  let ok = 0;
  for (const [status, n] of Object.entries(raw.statuses)) if (expected.includes(Number(status))) ok += n;
  const lag = percentile(raw.lags, 0.99);
  return {
    rate: raw.rate,
    seconds: raw.seconds,
    planned: raw.planned,
    ok,
    unexpected: raw.latencies.length - ok,
    errors: raw.errors,
    dropped: raw.dropped,
    // What the server finished, over the run's length from the first request due to the last answer.
    achievedRps: raw.ms > 0 ? fixed((ok * 1000) / Math.max(raw.ms, raw.seconds * 1000)) : 0,
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    lagP99: lag === null ? null : fixed(lag),
    statuses: raw.statuses,
    lastError: raw.lastError,
  };
}

/**
 * One target row: `summary`'s p99 at most `limitMs`, every request answered with an expected status.
 * @param {string} name what was asked, e.g. "API list, member (PostgreSQL)"
 * @param {ReturnType<typeof openLoopSummary> | undefined} s
 * @param {number} limitMs
 */
export function rateTarget(name, s, limitMs) {
  const target = `${name}: p99 ≤ ${limitMs} ms at ${s?.rate ?? '?'}/s open loop`;
  if (!s) return { target, measured: 'not measured', ok: null };
  const failures = s.unexpected + s.errors + s.dropped;
  const p99 = s.p99 === null ? 'unanswered' : `${s.p99} ms`;
  return {
    target,
    measured: `${p99} (p50 ${s.p50 ?? '—'} ms), ${s.ok}/${s.planned} answered as expected${failures ? `; ${failures} not` : ''}`,
    ok: s.p99 !== null && s.p99 <= limitMs && failures === 0,
  };
}
