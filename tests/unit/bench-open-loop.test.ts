import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openLoop, openLoopSummary, rateTarget } from '../../scripts/bench/open-loop.mjs';

const raw = (patch: Partial<Parameters<typeof openLoopSummary>[0]> = {}) => ({
  planned: 10,
  rate: 200,
  seconds: 0.05,
  sent: 10,
  dropped: 0,
  errors: 0,
  latencies: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  lags: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
  statuses: { 200: 10 },
  lastError: null,
  ms: 100,
  ...patch,
});

describe("the bench's open loop", () => {
  it('keeps sending at its rate while answers are slow, and times each from when it was due', async () => {
    const arrivals: number[] = [];
    const server = createServer((req, res) => {
      arrivals.push(performance.now());
      // Every answer takes 200 ms: a closed loop of one connection would send 2 in 400 ms.
      setTimeout(() => res.end(req.headers['x-bench'] ?? ''), 200);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const out = await openLoop({
        base: `http://127.0.0.1:${port}`,
        rate: 50,
        seconds: 0.4,
        requests: [{ path: '/', headers: { 'x-bench': '1' } }],
      });
      expect(out).toMatchObject({ planned: 20, sent: 20, errors: 0, dropped: 0, statuses: { 200: 20 } });
      // Paced over the 0.4 s (one every 20 ms), and about ten sent before the first answer came back.
      const first = arrivals[0]!;
      expect(arrivals[19]! - first).toBeGreaterThanOrEqual(300);
      expect(arrivals.filter((t) => t < first + 200).length).toBeGreaterThanOrEqual(8);
      expect(Math.min(...out.latencies)).toBeGreaterThanOrEqual(199);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('sums a run: percentiles of the answers, statuses it did not expect, what it achieved', () => {
    const s = openLoopSummary(raw({ statuses: { 201: 9, 409: 1 }, ms: 40 }), [201]);
    expect(s).toMatchObject({ planned: 10, ok: 9, unexpected: 1, p50: 5, p99: 10, max: 10, lagP99: 1 });
    // Over the run's planned length when it finished sooner: 9 answers in 50 ms.
    expect(s.achievedRps).toBe(180);
  });

  it('counts a request never answered as slower than any answer', () => {
    const s = openLoopSummary(
      raw({ errors: 1, dropped: 1, latencies: [1, 2, 3, 4, 5, 6, 7, 8], statuses: { 200: 8 } }),
    );
    expect(s.p99).toBeNull();
    expect(s.p50).toBe(5);
    expect(rateTarget('list', s, 50)).toMatchObject({
      ok: false,
      measured: expect.stringMatching(/^unanswered .* 2 not$/),
    });
  });

  it('passes a run only within its p99 and with every answer as expected', () => {
    const fast = openLoopSummary(raw());
    expect(rateTarget('API list, member (PostgreSQL)', fast, 50)).toEqual({
      target: 'API list, member (PostgreSQL): p99 ≤ 50 ms at 200/s open loop',
      measured: '10 ms (p50 5 ms), 10/10 answered as expected',
      ok: true,
    });
    expect(rateTarget('x', openLoopSummary(raw({ statuses: { 200: 9, 429: 1 } })), 50).ok).toBe(false);
    expect(rateTarget('x', openLoopSummary(raw()), 9).ok).toBe(false);
    expect(rateTarget('x', undefined, 50)).toMatchObject({ measured: 'not measured', ok: null });
  });
});
