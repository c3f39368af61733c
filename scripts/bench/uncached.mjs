/**
 * The bench's "uncached cost" table (issue 17): what a public page or a list answer costs when no copy
 * is kept. The server runs with PAGE_CACHE=off and every request also carries a new query parameter,
 * so each one is a new cache key even where a cache is on. Each page's req/s is set against `/login`
 * uncached: the same layout, no data. Its targets are printed with those of the scale table (./scale.mjs),
 * read on PostgreSQL; PGlite's rows are for information (decision 021).
 */
import { writeFileSync } from 'node:fs';
import { freePort } from '../lib/pg-cluster.mjs';
import { cannon } from './cannon.mjs';
import { scaleTargetRows } from './scale.mjs';
import { percentile, TARGET_DATABASE } from './write-load-report.mjs';

/**
 * pageVsLogin: every public page against `/login`. vsBefore (issue 43): the photographer lists, which show
 * ratings, against the revision before them (`--against`), on the same database.
 */
export const UNCACHED_TARGETS = { pageVsLogin: 0.5, vsBefore: 0.9 };
/** The rows the `vsBefore` target reads. */
const VS_BEFORE_TARGETS = ['photographers', 'API photographers, anonymous'];

const enc = encodeURIComponent;

async function firstIds(base) {
  const get = async (path) => (await (await fetch(`${base}${path}?pageSize=1&_u=ids-${Date.now()}`)).json()).items;
  const [event] = await get('/api/v1/promotions/list');
  const [photographer] = await get('/api/v1/photographers/list');
  return { eventId: event?.id ?? 1, photographerId: photographer?.id ?? 1 };
}

function uncachedTargets({ eventId, photographerId }) {
  return [
    { name: 'login (no data)', path: '/login', reference: true },
    { name: 'home', path: '/', page: true },
    { name: 'events', path: '/events', page: true },
    { name: 'event', path: `/event/${eventId}`, page: true },
    { name: 'photographers', path: '/photographers', page: true },
    { name: 'photographer', path: `/photographer/${photographerId}`, page: true },
    { name: 'search overview 스냅', path: `/search?searchKeyword=${enc('스냅')}`, page: true },
    { name: 'search events 스냅', path: `/search?searchKeyword=${enc('스냅')}&state=PROMOTION`, page: true },
    { name: 'API list, anonymous', path: '/api/v1/promotions/list' },
    { name: 'API search 야경, anonymous', path: `/api/v1/promotions/list?searchKeyword=${enc('야경')}` },
    { name: 'API photographers, anonymous', path: '/api/v1/photographers/list' },
  ];
}

/** The bench's runner with a new `_u` parameter on every request (a new cache key each time). */
async function cannonUnique(base, path, seconds, connections) {
  let n = 0;
  const unique = () => `${path}${path.includes('?') ? '&' : '?'}_u=${process.pid}-${n++}`;
  const { rps, p50, p99, non2xx } = await cannon(`${base}${path}`, seconds, { connections, path: unique });
  return { rps, p50, p99, non2xx };
}

/** Rounds of every target; each page is set against the runs of `/login` just before and after it. */
export const UNCACHED_ROUNDS = 3;

/** @param {number[]} values */
const median = (values) => /** @type {number} */ (percentile(values, 0.5));

/**
 * One row per target from its runs in every round: `rounds[i][name]` is a run with `reference`, the
 * req/s of `/login` measured just before and just after it (their mean); the reference's own entry is
 * its runs' median in that round. A page's ratio is the median over the rounds of its req/s over its
 * `reference`, printed with the lowest and highest: the machine's speed drifts (±0.05 of a ratio
 * between runs minutes apart), and a page measured between two runs of `/login` drifts with them.
 * req/s, p50 and p99 are the medians of the runs (nearest rank: of two, the lower).
 * @param {{ name: string, path: string, page?: boolean, reference?: boolean }[]} targets
 * @param {Record<string, { rps: number, p50: number, p99: number, non2xx?: number, reference: number }>[]} rounds
 * @returns {{ target: string, path: string, page: boolean, rps: number, p50: number, p99: number,
 *   non2xx: number, ratioToLogin: number, ratioRange: number[] }[]}
 */
