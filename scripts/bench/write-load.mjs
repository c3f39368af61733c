/**
 * npm run bench, "under write load" (issue 16): how the public pages hold while signed-in members write.
 *   1. anonymous `/`, `/events` and `/event/:id` at 64 connections while members write at 0, 5, 20 and
 *      50 writes/s (./writer.mjs in a worker thread: saves and unsaves, token refreshes, own-profile
 *      edits, the demo photographer's event edits), on PGlite and on a throwaway PostgreSQL cluster;
 *   2. memory: the server's RSS growth after anonymous requests with distinct unknown query strings (on
 *      PostgreSQL, where the targets are read; on PGlite, for information, without its binaries);
 *   3. two instances on one PostgreSQL: from an event edit answered by A to the new title served by B.
 * The member list and search rows are the throughput table's (bench.mjs); ./write-load-report.mjs
 * turns all of it into ratios, targets and tables. Every loop is bounded in count and time, on loopback.
 */
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { findPgBin, freePort, startPgCluster } from '../lib/pg-cluster.mjs';
import { rssMiB } from './rss.mjs';
import { percentile, writerSummary } from './write-load-report.mjs';
import { editTitle, listedEventIds, photographerWithEvents, signInMembers } from './write-setup.mjs';

const FULL = {
  rates: [0, 5, 20, 50],
  seconds: 10,
  warmupMs: 2_000,
  members: 40,
  edits: 50,
  memoryRequests: 100_000,
  memoryMaxSeconds: 600,
  freshnessTimeoutMs: 15_000,
};
const QUICK = {
  ...FULL,
  rates: [0, 20],
  seconds: 3,
  warmupMs: 1_000,
  members: 20,
  edits: 10,
  memoryRequests: 10_000,
  memoryMaxSeconds: 120,
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n, digits = 1) => (n === null ? null : Number(n.toFixed(digits)));

/** The environment of one more server on a free port (its own origin, the same data and database). */
async function envOn(env, extra = {}) {
  const port = await freePort();
  return { ...env, ...extra, PORT: String(port), PUBLIC_ORIGIN: `http://127.0.0.1:${port}` };
}

function writerStats(worker) {
  return new Promise((resolve, reject) => {
    const done = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
    };
    const onMessage = (msg) => {
      if (msg.type !== 'stats') return;
      done();
      resolve(msg);
    };
    const onError = (err) => {
      done();
      reject(err);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.postMessage({ type: 'stats' });
  });
}

/** Part 1 on one database: each rate, each page, with what the writer achieved during that page's run. */
async function underWrites(database, env, ctx, plan, rows) {
  const server = await ctx.startServer(env);
  let worker = null;
  try {
    const members = await signInMembers(server.base, plan.members, `writer-${process.pid}`);
    const photographer = await photographerWithEvents(server.base, 5);
    const eventIds = await listedEventIds(server.base);
    worker = new Worker(new URL('./writer.mjs', import.meta.url), {
      workerData: { base: server.base, members, photographer, eventIds },
    });
    const pages = [
      { page: '/', path: '/' },
      { page: '/events', path: '/events' },
      { page: '/event/:id', path: `/event/${eventIds[0]}` },
    ];
    for (const rate of plan.rates) {
      ctx.log(`  ${database}, ${rate} writes/s…`);
      worker.postMessage({ type: 'rate', rate });
      if (rate) await sleep(plan.warmupMs);
      for (const p of pages) {
        await writerStats(worker);
        const load = await ctx.cannon(`${server.base}${p.path}`, plan.seconds);
        const s = await writerStats(worker);
        rows.push({
          database,
          writesAsked: rate,
          ...p,
          ...load,
          // autocannon says p99 0 when no request was answered within the run.
          p99: load.rps > 0 ? load.p99 : null,
          ...writerSummary(s),
          writesByOp: s.byOp,
          lastWriteError: s.lastError,
        });
        if (s.lastError) ctx.log(`  last write error: ${s.lastError}`);
      }
    }
    worker.postMessage({ type: 'rate', rate: 0 });
  } finally {
    await worker?.terminate();
    await server.stop();
  }
}

