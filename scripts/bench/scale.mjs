/**
 * The bench's scale table (issue 17, decision 020): the list API as a member (each kind of search, and
 * the search suggestions, issue 45), sequential on one keep-alive connection (and through `fetch`,
 * beside), with PAGE_CACHE=off, at two sizes ten times apart
 * on PGlite and on PostgreSQL, with `/healthz` measured in the same run as the floor of the HTTP path and
 * the load average of the machine while measured, and the plans of the statements behind each query
 * (./scale-plans.ts) with the server stopped.
 * `npm run bench -- --only=scale` runs only this table: PGlite at 10k and 100k events, PostgreSQL (with
 * its binaries) at 100k and 1M; `--quick` uses 2k and 20k, and 10k and 100k. The targets are read on
 * PostgreSQL; PGlite's rows are for information (decision 021).
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { memberHeaders } from './member.mjs';
import { TARGET_DATABASE } from './write-load-report.mjs';

export const SCALE_TARGETS = { listP50Ms: 2, growthP50: 1.5, searchP50Ms: 5, searchP99Ms: 20, suggestP99Ms: 20 };
/** One photographer for ten events: 100k photographers beside 1M events (issue 45). */
const EVENTS_PER_PHOTOGRAPHER = 10;
const DEMO_PHOTOGRAPHERS = 26;
/** The size at which the list answers must stay under SCALE_TARGETS.listP50Ms (sequential p50). */
const LIST_TARGET_EVENTS = 1_000_000;
const LIST_TARGET_QUERIES = ['list first page', 'search 야경', 'region+type'];
const FLOOR = '/healthz (floor)';

const LIST = '/api/v1/promotions/list';
const searched = (keyword) => `${LIST}?searchKeyword=${encodeURIComponent(keyword)}`;
const PHOTOGRAPHERS = '/api/v1/photographers/list';
const photographersSearched = (keyword) => `${PHOTOGRAPHERS}?searchKeyword=${encodeURIComponent(keyword)}`;
const suggested = (typed) => `/api/v1/search/suggestions?q=${encodeURIComponent(typed)}`;

/**
 * Issue 45: each kind of search's first page (p50 ≤ 5 ms, p99 ≤ 20 ms at 1M events and 100k
 * photographers), and the
 * suggestions while typing (p99 ≤ 20 ms): a syllable, then a syllable being composed.
 */
const SEARCH_KINDS = [
  { name: 'search 야경', path: searched('야경') },
  { name: 'search two words 가족 스냅', path: searched('가족 스냅') },
  { name: 'search spacing 가족스냅', path: searched('가족스냅') },
  { name: 'search synonym snap', path: searched('snap') },
  { name: 'search 초성 ㄱㅈㅅㄴ', path: searched('ㄱㅈㅅㄴ') },
  // The photographers' tab of the same search, at 100k photographers: a word most of them match (the
  // type's name), and a studio's initials.
  { name: 'photographers search 스냅', path: photographersSearched('스냅') },
  { name: 'photographers search 초성 ㅂㄷ', path: photographersSearched('ㅂㄷ') },
];
const SUGGESTIONS = [
  { name: 'suggest 가', path: suggested('가') },
  { name: 'suggest 가족스ㄴ', path: suggested('가족스ㄴ') },
];

export const SCALE_QUERIES = [
  { name: 'list first page', path: LIST },
  ...SEARCH_KINDS,
  { name: 'region+type', path: `${LIST}?regions=${encodeURIComponent('서울')}&photographyTypes=SNAP` },
  { name: 'POPULAR', path: `${LIST}?sortType=POPULAR` },
  ...SUGGESTIONS,
];
/** The growth target is the list answers': search and suggestions have their own at 1M. */
const GROWTH_TARGET_QUERIES = ['list first page', 'search 야경', 'region+type', 'POPULAR'];

/** The sizes of the scale table per database, ten times apart (`--quick`: smaller). */
export function scaleSizes(quick) {
  return quick
    ? { PGlite: [2_000, 20_000], PostgreSQL: [10_000, 100_000] }
    : { PGlite: [10_000, 100_000], PostgreSQL: [100_000, 1_000_000] };
}

