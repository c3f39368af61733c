/**
 * Prometheus metrics on the built server (src/server/http/metrics.ts, decision 023): the metrics port
 * answers on 127.0.0.1 with its token, the app's port only with the bearer token; the numbers move after
 * requests (answers by route and status, latency, page cache); on PostgreSQL the pools are reported.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type RunningServer } from '../support/server';

const TOKEN = `metrics-token-${process.pid}-0123456789`;
let server: RunningServer;
let metricsUrl: string;

beforeAll(async () => {
  const port = await freePort();
  server = await startServer({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' });
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
});
afterAll(async () => {
  await server?.stop();
});

const scrape = async (url = metricsUrl) => {
  const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};

/** The value of one sample, 0 when it is not there yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (Object.entries(labels).every(([k, v]) => inside.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('metrics', () => {
  it('listens on 127.0.0.1 only, as its log line says', () => {
    expect(server.logs.join('')).toMatch(/"msg":"metrics listening","url":"http:\/\/127\.0\.0\.1:\d+\/metrics"/);
  });

  it('refuses /metrics without its token, on either port', async () => {
    expect((await fetch(metricsUrl)).status).toBe(401);
    expect((await fetch(metricsUrl, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const open = await fetch(`${server.url}/metrics`);
    expect(open.status).toBe(401);
    expect(await open.json()).toMatchObject({ code: 'INVALID_AUTH_CREDENTIALS' });
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('serves the same registry on the app port with the bearer token', async () => {
    const text = await scrape(`${server.url}/metrics`);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('moves its numbers after requests: answers, latency, page cache, process', async () => {
    const list = { method: 'GET', route: '/api/v1/promotions/list', status: '200' };
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/api/v1/promotions/list`)).status).toBe(200);
    expect((await fetch(`${server.url}/event/987654321`, { redirect: 'manual' })).status).toBeLessThan(500);
    const after = await scrape();
    expect(sample(after, 'damabwa_http_requests_total', list)).toBe(
      sample(before, 'damabwa_http_requests_total', list) + 3,
    );
    const count = { method: 'GET', route: '/api/v1/promotions/list', status_class: '2xx' };
    expect(sample(after, 'damabwa_http_request_duration_seconds_count', count)).toBe(
      sample(before, 'damabwa_http_request_duration_seconds_count', count) + 3,
    );
    expect(sample(after, 'damabwa_http_requests_total', { route: '/event/:id' })).toBeGreaterThan(0);
    // The second and third asks of the same list are answered from the page cache (or its stale copy).
    const cached = (t: string) =>
      sample(t, 'damabwa_page_cache_answers_total', { result: 'hit' }) +
      sample(t, 'damabwa_page_cache_answers_total', { result: 'stale' }) +
      sample(t, 'damabwa_page_cache_answers_total', { result: 'miss' });
    expect(cached(after)).toBeGreaterThanOrEqual(cached(before) + 3);
    expect(sample(after, 'damabwa_page_cache_answers_total', { result: 'hit' })).toBeGreaterThan(0);
    expect(Number(/^process_resident_memory_bytes (\d+)/m.exec(after)?.[1])).toBeGreaterThan(10_000_000);
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it('serves every metric the alerting rules of deploy/prometheus read', async () => {
    const rules = readFileSync('deploy/prometheus/damabwa-alerts.yml', 'utf8');
    const names = new Set(rules.match(/\b(?:damabwa|nodejs|process)_[a-z_]+/g));
    expect(names.size).toBeGreaterThan(5);
    const text = await scrape();
    for (const name of names) expect(text, name).toContain(name);
  });

  it.runIf(process.env['TEST_DATABASE'] === 'postgres')('reports the PostgreSQL pools', async () => {
    expect((await fetch(`${server.url}/api/v1/promotions/list?page=2`)).status).toBe(200);
    const text = await scrape();
    expect(sample(text, 'damabwa_db_pool_connections', { pool: 'main', state: 'total' })).toBeGreaterThan(0);
    expect(sample(text, 'damabwa_db_pool_max', { pool: 'main' })).toBeGreaterThan(0);
    expect(text).toMatch(/damabwa_db_pool_connections\{pool="main",state="waiting"\} 0/);
  });
});
