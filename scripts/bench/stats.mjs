/**
 * npm run bench, "statistics" (issue 43, decision 026), on a throwaway PostgreSQL cluster:
 *   - setup: 100,000 events (10,000 with --quick) through `db:seed --events`; a photographer signed in
 *     through the Kakao stand-in who owns every tenth event (10,000: a busy account, the worst case of
 *     the per-event list); 1,000,000 views and 100,000 apply-link clicks over the last 30 days written
 *     into the aggregates as the counters would have (10 days of views per event, one click each), the
 *     photographer's and the site's days summed from them, and 60 days of the operator's counts;
 *   - a photographer's statistics (`GET /api/v1/users/me/stats?days=30`) and the admin's
 *     (`GET /api/v1/admin/stats?days=30`), with `/healthz` as the floor, sequential on one keep-alive
 *     connection (./scale.mjs), warmed, then measured in turns: p50 and p99 against p50 ≤ 20 ms and
 *     p99 ≤ 50 ms. The pages themselves (`/my/stats`, `/admin/stats`) are shells whose island asks these.
 * `--only=stats` runs only this part and writes bench/results/<date>-stats.json.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { demoLogin } from '../lib/demo-login.mjs';
import { leanClient, ROUNDS, sequential, WARM_MS } from './scale.mjs';

export const STATS_TARGETS = { p50Ms: 20, p99Ms: 50 };
const FULL = { events: 100_000, n: 300 };
const QUICK = { events: 10_000, n: 100 };

/** The `q` quantile of sorted times, to 0.01 ms. */
const at = (sorted, q) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2));

/** Writes the views, clicks and the operator's days into the aggregates; answers what it wrote. */
async function fillAggregates(url, photographerId, events) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const today = `(now() at time zone 'Asia/Seoul')::date`;
    await client.query("update members set type = 'PHOTOGRAPHER', roles = '{PHOTOGRAPHER,USER}' where id = $1", [
      photographerId,
    ]);
    await client.query('update promotions set author_id = $1 where id % 10 = 0', [photographerId]);
    // Ten distinct days of the last 30 for each event ((7·id + 3g) mod 30, g < 10), one click each.
    await client.query(
      `insert into promotion_daily_stats as s (promotion_id, day, views, clicks)
       select p.id, ${today} - ((p.id * 7 + g * 3) % 30), 1, case when (p.id + g) % 10 = 0 then 1 else 0 end
         from (select id from promotions order by id limit $1) p cross join generate_series(0, 9) g
       on conflict (promotion_id, day) do update set views = s.views + excluded.views, clicks = s.clicks + excluded.clicks`,
      [events],
    );
    await client.query('truncate photographer_daily_stats');
    await client.query(
      `insert into photographer_daily_stats (member_id, day, views, saves, clicks, applications, selections, completions)
       select p.author_id, s.day, sum(s.views), sum(s.saves), sum(s.clicks), sum(s.applications),
              sum(s.selections), sum(s.completions)
         from promotion_daily_stats s join promotions p on p.id = s.promotion_id
        group by p.author_id, s.day`,
    );
    await client.query(
      `insert into site_daily_stats as s (day, members, events, applications, reviews)
       select ${today} - d, 50 + d % 7, 300 + d % 11, 120 + d % 5, 20 + d % 3 from generate_series(0, 59) d
       on conflict (day) do update set members = s.members + excluded.members, events = s.events + excluded.events,
         applications = s.applications + excluded.applications, reviews = s.reviews + excluded.reviews`,
    );
    await client.query('analyze');
    const [row] = (
      await client.query(
        `select (select sum(views) from promotion_daily_stats where day > ${today} - 30)::int as views,
                (select sum(clicks) from promotion_daily_stats where day > ${today} - 30)::int as clicks,
                (select count(*) from promotions)::int as events,
                (select count(*) from promotions where author_id = $1)::int as "photographerEvents",
                (select count(*) from promotion_daily_stats)::int as "eventDayRows"`,
        [photographerId],
      )
    ).rows;
    return row;
  } finally {
    await client.end();
  }
}

