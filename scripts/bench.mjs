#!/usr/bin/env node
/**
 * npm run bench [-- --quick]
 *
 * Builds if needed, seeds a benchmark database, starts the production server on a free port and measures:
 *   1. page weight per public page (JS gzip of every script the page loads, CSS, fonts, images, total)
 *      against the budgets of docs/design.md;
 *   2. Lighthouse (mobile, simulated throttling), median of 3 runs (1 with --quick);
 *   3. throughput and latency with autocannon at 64 connections, each page as a ratio of a static asset,
 *      on PGlite and, with PostgreSQL binaries, on PostgreSQL;
 *   4. scale: list and search API p50/p99 at 10k and 100k events on PGlite and, with PostgreSQL binaries,
 *      at 100k and 1M events on PostgreSQL (one photographer for ten events: 100k beside 1M), with the
 *      growth from the smaller to the larger size and `/healthz` as the floor (scripts/bench/scale.mjs; `--only=scale` runs only this part, and with
 *      `--quick` at 2k and 20k on PGlite, 10k and 100k on PostgreSQL; `--against=REV` adds that
 *      revision's answers on the same PostgreSQL data, built beside (scripts/bench/revision.mjs));
 *   5. under write load (scripts/bench/write-load.mjs; `--only=write-load` runs only this part;
 *      `--only=throughput` runs only part 3, `--only=uncached` only part 6, with `--against=REV` on
 *      PostgreSQL beside that revision);
 *   6. uncached cost: each public page and the anonymous list answers with PAGE_CACHE=off, against /login
 *      (scripts/bench/uncached.mjs), on PGlite and, with PostgreSQL binaries, on PostgreSQL;
 *   7. server memory: RSS at idle and right after the throughput table's runs, on its servers
 *      (scripts/bench/memory.mjs; `--only=memory` runs part 3 for it);
 *   8. members' lists at 200 requests/s, open loop, on the same servers (scripts/bench/member-rate.mjs;
 *      `--only=member-rate` runs only this part);
 *   9. applications on PostgreSQL: 50/s open loop, alone and beside anonymous `/events`, concurrent
 *      selections against a capacity, an author's inbox (scripts/bench/applications.mjs;
 *      `--only=applications` runs only this part);
 *  10. statistics on PostgreSQL: a photographer's and the admin's statistics answers at 100,000 events,
 *      1,000,000 views and 100,000 clicks in the last 30 days, p50 and p99 (scripts/bench/stats.mjs;
 *      `--only=stats` runs only this part);
 *  11. notifications on PostgreSQL, two instances: triggers at 50/s for 60 s with one instance killed
 *      halfway, in-app and push latency, lost and duplicated, anonymous `/events` beside it
 *      (scripts/bench/notifications.mjs; `--only=notifications` runs only this part).
 * --quick: one Lighthouse run, 2,000 events, short load runs, no scale beyond them (a few minutes); on
 *   PostgreSQL only the uncached and throughput tables.
 * --only=lighthouse: page weight and Lighthouse only (3 runs, 1 with --quick; `--runs=N` sets it), and
 *   `--page=NAME` (repeatable: home, events, event, photographers, photographer, search) limits the pages.
 * Prints tables and the targets of docs/design.md met or missed (scripts/lib/bench-report.mjs), and
 * writes bench/results/<date>.json. Targets that depend on the database are read on PostgreSQL's rows;
 * PGlite's are printed for information (decision 021). Never fails on a timing: it exits non-zero only
 * when it cannot run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { growth, report } from './lib/bench-report.mjs';
import { lighthouseRow, lighthouseSample } from './lib/lighthouse-result.mjs';
import { findPgBin, freePort, startPgCluster } from './lib/pg-cluster.mjs';
import { cannon } from './bench/cannon.mjs';
import { memberHeaders } from './bench/member.mjs';
import { measureWriteLoad } from './bench/write-load.mjs';
import { reportUncached, uncachedAgainst, uncachedPoint, uncachedTargetRows } from './bench/uncached.mjs';
import { reportScale, scaleSizes, scaleTable } from './bench/scale.mjs';
import { buildRevision } from './bench/revision.mjs';
import { idleRss } from './bench/memory.mjs';
import { rssMiB } from './bench/rss.mjs';
import { MEMBER_RATE, memberRateRows, reportMemberRate } from './bench/member-rate.mjs';
import { measureApplications } from './bench/applications.mjs';
import { reportApplications } from './bench/applications-report.mjs';
import { measureStats, reportStats } from './bench/stats.mjs';
import { measureNotifications, reportNotifications } from './bench/notifications.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
/** The events of the benchmark database (demo data plus generated ones). */
const small = quick ? 2_000 : 10_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const BUDGET = { jsHome: 80 * 1024, jsAny: 130 * 1024 };
const results = {
  date: new Date().toISOString(),
  quick,
  machine: machine(),
  pages: [],
  lighthouse: [],
  lighthouseError: null,
  reference: null,
  throughput: [],
  scale: [],
  growth: [],
  writeLoad: null,
  memory: [],
  memberRate: [],
  applications: null,
  stats: null,
  notifications: null,
};
const cleanups = [];

