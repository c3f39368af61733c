/**
 * npm run bench, "members' lists at 200 requests/s" (issue 39): a signed-in member's list and search
 * answers (each the shared answer with the caller's own isSaved and counts laid over it) asked at a fixed
 * 200 requests a second, open loop (./open-loop.mjs), for 30 s (10 s with --quick), with p50 and p99.
 * `--only=member-rate` runs only this part, on PGlite (for information) and PostgreSQL (the target).
 */
import { writeFileSync } from 'node:fs';
import { openLoop, openLoopSummary, rateTarget } from './open-loop.mjs';
import { TARGET_DATABASE } from './write-load-report.mjs';

export const MEMBER_RATE = { rate: 200, p99Ms: 50, warmSeconds: 2 };

const list = '/api/v1/promotions/list';
export const MEMBER_RATE_QUERIES = [
  { name: 'API list, member', path: list },
  { name: 'API search 스냅, member', path: `${list}?searchKeyword=${encodeURIComponent('스냅')}` },
];

/**
 * Each query at MEMBER_RATE.rate for `seconds`, after MEMBER_RATE.warmSeconds of the same unmeasured.
 * @param {{ base: string, database: string, headers: Record<string, string>, seconds: number,
 *   log: (msg: string) => void }} options `headers`: the member's (./member.mjs)
 */
export async function memberRateRows({ base, database, headers, seconds, log }) {
  const rows = [];
  for (const q of MEMBER_RATE_QUERIES) {
    log(`  ${database}: ${q.name} at ${MEMBER_RATE.rate}/s for ${seconds} s…`);
    const requests = [{ path: q.path, headers }];
    await openLoop({ base, rate: MEMBER_RATE.rate, seconds: MEMBER_RATE.warmSeconds, requests });
    const raw = await openLoop({ base, rate: MEMBER_RATE.rate, seconds, requests });
    rows.push({ database, target: q.name, ...openLoopSummary(raw) });
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
    `Members' lists at ${MEMBER_RATE.rate} requests/s (open loop: each request sent when due, its latency from then; targets read on ${TARGET_DATABASE}, PGlite rows for information)`,
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