export function uncachedRows(targets, rounds) {
  const fixed = (n) => Number(n.toFixed(2));
  return targets.map((t) => {
    const runs = rounds.map((round) => round[t.name]);
    const ratios = runs.map((r) => r.rps / (r.reference || 1));
    return {
      target: t.name,
      path: t.path,
      page: Boolean(t.page),
      rps: Math.round(median(runs.map((r) => r.rps))),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      non2xx: runs.reduce((n, r) => n + (r.non2xx ?? 0), 0),
      ratioToLogin: fixed(median(ratios)),
      ratioRange: [fixed(Math.min(...ratios)), fixed(Math.max(...ratios))],
    };
  });
}

/** The median run (by req/s) of several. */
const medianRun = (runs) => {
  const rps = median(runs.map((r) => r.rps));
  return runs.find((r) => r.rps === rps);
};

/**
 * Starts a server on `env` with PAGE_CACHE=off (via the bench's `startServer`), measures every target
 * for `seconds` at `connections` in each of `rounds` rounds, `/login` before the first and after each,
 * and adds the rows to `results.uncached`.
 */
export async function uncachedPoint({
  label,
  env,
  events,
  startServer,
  results,
  seconds,
  rounds = UNCACHED_ROUNDS,
  connections = 8,
}) {
  const server = await startServer({ ...env, PAGE_CACHE: 'off' });
  try {
    const targets = uncachedTargets(await firstIds(server.base));
    const reference = targets.find((t) => t.reference);
    const run = (t) => cannonUnique(server.base, t.path, seconds, connections);
    // A warm-up at full load, so no row pays for compiling the server's code: one second at two
    // connections left `/login`, the first row and the reference, a third below its warm rate.
    for (const t of targets) await cannonUnique(server.base, t.path, 2, connections);
    const measured = [];
    for (let i = 0; i < rounds; i++) {
      const round = {};
      let before = await run(reference);
      const logins = [before];
      for (const t of targets.filter((x) => !x.reference)) {
        const page = await run(t);
        const after = await run(reference);
        round[t.name] = { ...page, reference: (before.rps + after.rps) / 2 };
        logins.push(after);
        before = after;
      }
      const login = medianRun(logins);
      round[reference.name] = { ...login, reference: login.rps };
      measured.push(round);
    }
    const rows = uncachedRows(targets, measured).map((r) => ({ database: label, events, ...r }));
    results.uncached = [...(results.uncached ?? []), ...rows];
  } finally {
    await server.stop();
  }
}

/** The targets, met or missed (`ok: null` where the bench did not measure them). */
export function uncachedTargetRows(results) {
  const rows = [];
  const judged = (results.uncached ?? []).filter((x) => x.page && x.database === TARGET_DATABASE);
  if (!judged.length) {
    const target = `pages uncached ≥ ${UNCACHED_TARGETS.pageVsLogin} of /login (${TARGET_DATABASE})`;
    rows.push({ target, measured: 'not measured', ok: null });
  }
  for (const r of judged) {
    rows.push({
      target: `${r.target} uncached ≥ ${UNCACHED_TARGETS.pageVsLogin} of /login (${r.database}, ${r.events})`,
      measured: r.ratioToLogin,
      ok: r.ratioToLogin >= UNCACHED_TARGETS.pageVsLogin,
    });
  }
  for (const r of againstRows(results).filter((x) => VS_BEFORE_TARGETS.includes(x.target))) {
    rows.push({
      target: `${r.target} uncached req/s ≥ ${UNCACHED_TARGETS.vsBefore} of ${r.before} (${r.database}, ${r.events})`,
      measured: r.ratio,
      ok: r.ratio >= UNCACHED_TARGETS.vsBefore,
    });
  }
  rows.push(...scaleTargetRows(results));
  return rows;
}

/**
 * Each target's req/s now and on the earlier revision (`--against`), from `uncachedAgainst`'s
 * interleaved rounds on the same database.
 */
export function againstRows(results) {
  return results.uncachedAgainst ?? [];
}