function machine() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

function log(msg) {
  process.stderr.write(`${msg}\n`);
}

function run(cmd, cmdArgs, env = {}) {
  const r = spawnSync(cmd, cmdArgs, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} failed (${r.status})`);
}

/** Where a server will listen. Seed with the same env: stored picture URLs carry PUBLIC_ORIGIN, and the
 * page's CSP blocks pictures of any other origin. */
async function serverEnv(env) {
  const port = await freePort();
  return { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_ORIGIN: `http://127.0.0.1:${port}` };
}

/** `--against=REV`: that revision built beside (./bench/revision.mjs), removed at the end; else undefined. */
function revisionArg() {
  const rev = args.find((a) => a.startsWith('--against='))?.slice('--against='.length);
  if (!rev) return undefined;
  const revision = buildRevision(rev, log);
  cleanups.push(async () => revision.remove());
  return revision;
}

/** Starts `scripts/server.mjs` of this checkout, or of an earlier revision's folder (`cwd`, ./bench/revision.mjs). */
async function startServer(env, { cwd } = {}) {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, ['scripts/server.mjs'], {
    cwd,
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // Seeding writes the whole database (1.2 GB at 100k events on PGlite) and PGlite's start vacuums it;
  // the kernel writes those pages back for up to half a minute after, while the tables measure. Write
  // them back now, before anything is measured (decision 008).
  spawnSync('sync');
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  cleanups.push(stop);
  return { base, stop, pid: child.pid };
}

/**
 * The demo as deployed: PGlite in a new data directory, which the server fills with the demo data alone
 * at its first start (pictures made with sharp included), then the same directory after a restart (the
 * seed skipped); the RSS of each at idle after the same warm-up as table 3's servers (./bench/memory.mjs).
 */
async function demoMemory(baseEnv) {
  const dir = mkdtempSync(join(tmpdir(), 'damabwa-bench-demo-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const env = await serverEnv({ ...baseEnv, DATA_DIR: dir, PGLITE_DIR: join(dir, 'db') });
  for (const start of ['first start, seeds', 'restarted']) {
    const server = await startServer(env);
    try {
      const ids = await firstIds(server.base);
      const member = await memberHeaders(server.base);
      const list = '/api/v1/promotions/list';
      const paths = [...publicPages(ids), { path: list }, { path: list, headers: member }];
      const idleMiB = await idleRss({ base: server.base, pid: server.pid, paths });
      // With a page of one, the number of pages is the number of listed events.
      const events = (await (await fetch(`${server.base}${list}?pageSize=1`)).json()).totalPage ?? null;
      results.memory.push({ database: 'PGlite', events, demo: start, idleMiB, afterMiB: null });
    } finally {
      await server.stop();
    }
  }
}

/** A data directory with the demo data plus `extra` generated events (PGlite), or a PostgreSQL URL. */
function seedDatabase(env, extra, photographers = 0) {
  log(`seeding (${photographers ? `${photographers} extra photographers, ` : ''}${extra} extra events)…`);
  const more = [
    ...(photographers ? ['--photographers', String(photographers)] : []),
    ...(extra ? ['--events', String(extra)] : []),
  ];
  run('node_modules/.bin/tsx', ['scripts/db.ts', 'seed', ...more], env);
  // A database that has taken its writes long ago: autovacuum would otherwise vacuum and analyze the
  // new rows while the first table measures (load average 3 on this machine at 1M events).
  const bin = findPgBin();
  if (env.DATABASE_URL && bin) {
    log('vacuum (analyze)…');
    run(join(bin, 'psql'), ['-q', '-X', '-d', env.DATABASE_URL, '-c', 'vacuum (analyze)', '-c', 'checkpoint']);
  }
}

async function firstIds(base) {
  const events = await (await fetch(`${base}/api/v1/promotions/list?pageSize=1`)).json();
  const photographers = await (await fetch(`${base}/api/v1/photographers/list?pageSize=1`)).json();
  return { eventId: events.items[0]?.id ?? 1, photographerId: photographers.items[0]?.id ?? 1 };
}

function publicPages(ids) {
  return [
    { name: 'home', path: '/' },
    { name: 'events', path: '/events' },
    { name: 'event', path: `/event/${ids.eventId}` },
    { name: 'photographers', path: '/photographers' },
    { name: 'photographer', path: `/photographer/${ids.photographerId}` },
    { name: 'search', path: '/search' },
  ];
}

/** Loads each page in Chromium at 390×844 and sums what it transfers, by type; JS is also gzipped here. */
async function pageWeights(base, pages) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')),
  });
  try {
    for (const p of pages) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const seen = [];
      page.on('response', (res) => seen.push(res));
      await page.goto(`${base}${p.path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      const row = { page: p.name, path: p.path, jsGzip: 0, jsFiles: 0, css: 0, fonts: 0, images: 0, total: 0 };
      for (const res of seen) {
        const type = res.request().resourceType();
        let bytes = 0;
        try {
          bytes = (await res.request().sizes()).responseBodySize;
        } catch {
          bytes = 0;
        }
        row.total += bytes;
        if (type === 'script') {
          const body = await res.body().catch(() => Buffer.alloc(0));
          row.jsGzip += gzipSync(body).length;
          row.jsFiles++;
        } else if (type === 'stylesheet') row.css += bytes;
        else if (type === 'font') row.fonts += bytes;
        else if (type === 'image') row.images += bytes;
      }
      // Small import-free component scripts are inline (astro.config.mjs): they count like the files.
      for (const code of await page.$$eval('script[type="module"]:not([src])', (els) => els.map((e) => e.text))) {
        row.jsGzip += gzipSync(code).length;
      }
      const budget = p.name === 'home' ? BUDGET.jsHome : BUDGET.jsAny;
      row.jsBudget = budget;
      row.jsWithinBudget = row.jsGzip <= budget;
      results.pages.push(row);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

async function lighthouseRuns(base, pages, runs) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  for (const p of pages) {
    const samples = [];
    const errors = [];
    // A run whose trace failed is tried again (up to twice per wanted run), never counted as a score.
    for (let attempt = 0; samples.length < runs && attempt < runs * 3; attempt++) {
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
      try {
        const out = await lighthouse(`${base}${p.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          formFactor: 'mobile',
          throttlingMethod: 'simulate',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const { sample, error } = lighthouseSample(out?.lhr);
        if (sample) samples.push(sample);
        else {
          errors.push(error);
          log(`lighthouse ${p.path}: ${error}, trying again`);
        }
      } finally {
        await chrome.kill();
      }
    }
    results.lighthouse.push(lighthouseRow(p.name, samples, errors));
  }
}

