/**
 * The metrics module's own rules (src/server/http/metrics.ts): bounded route labels, its settings, and
 * that one observed answer moves the request counter, the latency histogram and the page-cache counter.
 * The built server's /metrics (ports, tokens) is tests/integration/metrics.test.ts.
 */
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { metricsSettings, observeRequest, registry, routeLabel } from '#server/http/metrics';

const answer = (status: number, headers: Record<string, string> = {}) =>
  ({ statusCode: status, getHeader: (k: string) => headers[k.toLowerCase()] }) as unknown as ServerResponse;

async function value(name: string, labels: Record<string, string>): Promise<number> {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  const v = (metric?.values ?? []).find((x) =>
    Object.entries(labels).every(([k, want]) => String((x.labels as Record<string, unknown>)[k]) === want),
  );
  return v?.value ?? 0;
}

describe('metrics', () => {
  it('labels routes with ids replaced, static files and pictures by prefix, 404s as one label', () => {
    expect(routeLabel('/event/123', 200)).toBe('/event/:id');
    expect(routeLabel('/api/v1/promotions/42/save', 204)).toBe('/api/v1/promotions/:id/save');
    expect(routeLabel('/api/v1/applications/7/photos/2', 200)).toBe('/api/v1/applications/:id/photos/:id');
    expect(routeLabel('/_astro/index.AbC123.js', 200)).toBe('/_astro/*');
    expect(routeLabel('/media/promotions/abc/def.webp', 200)).toBe('/media/*');
    expect(routeLabel('/search', 200)).toBe('/search');
    expect(routeLabel('/', 200)).toBe('/');
    expect(routeLabel('/photographer/%EC%82%AC%EC%A7%84', 302)).toBe('/photographer/:id');
    expect(routeLabel('/wp-admin/setup-config.php', 404)).toBe('(not found)');
  });

  it('reads METRICS_PORT, METRICS_HOST (127.0.0.1 by default) and METRICS_TOKEN', () => {
    expect(metricsSettings({})).toEqual({ port: 0, host: '127.0.0.1', token: '' });
    expect(metricsSettings({ METRICS_PORT: '9464', METRICS_TOKEN: 'x'.repeat(16) })).toEqual({
      port: 9464,
      host: '127.0.0.1',
      token: 'x'.repeat(16),
    });
    expect(() => metricsSettings({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
    expect(() => metricsSettings({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('counts an answer by route and status, its latency, and the page cache result', async () => {
    const before = await value('damabwa_http_requests_total', { route: '/events', status: '200', method: 'GET' });
    const hits = await value('damabwa_page_cache_answers_total', { result: 'hit' });
    const misses = await value('damabwa_page_cache_answers_total', { result: 'miss' });
    observeRequest('GET', '/events', answer(200, { 'x-page-cache': 'hit' }), 3);
    observeRequest('GET', '/events', answer(200, { 'cache-control': 'public, max-age=0, s-maxage=60' }), 40);
    observeRequest('GET', '/events', answer(200, { 'cache-control': 'no-store' }), 40);
    expect(await value('damabwa_http_requests_total', { route: '/events', status: '200', method: 'GET' })).toBe(
      before + 3,
    );
    expect(await value('damabwa_page_cache_answers_total', { result: 'hit' })).toBe(hits + 1);
    expect(await value('damabwa_page_cache_answers_total', { result: 'miss' })).toBe(misses + 1);
    const text = await registry.metrics();
    expect(text).toMatch(
      /damabwa_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/events",status_class="2xx"\} [1-9]/,
    );
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('process_resident_memory_bytes');
  });
  // Last: it fills the table of labels.
  it('keeps the number of route labels bounded, whatever paths arrive', () => {
    const labels = new Set<string>();
    for (let i = 0; i < 1_000; i++)
      labels.add(routeLabel(`/scan${String.fromCharCode(97 + (i % 26))}/x${'y'.repeat(i % 40)}`, 302));
    expect(labels.size).toBeLessThanOrEqual(301);
    expect(routeLabel('/yet/another/unseen/path', 200)).toBe('(other)');
  });
});