/**
 * One row per target from interleaved rounds: `rounds[i][name]` holds that round's run `now` and the
 * earlier revision's run `before`, measured back to back. The ratio is the median over the rounds of
 * now ÷ before, printed with the lowest and highest: runs of the same server minutes apart differ by
 * ±0.2 on this 2-core machine, runs seconds apart by far less.
 * @param {{ name: string }[]} targets
 * @param {Record<string, { now: { rps: number }, before: { rps: number } }>[]} rounds
 * @param {{ database: string, events: number, before: string }} meta
 */
export function againstRowsOf(targets, rounds, meta) {
  const fixed = (n) => Number(n.toFixed(2));
  return targets.map((t) => {
    const runs = rounds.map((round) => round[t.name]);
    const ratios = runs.map((r) => r.now.rps / (r.before.rps || 1));
    return {
      database: meta.database,
      events: meta.events,
      target: t.name,
      rps: Math.round(median(runs.map((r) => r.now.rps))),
      before: meta.before,
      beforeRps: Math.round(median(runs.map((r) => r.before.rps))),
      ratio: fixed(median(ratios)),
      ratioRange: [fixed(Math.min(...ratios)), fixed(Math.max(...ratios))],
    };
  });
}

/**
 * This checkout's server and `revision`'s (./revision.mjs), both on `env`'s database at once, each target
 * measured on one and then the other in every round (the first of the pair alternating by round), so the
 * machine's drift falls on both alike. Adds `againstRowsOf`'s rows to `results.uncachedAgainst`.
 */
export async function uncachedAgainst({
  revision,
  label,
  env,
  events,
  startServer,
  results,
  seconds,
  rounds = UNCACHED_ROUNDS,
  connections = 8,
}) {
  const now = await startServer({ ...env, PAGE_CACHE: 'off' });
  let before;
  try {
    before = await startServer({ ...env, PAGE_CACHE: 'off', PORT: String(await freePort()) }, { cwd: revision.dir });
    const targets = uncachedTargets(await firstIds(now.base));
    for (const t of targets) {
      await cannonUnique(now.base, t.path, 2, connections);
      await cannonUnique(before.base, t.path, 2, connections);
    }
    const measured = [];
    for (let i = 0; i < rounds; i++) {
      const round = {};
      for (const t of targets) {
        const pair = {};
        for (const side of i % 2 ? ['before', 'now'] : ['now', 'before']) {
          const server = side === 'now' ? now : before;
          pair[side] = await cannonUnique(server.base, t.path, seconds, connections);
        }
        round[t.name] = pair;
      }
      measured.push(round);
    }
    const rows = againstRowsOf(targets, measured, { database: label, events, before: revision.label });
    results.uncachedAgainst = [...(results.uncachedAgainst ?? []), ...rows];
  } finally {
    await before?.stop();
    await now.stop();
  }
}

/** The tables and their targets; with `write` (`--only=uncached`), bench/results/<date>-uncached.json too. */
export function reportUncached(results, { write = false } = {}) {
  console.log(
    `5. Uncached cost (PAGE_CACHE=off, a new cache key per request, 8 connections; targets read on ${TARGET_DATABASE}, PGlite rows for information)`,
  );
  console.table(
    (results.uncached ?? []).map((r) => ({
      database: r.database,
      events: r.events,
      target: r.target,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'vs /login': r.ratioToLogin,
      'rounds (min–max)': r.ratioRange ? r.ratioRange.join('–') : '',
      non2xx: r.non2xx,
    })),
  );
  const before = againstRows(results);
  if (before.length) {
    console.log(
      '   against the earlier revision, on the same database, interleaved (req/s medians; ratio = median of now ÷ before)',
    );
    console.table(before.map(({ ratioRange, ...r }) => ({ ...r, 'rounds (min–max)': ratioRange.join('–') })));
  }
  console.log('Targets (uncached cost and list answers)');
  console.table(uncachedTargetRows(results).map((t) => ({ ...t, ok: t.ok === null ? '—' : t.ok ? 'yes' : 'NO' })));
  if (!write) return;
  const file = `bench/results/${results.date.slice(0, 19).replace(/[:T]/g, '-')}-uncached.json`;
  writeFileSync(file, JSON.stringify({ ...results, targets: uncachedTargetRows(results) }, null, 2));
  console.log(`\nresults written to ${file}`);
}
