/**
 * npm run bench, "members' lists at 200 requests/s" (issue 39): a signed-in member's list and search
 * answers (each the shared answer with the caller's own isSaved and counts laid over it) asked at a fixed
 * 200 requests a second, open loop (./open-loop.mjs), for 30 s (10 s with --quick), with p50 and p99.
 * `--only=member-rate` runs only this part, on PGlite (for information) and PostgreSQL (the target).
 */
import { writeFileSync } from 'node:fs';
import { openLoop, openLoopSummary, rateTarget } from './open-loop.mjs';
import { TARGET_DATABASE } from './write-load-report.mjs';

/**
 * `warmSeconds`: each query asked at the rate, unmeasured, before any is measured. The server is new
 * (started for the part, its database just seeded): on a quiet machine the member list's first 8 s at
 * 200/s read p99 372 ms and the next 8 s 35 ms, then 19 ms (PostgreSQL, 10k events); two seconds of
 * warm-up left the list, measured first, with the new server's cost.
 */
export const MEMBER_RATE = { rate: 200, p99Ms: 50, warmSeconds: 10, quickWarmSeconds: 3 };

const list = '/api/v1/promotions/list';
export const MEMBER_RATE_QUERIES = [
  { name: 'API list, member', path: list },
  { name: 'API search 스냅, member', path: `${list}?searchKeyword=${encodeURIComponent('스냅')}` },
];

/**
 * Every query warmed at MEMBER_RATE.rate for `warmSeconds`, then each measured at that rate for `seconds`.
 * @param {{ base: string, database: string, headers: Record<string, string>, seconds: number,
 *   warmSeconds: number, log: (msg: string) => void }} options `headers`: the member's (./member.mjs)
 */
export async function memberRateRows({ base, database, headers, seconds, warmSeconds, log }) {
  const requests = (q) => [{ path: q.path, headers }];
  log(`  ${database}: warming each query at ${MEMBER_RATE.rate}/s for ${warmSeconds} s…`);
  for (const q of MEMBER_RATE_QUERIES)
    await openLoop({ base, rate: MEMBER_RATE.rate, seconds: warmSeconds, requests: requests(q) });
  const rows = [];
  for (const q of MEMBER_RATE_QUERIES) {
    log(`  ${database}: ${q.name} at ${MEMBER_RATE.rate}/s for ${seconds} s…`);
    const raw = await openLoop({ base, rate: MEMBER_RATE.rate, seconds, requests: requests(q) });
    rows.push({ database, target: q.name, warmSeconds, ...openLoopSummary(raw) });
  }
  return rows;
}

/** The target on each query's PostgreSQL row (`ok: null` where the part ran without one). */
export function memberRateTargets(results) {
  const rows = results.memberRate ?? [];
  if (!rows.length) return [];
  return MEMBER_RATE_QUERIES.map((q) =>
    rateTarget(
      `${q.name} (${TARGET_DATABASE})`,
      rows.find((r) => r.database === TARGET_DATABASE && r.target === q.name),
      MEMBER_RATE.p99Ms,
    ),
  );
}

/** The table (nothing when the part did not run). */
export function printMemberRate(results) {
  const rows = results.memberRate ?? [];
  if (!rows.length) return;
  console.log(
    `Members' lists at ${MEMBER_RATE.rate} requests/s (open loop: each request sent when due, its latency from then; every query warmed ${rows[0].warmSeconds} s at the rate first; targets read on ${TARGET_DATABASE}, PGlite rows for information)`,
  );
  console.table(
    rows.map((r) => ({
      database: r.database,
      target: r.target,
      'asked /s': r.rate,
      seconds: r.seconds,
      'answered /s': r.achievedRps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'max ms': r.max,
      'send lag p99 ms': r.lagP99,
      'not 200': r.unexpected,
      errors: r.errors + r.dropped,
    })),
  );
  for (const r of rows.filter((x) => x.lastError))
    console.log(`   ${r.database} ${r.target}: last error ${r.lastError}`);
}

const shown = (t) => ({ ...t, ok: t.ok === null ? '—' : t.ok ? 'yes' : 'NO' });

/** `--only=member-rate`: the table, its targets, and bench/results/<date>-member-rate.json. */
export function reportMemberRate(results) {
  printMemberRate(results);
  console.log("Targets (members' lists at a fixed rate)");
  console.table(memberRateTargets(results).map(shown));
  const file = `bench/results/${results.date.slice(0, 19).replace(/[:T]/g, '-')}-member-rate.json`;
  writeFileSync(file, JSON.stringify({ ...results, targets: memberRateTargets(results) }, null, 2));
  console.log(`\nresults written to ${file}`);
}
