/**
 * Prometheus metrics (prom-client), never public (decision 023):
 * - on a port of their own, `METRICS_PORT`, bound to `METRICS_HOST` (127.0.0.1 unless set): the scraper
 *   runs on the machine, or reaches it through a private network the operator opens on purpose;
 * - or on the app's own port at `/metrics` with `Authorization: Bearer $METRICS_TOKEN` (when the token is
 *   set; the metrics port asks for it too then). Without a token `/metrics` is an unknown path like any
 *   other, and a wrong token is refused (401).
 *
 * What is counted: every answer of the request path (`node-server.ts` calls `observeRequest` when it
 * closes) by method, route and status, with a latency histogram; the page cache's answers (hit, stale,
 * and miss: a cacheable answer rendered for this request); the PostgreSQL pools' connections; and
 * prom-client's default process metrics (memory, CPU, event-loop delay, handles, GC).
 */
import { timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import client from 'prom-client';
import { dbPoolStats } from '#server/db/index';
import { log } from '#server/log';
import { unauthorized } from './errors';
import { errorAnswer, type EarlyAnswer } from './early-answers';

export const METRICS_PATH = '/metrics';

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

const requests = new client.Counter({
  name: 'damabwa_http_requests_total',
  help: 'Answers of the request path, by method, route (ids replaced) and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

const duration = new client.Histogram({
  name: 'damabwa_http_request_duration_seconds',
  help: 'Time from the request to the end of its answer, by method, route and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const pageCache = new client.Counter({
  name: 'damabwa_page_cache_answers_total',
  help: 'Cacheable answers: hit (a kept copy), stale (a kept copy while it is rendered again), miss (rendered).',
  labelNames: ['result'] as const,
  registers: [registry],
});
for (const result of ['hit', 'stale', 'miss']) pageCache.inc({ result }, 0);

new client.Gauge({
  name: 'damabwa_db_pool_connections',
  help: 'PostgreSQL pool connections by pool and state: total (open), idle, waiting (queries queued for one).',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const p of await dbPoolStats()) {
      this.set({ pool: p.pool, state: 'total' }, p.total);
      this.set({ pool: p.pool, state: 'idle' }, p.idle);
      this.set({ pool: p.pool, state: 'waiting' }, p.waiting);
    }
  },
});

new client.Gauge({
  name: 'damabwa_db_pool_max',
  help: 'The most connections each PostgreSQL pool opens.',
  labelNames: ['pool'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const p of await dbPoolStats()) this.set({ pool: p.pool }, p.max);
  },
});

// ---------------------------------------------------------------------------------------------------
// Route labels: bounded, whatever paths clients send

const MAX_ROUTES = 300;
const routes = new Set<string>();

/** A path segment that names one thing (a number, a key, anything escaped or long): `:id`. */
function isVariable(segment: string): boolean {
  return /^\d+$/.test(segment) || /^[\da-f-]{16,}$/i.test(segment) || segment.length > 32 || /[^\w.-]/.test(segment);
}

/**
 * The route label of a path: ids and other variable segments replaced (`/event/:id`), static files and
 * pictures by their prefix (`/_astro/*`, `/media/*`), a 404 as `(not found)` (scanners' paths never
 * become labels), and past MAX_ROUTES distinct labels `(other)`.
 */
export function routeLabel(path: string, status: number): string {
  if (status === 404) return '(not found)';
  if (path.startsWith('/_astro/')) return '/_astro/*';
  if (path.startsWith('/media/')) return '/media/*';
  const label =
    path
      .split('/')
      .map((s) => (s === '' ? s : isVariable(s) ? ':id' : s.toLowerCase()))
      .join('/') || '/';
  if (routes.has(label)) return label;
  if (routes.size >= MAX_ROUTES) return '(other)';
  routes.add(label);
  return label;
}

/** The request path's answer, as it closed (node-server.ts). Counting never fails an answer. */
export function observeRequest(method: string, path: string, res: ServerResponse, ms: number): void {
  try {
    count(method, path, res, ms);
  } catch (err) {
    log('warn', 'metrics: an answer was not counted', { error: err instanceof Error ? err.message : String(err) });
  }
}

function count(method: string, path: string, res: ServerResponse, ms: number): void {
  const status = res.statusCode;
  const route = routeLabel(path, status);
  const m = KNOWN_METHODS.has(method) ? method : 'OTHER';
  requests.inc({ method: m, route, status: String(status) });
  duration.observe({ method: m, route, status_class: `${Math.floor(status / 100)}xx` }, ms / 1000);
  const how = res.getHeader('x-page-cache');
  if (how === 'hit' || how === 'stale') pageCache.inc({ result: how });
  else if (status === 200 && /s-maxage=/.test(String(res.getHeader('cache-control') ?? ''))) {
    pageCache.inc({ result: 'miss' });
  }
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

// ---------------------------------------------------------------------------------------------------
// Serving

export interface MetricsSettings {
  /** 0: no port of their own. */
  port: number;
  host: string;
  token: string;
}

export function metricsSettings(env: NodeJS.ProcessEnv = process.env): MetricsSettings {
  const rawPort = env['METRICS_PORT']?.trim() ?? '';
  const port = rawPort === '' ? 0 : Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`METRICS_PORT must be a port number (got "${rawPort}")`);
  const token = env['METRICS_TOKEN']?.trim() ?? '';
  if (token !== '' && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  return { port, host: env['METRICS_HOST']?.trim() || '127.0.0.1', token };
}

function bearerMatches(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7).trim() : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function writeMetrics(res: ServerResponse): Promise<void> {
  const text = await registry.metrics();
  res.writeHead(200, {
    'Content-Type': registry.contentType,
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

let settings: MetricsSettings | null = null;
const current = () => (settings ??= metricsSettings());

/**
 * `/metrics` on the app's port (node-server.ts): answered only when METRICS_TOKEN is set; a missing or
 * wrong token gets the 401 envelope through `refuse`. Returns false for any other path, and for
 * `/metrics` without a token configured (on to the app, which knows no such page).
 */
export function serveMetrics(req: IncomingMessage, res: ServerResponse, refuse: (a: EarlyAnswer) => void): boolean {
  if ((req.url ?? '').split('?')[0] !== METRICS_PATH) return false;
  const { token } = current();
  if (token === '') return false;
  if (!bearerMatches(req, token)) {
    refuse(errorAnswer(unauthorized(), { 'WWW-Authenticate': 'Bearer' }));
    return true;
  }
  writeMetrics(res).catch(() => res.destroy());
  return true;
}

let metricsServer: http.Server | null = null;

/** Starts the metrics port when METRICS_PORT is set (app.ts, at startup); a port in use fails startup. */
export async function startMetrics(): Promise<void> {
  const s = current();
  if (s.port === 0 || metricsServer) return;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    if (s.token !== '' && !bearerMatches(req, s.token)) {
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('unauthorized\n');
      return;
    }
    writeMetrics(res).catch(() => res.destroy());
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(s.port, s.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  metricsServer = server;
  const address = server.address();
  log('info', 'metrics listening', {
    url: `http://${s.host}:${typeof address === 'object' && address ? address.port : s.port}${METRICS_PATH}`,
  });
}

export async function stopMetrics(): Promise<void> {
  const server = metricsServer;
  metricsServer = null;
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** app.ts: the metrics port opens with the app and closes with it. */
export function registerMetrics(hooks: {
  onStart: (h: () => Promise<void>) => void;
  onStop: (h: () => Promise<void>) => void;
}): void {
  hooks.onStart(startMetrics);
  hooks.onStop(stopMetrics);
}