/**
 * How long each query is asked, unmeasured, before its `n` measured requests. A running server has
 * compiled its hot paths long ago; five warm-up requests measured the compiler instead (the list answer
 * at 2,000 events: p50 4.4 ms after five, 2.0 ms after 1,500, the same server).
 */
export const WARM_MS = 2_000;

/**
 * How long `fetch` is asked, unmeasured, before its own `n` requests: the lean client's warm-up has
 * already compiled the server's paths.
 */
const FETCH_WARM_MS = 300;

/**
 * One request at a time on one keep-alive connection, as the load tool of the other tables
 * (autocannon) asks: node's HTTP client reading the whole body, with the encodings `fetch` accepts.
 * Undici's `fetch` spends 0.4–0.6 ms of its own per request on this 2-core machine (the same server's
 * `/healthz` 1.4 ms p50 through `fetch`, 0.9 through this; decision 008): the client's time,
 * not the answer's. Its p50 is still measured, beside (`fetchP50`).
 */
export function leanClient(base) {
  const { hostname, port } = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ask = (path, headers) =>
    new Promise((resolve, reject) => {
      const req = http.get(
        { host: hostname, port, path, agent, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } },
        (res) => {
          res.resume();
          res.on('error', reject);
          res.on('end', () =>
            res.statusCode < 400 ? resolve() : reject(new Error(`${path} answered ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
    });
  return { ask, close: () => agent.destroy() };
}

/**
 * `ask` for `warmMs` unmeasured, then `n` times measured: the times in ms. A request that failed (an
 * error status, a timeout) counts as slower than any answer (Infinity): a percentile it falls on is
 * never a figure it would flatter, and the run goes on.
 */
export async function sequential(ask, n, warmMs) {
  for (const until = performance.now() + warmMs; performance.now() < until;) await ask().catch(() => undefined);
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const ok = await ask().then(
      () => true,
      () => false,
    );
    times.push(ok ? performance.now() - t : Number.POSITIVE_INFINITY);
  }
  return times.sort((a, b) => a - b);
}

/**
 * The rounds each query is measured in, `n` requests a round, after every query has been warmed: the
 * queries take turns, so the server's youngest seconds (its WebAssembly still tiering up) and the
 * machine's drift fall on all of them alike, not on the first one measured. One round measured
 * `/healthz` — measured first — at 1.5–1.9 ms p50 on PGlite, where later rounds on the same server read
 * 0.5–1.1 (decision 008).
 */
export const ROUNDS = 3;

/** The `q` quantile of sorted times, to 0.01 ms: a target is read on it, never on a figure rounded in its favour. */
const at = (sorted, q) => {
  const v = sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return Number.isFinite(v) ? Number(v.toFixed(2)) : null;
};

/**
 * Every query warmed for WARM_MS, then measured in ROUNDS rounds of `n` sequential requests through the
 * lean client (p50, p99 and min over all of them, in ms), then `n` through `fetch` (its p50, `fetchP50`).
 */
async function measure(base, queries, headers, n) {
  const lean = leanClient(base);
  // An earlier revision (`against`) may not have every answer yet (the suggestions: 404): left out.
  const answered = [];
  for (const q of queries) {
    const missing = await lean.ask(q.path, headers).then(
      () => false,
      (err) => String(err?.message).endsWith('answered 404'),
    );
    if (!missing) answered.push(q);
  }
  queries = answered;
  const times = new Map(queries.map((q) => [q.path, []]));
  try {
    for (const q of queries) await sequential(() => lean.ask(q.path, headers), 0, WARM_MS);
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of queries) times.get(q.path)?.push(...(await sequential(() => lean.ask(q.path, headers), n, 0)));
    }
  } finally {
    lean.close();
  }
  const rows = [];
  for (const q of queries) {
    const viaFetch = await sequential(
      async () => {
        const res = await fetch(`${base}${q.path}`, { headers });
        await res.arrayBuffer();
        if (res.status >= 400) throw new Error(`${q.path} answered ${res.status}`);
      },
      n,
      FETCH_WARM_MS,
    );
    const all = (times.get(q.path) ?? []).sort((a, b) => a - b);
    rows.push({ query: q.name, p50: at(all, 0.5), p99: at(all, 0.99), min: at(all, 0), fetchP50: at(viaFetch, 0.5) });
  }
  return rows;
}

/**
 * Starts a server on `env` (cache off), measures `/healthz` and every scale query, adds the rows. With
 * `revision` (./revision.mjs), that revision's server on the same database, its rows labelled with it.
 */
export async function scalePoint({ label, env, events, startServer, results, n, revision }) {
  // Members share the cached list answers too: with the cache off every request reaches the database.
  const server = await startServer({ ...env, PAGE_CACHE: 'off' }, { cwd: revision?.dir });
  if (revision) label = `${label} @${revision.label}`;
  try {
    // As a member: the member path (the list and the caller's isSaved).
    const member = await memberHeaders(server.base);
    const rows = await measure(server.base, [{ name: FLOOR, path: '/healthz' }, ...SCALE_QUERIES], member, n);
    const load = Number(loadavg()[0].toFixed(1));
    for (const r of rows) results.scale.push({ database: label, events, ...r, load });
  } finally {
    await server.stop();
  }
  if (!revision) results.scalePlans = [...(results.scalePlans ?? []), ...scalePlans(label, env, events)];
}

/** The plans of the scale queries on `env`'s database, with no total kept (./scale-plans.ts). */
function scalePlans(database, env, events) {
  const r = spawnSync(
    'node_modules/.bin/tsx',
    ['scripts/bench/scale-plans.ts', ...SCALE_QUERIES.filter((q) => q.path.startsWith(LIST)).map((q) => q.path)],
    {
      env: { ...process.env, LOG_LEVEL: 'error', ...env },
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) return [{ database, events, query: '—', statement: '—', plan: `not measured: ${r.stderr}` }];
  return r.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      const { path, ...plan } = JSON.parse(line);
      return { database, events, query: SCALE_QUERIES.find((q) => q.path === path)?.name ?? path, ...plan };
    });
}

/** Seeds `db.env` up to each size in turn (it holds `db.events`) and measures there. */
async function grow(label, db, sizes, ctx) {
  let have = db.events;
  // The demo's photographers (the bench's first seeding adds none), until a size asks for more.
  let photographers = DEMO_PHOTOGRAPHERS;
  for (const events of sizes) {
    const wanted = Math.max(DEMO_PHOTOGRAPHERS, Math.floor(events / EVENTS_PER_PHOTOGRAPHER));
    // An empty database gets the demo data (60 events) with its first seeding; the new photographers
    // are written before the new events, which are spread over all of them.
    if (events > have) ctx.seed(db.env, events - Math.max(have, 60), Math.max(0, wanted - photographers));
    have = events;
    photographers = Math.max(photographers, wanted);
    ctx.log(`scale: ${label} ${events}…`);
    const point = { label, env: db.env, events, startServer: ctx.startServer, results: ctx.results, n: ctx.n };
    await scalePoint(point);
    // The earlier revision on the same data, then this one again: the machine's drift falls on both.
    if (ctx.against && label === TARGET_DATABASE) {
      ctx.log(`scale: ${label} ${events} @${ctx.against.label}…`);
      await scalePoint({ ...point, revision: ctx.against });
    }
  }
}

/**
 * The table: `sizes` per database (ascending); `pglite` is `{ env, events }` (the events it already
 * holds); `pg()` starts a PostgreSQL cluster and answers the same (null without binaries);
 * `seed(env, extra)` adds events; `against` (./revision.mjs), an earlier build measured beside on
 * PostgreSQL at each size.
 */
export async function scaleTable({ sizes, n, pglite, pg, seed, startServer, results, log, against }) {
  const ctx = { seed, startServer, results, log, n, against };
  await grow('PGlite', pglite, sizes.PGlite, ctx);
  if (!sizes.PostgreSQL.length) return;
  const db = await pg();
  if (!db) log('PostgreSQL binaries not found: the PostgreSQL rows are skipped');
  else await grow('PostgreSQL', db, sizes.PostgreSQL, ctx);
}

/** The targets on the list answers, met or missed (`ok: null` where not measured). */
export function scaleTargetRows(results) {
  const rows = [];
  const [database, events] = [TARGET_DATABASE, LIST_TARGET_EVENTS];
  for (const query of LIST_TARGET_QUERIES) {
    const r = (results.scale ?? []).find((s) => s.database === database && s.events === events && s.query === query);
    rows.push({
      target: `${query} p50 ≤ ${SCALE_TARGETS.listP50Ms} ms sequential (${database}, ${events})`,
      measured: r ? r.p50 : 'not measured',
      ok: r ? r.p50 !== null && r.p50 <= SCALE_TARGETS.listP50Ms : null,
    });
  }
  const at1M = (query) =>
    (results.scale ?? []).find((s) => s.database === database && s.events === events && s.query === query);
  for (const { name } of SEARCH_KINDS) {
    const r = at1M(name);
    rows.push({
      target: `${name} p50 ≤ ${SCALE_TARGETS.searchP50Ms} ms, p99 ≤ ${SCALE_TARGETS.searchP99Ms} ms (${database}, ${events})`,
      measured: r ? `${r.p50} / ${r.p99}` : 'not measured',
      ok: r
        ? r.p50 !== null && r.p99 !== null && r.p50 <= SCALE_TARGETS.searchP50Ms && r.p99 <= SCALE_TARGETS.searchP99Ms
        : null,
    });
  }
  for (const { name } of SUGGESTIONS) {
    const r = at1M(name);
    rows.push({
      target: `${name} p99 ≤ ${SCALE_TARGETS.suggestP99Ms} ms (${database}, ${events})`,
      measured: r ? r.p99 : 'not measured',
      ok: r ? r.p99 !== null && r.p99 <= SCALE_TARGETS.suggestP99Ms : null,
    });
  }
  for (const g of (results.growth ?? []).filter(
    (x) => GROWTH_TARGET_QUERIES.includes(x.query) && x.database === database,
  )) {
    rows.push({
      target: `${g.query} growth ${g.events} ≤ ${SCALE_TARGETS.growthP50}× at p50 (${g.database})`,
      measured: g.p50,
      ok: g.p50 <= SCALE_TARGETS.growthP50,
    });
  }
  return rows;
}

/** Each query's p50 and p99 now and on the earlier revision (`--against`), at the same size. */
export function against(results) {
  const rows = [];
  for (const old of (results.scale ?? []).filter((r) => r.database.includes(' @'))) {
    const database = old.database.slice(0, old.database.indexOf(' @'));
    const now = results.scale.find((r) => r.database === database && r.events === old.events && r.query === old.query);
    if (!now) continue;
    rows.push({
      events: old.events,
      query: old.query,
      now: `${now.p50} / ${now.p99}`,
      [`before (${old.database.slice(database.length + 2)})`]: `${old.p50} / ${old.p99}`,
      'p50 ×': Number((now.p50 / old.p50).toFixed(2)),
      'p99 ×': Number((now.p99 / old.p99).toFixed(2)),
    });
  }
  return rows;
}

const shown = (t) => ({ ...t, ok: t.ok === null ? '—' : t.ok ? 'yes' : 'NO' });

/** The scale table, its growth and its targets (`--only=scale`); also bench/results/<date>-scale.json. */
export function reportScale(results) {
  console.log(
    `4. Scale (sequential API requests as a member on one keep-alive connection, PAGE_CACHE=off, ms; fetchP50: the same through fetch; load = 1-minute load average; targets read on ${TARGET_DATABASE}, PGlite rows for information)`,
  );
  console.table(results.scale);
  if (results.growth.length) {
    console.log('   growth from the smaller to the larger size (× p50, × p99)');
    console.table(results.growth);
  }
  console.log('   plans (explain analyze of the statements the service sends, no total or author kept; rows×loops)');
  for (const p of results.scalePlans ?? []) {
    console.log(`   ${p.database} ${p.events} ${p.query}, ${p.statement}: ${p.ms} ms, ${p.buffers} buffers: ${p.plan}`);
  }
  const before = against(results);
  if (before.length) {
    console.log('   against the earlier revision, on the same database (p50 / p99 ms; × = now ÷ before)');
    console.table(before);
  }
  console.log('Targets (list answers at scale)');
  console.table(scaleTargetRows(results).map(shown));
  const file = `bench/results/${results.date.slice(0, 19).replace(/[:T]/g, '-')}-scale.json`;
  writeFileSync(file, JSON.stringify({ ...results, targets: scaleTargetRows(results), against: before }, null, 2));
  console.log(`\nresults written to ${file}`);
}