/** The statistics table: setup, then the answers measured in turns. */
export async function measureStats({ quick, env, seed, startServer, log }) {
  const size = quick ? QUICK : FULL;
  seed(env, size.events - 60);
  let server = await startServer(env);
  let photographer;
  try {
    photographer = await demoLogin(server.base, `bench-stats-${process.pid}`);
    const reg = await fetch(`${server.base}/api/v1/users/me/registration`, {
      method: 'POST',
      headers: { authorization: `Bearer ${photographer.accessToken.value}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nickname: `통계${process.pid % 100000}`, gender: 'FEMALE', instagramId: null }),
    });
    if (reg.status !== 200) throw new Error(`registration answered ${reg.status}`);
  } finally {
    await server.stop();
  }
  log('statistics: filling the aggregates…');
  const data = await fillAggregates(env.DATABASE_URL, photographer.user.id, size.events);
  server = await startServer(env);
  const lean = leanClient(server.base);
  try {
    const admin = await demoLogin(server.base, 'demo-admin');
    const queries = [
      { name: '/healthz (floor)', path: '/healthz', headers: {} },
      {
        name: "photographer's statistics",
        path: '/api/v1/users/me/stats?days=30',
        headers: { authorization: `Bearer ${photographer.accessToken.value}` },
      },
      {
        name: "admin's statistics",
        path: '/api/v1/admin/stats?days=30',
        headers: { authorization: `Bearer ${admin.accessToken.value}` },
      },
    ];
    log('statistics: measuring…');
    const times = new Map(queries.map((q) => [q.path, []]));
    for (const q of queries) await sequential(() => lean.ask(q.path, q.headers), 0, WARM_MS);
    for (let round = 0; round < ROUNDS; round++)
      for (const q of queries)
        times.get(q.path)?.push(...(await sequential(() => lean.ask(q.path, q.headers), size.n, 0)));
    const load = Number(loadavg()[0].toFixed(1));
    const rows = queries.map((q) => {
      const sorted = (times.get(q.path) ?? []).sort((a, b) => a - b);
      return { query: q.name, path: q.path, n: sorted.length, p50: at(sorted, 0.5), p99: at(sorted, 0.99), load };
    });
    return { database: 'PostgreSQL', ...data, rows };
  } finally {
    lean.close();
    await server.stop();
  }
}

/** Each statistics answer against its targets. */
export function statsTargets(stats) {
  if (!stats?.rows) return [];
  return stats.rows
    .filter((r) => !r.path.startsWith('/healthz'))
    .flatMap((r) => [
      { target: `${r.query} p50 ≤ ${STATS_TARGETS.p50Ms} ms`, measured: r.p50, ok: r.p50 <= STATS_TARGETS.p50Ms },
      { target: `${r.query} p99 ≤ ${STATS_TARGETS.p99Ms} ms`, measured: r.p99, ok: r.p99 <= STATS_TARGETS.p99Ms },
    ]);
}

/** `--only=stats`: the table, its targets, and bench/results/<date>-stats.json. */
export function reportStats(results) {
  const s = results.stats;
  console.log('\nStatistics (issue 43), PostgreSQL');
  if (!s?.rows) {
    console.log(`   not measured: ${s?.skipped ?? 'no result'}`);
    return;
  }
  console.log(
    `   ${s.events.toLocaleString('en')} events (the photographer's: ${s.photographerEvents.toLocaleString('en')}), ` +
      `${s.views.toLocaleString('en')} views and ${s.clicks.toLocaleString('en')} clicks in the last 30 days ` +
      `(${s.eventDayRows.toLocaleString('en')} event-day rows)`,
  );
  console.table(s.rows.map(({ query, n, p50, p99, load }) => ({ query, n, 'p50 ms': p50, 'p99 ms': p99, load })));
  console.log('Targets (statistics)');
  console.table(statsTargets(s).map((t) => ({ ...t, ok: t.ok ? 'yes' : 'NO' })));
  const file = `bench/results/${results.date.slice(0, 19).replace(/[:T]/g, '-')}-stats.json`;
  writeFileSync(file, JSON.stringify({ ...results, targets: statsTargets(s) }, null, 2));
  console.log(`\nresults written to ${file}`);
}