/** `amount` GET /events?utm_x=<n> (each n once) at 64 connections, stopped after `maxSeconds`. */
function distinctQueries(base, amount, maxSeconds) {
  return new Promise((resolve, reject) => {
    let n = 0;
    let timer = null;
    const instance = autocannon(
      {
        url: base,
        connections: 64,
        amount,
        timeout: 10,
        headers: { 'accept-encoding': 'br, gzip' },
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/events?utm_x=${n++}` }) }],
      },
      (err, res) => {
        clearTimeout(timer);
        if (err) reject(err);
        else resolve({ requests: res.requests.total, non2xx: res.non2xx, errors: res.errors });
      },
    );
    timer = setTimeout(() => instance.stop(), maxSeconds * 1000);
  });
}

/** Part 2, on a fresh server on `env`: RSS after a warm-up, then after the distinct-query requests. */
async function memory(ctx, plan, env, database) {
  const server = await ctx.startServer(await envOn(env));
  try {
    for (let i = 0; i < 50; i++) await (await fetch(`${server.base}/events?utm_warm=${i}`)).arrayBuffer();
    await sleep(1_000);
    const beforeMiB = rssMiB(server.pid);
    const t = performance.now();
    const run = await distinctQueries(server.base, plan.memoryRequests, plan.memoryMaxSeconds);
    const seconds = round((performance.now() - t) / 1000);
    await sleep(1_000);
    const afterMiB = rssMiB(server.pid);
    return {
      database,
      planned: plan.memoryRequests,
      ...run,
      seconds,
      beforeMiB,
      afterMiB,
      growthMiB: beforeMiB === null || afterMiB === null ? null : round(afterMiB - beforeMiB),
    };
  } finally {
    await server.stop();
  }
}

const escapeHtml = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** When `url` first serves `title` (polled every ~20 ms), or null after `timeoutMs`. */
async function firstSeen(url, title, timeoutMs) {
  const until = performance.now() + timeoutMs;
  const escaped = escapeHtml(title);
  while (performance.now() < until) {
    const html = await (await fetch(url)).text();
    if (html.includes(title) || html.includes(escaped)) return performance.now();
    await sleep(20);
  }
  return null;
}

/** Part 3: two instances on one PostgreSQL; the demo photographer edits on A, a visitor polls B. */
async function freshness(ctx, env, plan) {
  const a = await ctx.startServer(await envOn(env));
  const b = await ctx.startServer(await envOn(env));
  try {
    const photographer = await photographerWithEvents(a.base, 1);
    const event = photographer.events[0];
    const url = `${b.base}/event/${event.id}`;
    await (await fetch(url)).text();
    const times = [];
    let timedOut = 0;
    for (let i = 1; i <= plan.edits; i++) {
      const title = `${event.stem} [${i}]`;
      await editTitle(a.base, photographer, event, title);
      const answered = performance.now();
      const seen = await firstSeen(url, title, plan.freshnessTimeoutMs);
      if (seen === null) timedOut++;
      times.push(seen === null ? plan.freshnessTimeoutMs : seen - answered);
      await sleep(50);
    }
    return {
      edits: plan.edits,
      timedOut,
      timeoutMs: plan.freshnessTimeoutMs,
      p50Ms: round(percentile(times, 0.5), 0),
      p99Ms: round(percentile(times, 0.99), 0),
    };
  } finally {
    await b.stop();
    await a.stop();
  }
}

/**
 * Runs the three parts; returns `results.writeLoad` for ./write-load-report.mjs.
 * @param {object} ctx
 * @param {boolean} ctx.quick
 * @param {Record<string, string>} ctx.env the PGlite server's environment, its database seeded
 * @param {number} ctx.seedExtra the generated events it holds (the PostgreSQL database gets as many)
 * @param {(env: Record<string, string>) => Promise<{ base: string, pid: number, stop: () => Promise<void> }>} ctx.startServer
 * @param {(env: Record<string, string>, extra: number) => void} ctx.seedDatabase
 * @param {(url: string, seconds: number) => Promise<Record<string, number>>} ctx.cannon
 * @param {(msg: string) => void} ctx.log
 * @param {(() => Promise<unknown>)[]} ctx.cleanups
 */
export async function measureWriteLoad(ctx) {
  const plan = ctx.quick ? QUICK : FULL;
  const out = { rates: plan.rates, seconds: plan.seconds, rows: [], freshness: null, memory: null, skipped: [] };
  ctx.log('write load: PGlite…');
  await underWrites('PGlite', ctx.env, ctx, plan, out.rows);
  const memoryOn = async (env, database) => {
    ctx.log(`write load: memory on ${database} (${plan.memoryRequests} distinct query strings)…`);
    out.memory = await memory(ctx, plan, env, database);
  };
  if (!findPgBin()) {
    out.skipped.push({
      part: 'PostgreSQL under write load, memory, two instances',
      why: 'PostgreSQL binaries not found',
    });
    await memoryOn(ctx.env, 'PGlite');
    return out;
  }
  const cluster = await startPgCluster({ database: 'bench_writes' });
  ctx.cleanups.push(async () => cluster.stop());
  try {
    const env = await envOn(ctx.env, { DATABASE_URL: cluster.url });
    ctx.seedDatabase(env, ctx.seedExtra);
    ctx.log('write load: PostgreSQL…');
    await underWrites('PostgreSQL', env, ctx, plan, out.rows);
    await memoryOn(env, 'PostgreSQL');
    ctx.log(`write load: two instances, ${plan.edits} edits…`);
    out.freshness = await freshness(ctx, env, plan);
  } finally {
    cluster.stop();
  }
  return out;
}