/**
 * The throughput table's rows on the server at `base`, whose database is `database`; `member`: a
 * signed-in member's headers (./bench/member.mjs), signed in here when not given.
 */
async function throughput(base, ids, database, member = null) {
  const html = await (await fetch(`${base}/`)).text();
  // The reference: the home page's first stylesheet (else script), as the server sends it to a browser.
  const asset =
    /\/_astro\/[^"']+\.css/.exec(html)?.[0] ?? /\/_astro\/[^"']+\.js/.exec(html)?.[0] ?? '/manifest.webmanifest';
  const sample = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
  results.reference = {
    path: asset,
    encoding: sample.headers.get('content-encoding') ?? 'identity',
    bytes: Number(sample.headers.get('content-length') ?? 0),
  };
  await sample.arrayBuffer();
  const seconds = quick ? 3 : 10;
  // Without a token the list answers are shared (the page cache); with one, each is the caller's own.
  member ??= await memberHeaders(base);
  const list = '/api/v1/promotions/list';
  const search = `${list}?searchKeyword=${encodeURIComponent('야경')}`;
  const targets = [
    { name: 'static asset (reference)', path: asset },
    { name: 'home /', path: '/' },
    { name: 'events /events', path: '/events' },
    { name: `event /event/${ids.eventId}`, path: `/event/${ids.eventId}` },
    { name: 'API list, anonymous', path: list },
    { name: 'API list, member', path: list, headers: member },
    { name: 'API search 야경, anonymous', path: search },
    { name: 'API search 야경, member', path: search, headers: member },
  ];
  for (const t of targets) {
    const r = await cannon(`${base}${t.path}`, seconds, { headers: t.headers });
    results.throughput.push({ database, target: t.name, ...r });
  }
  const rows = results.throughput.filter((r) => r.database === database);
  const ref = rows[0]?.rps || 1;
  for (const row of rows) row.ratioToStatic = Number((row.rps / ref).toFixed(3));
}

/**
 * On a server of its own on `env`: the throughput table with the server's RSS at idle (after a short
 * warm-up) and right after it (`table`), and the members' lists at a fixed rate (`memberRate`).
 */
async function throughputOn(env, database, { table = true, memberRate = false } = {}) {
  const server = await startServer(env);
  try {
    const ids = await firstIds(server.base);
    const member = await memberHeaders(server.base);
    if (table) {
      const list = '/api/v1/promotions/list';
      const paths = [...publicPages(ids), { path: list }, { path: list, headers: member }];
      const idleMiB = await idleRss({ base: server.base, pid: server.pid, paths });
      await throughput(server.base, ids, database, member);
      results.memory.push({ database, events: small, idleMiB, afterMiB: rssMiB(server.pid) });
    }
    if (memberRate) {
      log(`members' lists at a fixed rate on ${database}…`);
      const [seconds, warmSeconds] = quick ? [10, MEMBER_RATE.quickWarmSeconds] : [30, MEMBER_RATE.warmSeconds];
      const base = server.base;
      results.memberRate.push(
        ...(await memberRateRows({ base, database, headers: member, seconds, warmSeconds, log })),
      );
    }
  } finally {
    await server.stop();
  }
}

async function main() {
  run(process.execPath, ['scripts/ensure-build.mjs']);
  mkdirSync('bench/results', { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'damabwa-bench-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const baseEnv = await serverEnv({
    APP_ENV: 'demo',
    DATA_DIR: dir,
    PGLITE_DIR: join(dir, 'db'),
    DATABASE_URL: '',
    RATE_LIMIT_AUTH: '1000000',
    RATE_LIMIT_WRITE: '1000000',
  });
  // Statistics (./bench/stats.mjs), on a PostgreSQL database of their own.
  const statistics = async () => {
    if (!findPgBin()) {
      results.stats = { database: 'PostgreSQL', skipped: 'PostgreSQL binaries not found' };
      return;
    }
    log('statistics…');
    const cluster = await startPgCluster({ database: 'bench' });
    cleanups.push(async () => cluster.stop());
    const env = { ...baseEnv, DATABASE_URL: cluster.url };
    results.stats = await measureStats({ quick, env, seed: seedDatabase, startServer, log });
  };
  if (args.includes('--only=stats')) return statistics().then(() => reportStats(results));
  // Notifications (./bench/notifications.mjs): two instances on a PostgreSQL database of their own.
  const notifications = async () => {
    if (!findPgBin()) {
      results.notifications = { database: 'PostgreSQL', skipped: 'PostgreSQL binaries not found' };
      return;
    }
    log('notifications…');
    const cluster = await startPgCluster({ database: 'bench' });
    cleanups.push(async () => cluster.stop());
    const env = { ...baseEnv, DATABASE_URL: cluster.url };
    results.notifications = await measureNotifications({ quick, env, startServer, serverEnv, cannon, log });
  };
  if (args.includes('--only=notifications')) return notifications().then(() => reportNotifications(results));
  seedDatabase(baseEnv, small - 60);

  /** A throwaway PostgreSQL cluster, empty; its env. */
  const pgCluster = async () => {
    const cluster = await startPgCluster({ database: 'bench' });
    cleanups.push(async () => cluster.stop());
    return { ...baseEnv, DATABASE_URL: cluster.url };
  };
  /** A throwaway PostgreSQL cluster seeded like the PGlite database; its env. */
  const pgBench = async () => {
    const pgEnv = await pgCluster();
    seedDatabase(pgEnv, small - 60);
    return pgEnv;
  };
  const scale = {
    n: quick ? 40 : 200,
    pglite: { env: baseEnv, events: small },
    seed: seedDatabase,
    startServer,
    results,
    log,
  };

  // Under write load (scripts/bench/write-load.mjs); `--only=write-load` runs just that part.
  const writeLoad = async () => {
    log('write load…');
    const ctx = { quick, env: baseEnv, seedExtra: small - 60, startServer, seedDatabase, cannon, log, cleanups };
    results.writeLoad = await measureWriteLoad(ctx);
  };
  if (args.includes('--only=write-load')) return writeLoad().then(() => report(results));
  // The uncached table's runs (scripts/bench/uncached.mjs), on its own or in the whole bench.
  const uncached = { startServer, results, seconds: quick ? 1 : 2, rounds: quick ? 2 : 3 };
  if (args.includes('--only=uncached')) {
    // --against=REV: that revision measured beside on PostgreSQL (./bench/revision.mjs), PGlite left out.
    const against = revisionArg();
    if (!against) await uncachedPoint({ ...uncached, label: 'PGlite', env: baseEnv, events: small });
    if (findPgBin()) {
      const point = { ...uncached, label: 'PostgreSQL', env: await pgBench(), events: small };
      await uncachedPoint(point);
      if (against) await uncachedAgainst({ ...point, revision: against });
    }
    results.uncachedTargets = uncachedTargetRows(results);
    return reportUncached(results, { write: true });
  }
  if (args.includes('--only=scale')) {
    const pg = async () => (findPgBin() ? { env: await pgCluster(), events: 0 } : null);
    // --against=REV: that revision measured beside on PostgreSQL (./bench/revision.mjs), PGlite left out.
    const against = revisionArg();
    const sizes = scaleSizes(quick);
    // --no-pglite: the PostgreSQL rows only (the targets are read there).
    const pgOnly = against || args.includes('--no-pglite');
    await scaleTable({ ...scale, sizes: pgOnly ? { ...sizes, PGlite: [] } : sizes, pg, against });
    results.growth = growth(results.scale);
    return reportScale(results);
  }
  if (args.includes('--only=throughput') || args.includes('--only=memory')) {
    if (args.includes('--only=memory')) await demoMemory(baseEnv);
    await throughputOn(baseEnv, 'PGlite');
    if (findPgBin()) await throughputOn(await pgBench(), 'PostgreSQL');
    return report(results);
  }
  if (args.includes('--only=member-rate')) {
    await throughputOn(baseEnv, 'PGlite', { table: false, memberRate: true });
    if (findPgBin()) await throughputOn(await pgBench(), 'PostgreSQL', { table: false, memberRate: true });
    return reportMemberRate(results);
  }
  // Applications (./bench/applications.mjs), on a PostgreSQL database of their own.
  const applications = async () => {
    if (!findPgBin()) {
      results.applications = { database: 'PostgreSQL', skipped: 'PostgreSQL binaries not found' };
      return;
    }
    log('applications…');
    const ctx = { quick, env: await pgBench(), seededEvents: small, startServer, cannon, log };
    results.applications = await measureApplications(ctx);
  };
  if (args.includes('--only=applications')) return applications().then(() => reportApplications(results));

  const server = await startServer(baseEnv);
  const ids = await firstIds(server.base);
  const onlyLighthouse = args.includes('--only=lighthouse');
  const wanted = args.filter((a) => a.startsWith('--page=')).map((a) => a.slice('--page='.length));
  const pages = publicPages(ids).filter((p) => !wanted.length || wanted.includes(p.name));
  log('page weight…');
  // /admin (signed out it shows its denial without calling the API): the JavaScript budget only.
  await pageWeights(server.base, onlyLighthouse ? pages : [...pages, { name: 'admin', path: '/admin' }]);
  log('lighthouse…');
  const runsArg = Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length));
  try {
    await lighthouseRuns(server.base, pages, runsArg > 0 ? runsArg : quick ? 1 : 3);
  } catch (err) {
    results.lighthouseError = String(err?.message ?? err);
    log(`lighthouse failed: ${results.lighthouseError}`);
  }
  if (onlyLighthouse) {
    await server.stop();
    return report(results);
  }
  await server.stop();
  log('throughput…');
  await demoMemory(baseEnv);
  await throughputOn(baseEnv, 'PGlite', { memberRate: true });
  await writeLoad();
  log('uncached cost…');
  await uncachedPoint({ ...uncached, label: 'PGlite', env: baseEnv, events: small });

  let pgDb = null;
  if (findPgBin()) {
    pgDb = { env: await pgBench(), events: small };
    await uncachedPoint({ ...uncached, label: 'PostgreSQL', env: pgDb.env, events: small });
    log('throughput on PostgreSQL…');
    await throughputOn(pgDb.env, 'PostgreSQL', { memberRate: true });
  }
  log('scale…');
  // --quick: the smaller PGlite size only; the whole table is `--only=scale` (./bench/scale.mjs).
  const sizes = quick ? { PGlite: [small], PostgreSQL: [] } : scaleSizes(false);
  await scaleTable({ ...scale, sizes, pg: async () => pgDb });
  results.growth = growth(results.scale);
  await applications();
  await statistics();
  await notifications();
  results.uncachedTargets = uncachedTargetRows(results);
  report(results);
  reportUncached(results);
  reportStats(results);
  reportNotifications(results);
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });
