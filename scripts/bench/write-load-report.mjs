/**
 * The "under write load" part of the bench (issue 16), its pure half: the write mix, percentiles, the
 * ratios to the 0-writes rows, the targets met or missed, and the tables (printing aside, no I/O).
 */

/**
 * The database whose rows every target of the bench reads (decision 021): production's. PGlite's rows
 * are printed for information only: the demo's database, in the server's own thread.
 */
export const TARGET_DATABASE = 'PostgreSQL';

export const WRITE_TARGETS = {
  /** Anonymous throughput at 20 member writes/s as a ratio of the 0-writes row, and its p99 (ms). */
  ratioAt20: 0.8,
  p99At20: 50,
  ratioAt50: 0.6,
  /** A member's list and search answers as a ratio of the static file's req/s. */
  memberVsStatic: 0.25,
  /** An event edit on one instance to its new title served by the other (ms, p99). */
  freshnessP99: 1000,
  /** RSS growth after the distinct-unknown-query requests (MiB). */
  rssGrowthMiB: 64,
  /** A rate counts only if the writer achieved at least this share of it (else the server fell behind). */
  achievedShare: 0.9,
};

/** The members' writes and their shares in percent (issue 16). */
export const WRITE_MIX = [
  ['save', 75],
  ['refresh', 15],
  ['profile', 5],
  ['event', 5],
];

/**
 * The write for a uniform draw `r` in [0, 1) (whole percents, so the shares add up exactly).
 * @param {number} r
 * @param {[string, number][]} [mix]
 */
export function pickWrite(r, mix = WRITE_MIX) {
  const total = mix.reduce((sum, [, share]) => sum + share, 0);
  let acc = 0;
  for (const [op, share] of mix) {
    acc += share;
    if (r * total < acc) return op;
  }
  return mix[mix.length - 1][0];
}

/**
 * Nearest-rank percentile (`q` in (0, 1]); null for no values.
 * @param {number[]} values
 * @param {number} q
 */
export function percentile(values, q) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const round = (n, digits = 3) => Number(n.toFixed(digits));

/**
 * Each row with `ratio`: its req/s over the 0-writes row's of the same database and page (null without one).
 * @template {{ database: string, page: string, writesAsked: number, rps: number }} T
 * @param {T[]} rows
 * @returns {(T & { ratio: number | null })[]}
 */
export function withRatios(rows) {
  return rows.map((r) => {
    const base = rows.find((b) => b.database === r.database && b.page === r.page && b.writesAsked === 0);
    return { ...r, ratio: base && base.rps > 0 ? round(r.rps / base.rps) : null };
  });
}

/**
 * What a writer window achieved: writes/s that succeeded over the window, errors, dropped (due while too
 * many were in flight) and the write latency p50/p99.
 * @param {{ ok: number, errors: number, dropped: number, latencies: number[], ms: number }} s
 */
export function writerSummary(s) {
  const seconds = s.ms / 1000;
  const p = (q) => {
    const v = percentile(s.latencies, q);
    return v === null ? null : round(v, 1);
  };
  return {
    writesPerSec: seconds > 0 ? round(s.ok / seconds, 1) : 0,
    writeErrors: s.errors,
    writesDropped: s.dropped,
    writeP50: p(0.5),
    writeP99: p(0.99),
  };
}

/** Targets for the member rows of the throughput table (measured there, not again here). */
function memberTargets(throughput) {
  const rows = [];
  for (const name of ['API list, member', 'API search 야경, member']) {
    const row = throughput.find((r) => r.target === name && r.database === TARGET_DATABASE);
    if (row)
      rows.push({
        target: `${name} ≥ ${WRITE_TARGETS.memberVsStatic * 100}% of the static asset's req/s`,
        measured: row.ratioToStatic,
        ok: row.ratioToStatic >= WRITE_TARGETS.memberVsStatic,
      });
  }
  return rows;
}

/** The worst page of a database at one rate against the targets of that rate (none for other rates). */
function rateTargets(database, rate, rows) {
  const minRatio = rate === 20 ? WRITE_TARGETS.ratioAt20 : rate === 50 ? WRITE_TARGETS.ratioAt50 : null;
  if (minRatio === null || !rows.length) return [];
  // Over the rate's whole run: a write that queued during one page's run may complete in the next one's.
  const achieved = Number((rows.reduce((sum, r) => sum + r.writesPerSec, 0) / rows.length).toFixed(1));
  const fellBehind = achieved < rate * WRITE_TARGETS.achievedShare;
  const behind = fellBehind ? `; writes ${achieved}/s of ${rate} asked` : '';
  const worst = rows.reduce((a, b) => ((b.ratio ?? 0) < (a.ratio ?? 0) ? b : a));
  const out = [
    {
      target: `${database}: anonymous pages at ${rate} writes/s ≥ ${minRatio} of 0 writes`,
      measured: `${worst.ratio} (${worst.page})${behind}`,
      ok: worst.ratio !== null && worst.ratio >= minRatio && !fellBehind,
    },
  ];
  if (rate === 20) {
    // A page no request of which was answered within its run has no p99: it counts as the slowest.
    const p99 = (r) => r.p99 ?? Infinity;
    const slowest = rows.reduce((a, b) => (p99(b) > p99(a) ? b : a));
    const answered = slowest.p99 !== null;
    out.push({
      target: `${database}: anonymous p99 at 20 writes/s ≤ ${WRITE_TARGETS.p99At20} ms`,
      measured: `${answered ? `${slowest.p99} ms` : 'no answer'} (${slowest.page})${behind}`,
      ok: answered && slowest.p99 <= WRITE_TARGETS.p99At20 && !fellBehind,
    });
  }
  return out;
}

/**
 * The targets of issue 16 with what was measured; `ok: null` where a part could not run.
 * @param {any} writeLoad results.writeLoad (null when the part did not run)
 * @param {any[]} [throughput] results.throughput, for the member list and search rows
 */
export function writeLoadTargets(writeLoad, throughput = []) {
  const rows = memberTargets(throughput);
  if (!writeLoad) return rows;
  const rated = withRatios(writeLoad.rows).filter((r) => r.database === TARGET_DATABASE);
  for (const rate of [...new Set(rated.map((r) => r.writesAsked))]) {
    rows.push(
      ...rateTargets(
        TARGET_DATABASE,
        rate,
        rated.filter((r) => r.writesAsked === rate),
      ),
    );
  }
  for (const s of writeLoad.skipped ?? []) rows.push({ target: s.part, measured: `not measured: ${s.why}`, ok: null });
  const f = writeLoad.freshness;
  if (f)
    rows.push({
      target: `two instances: edit to new title p99 ≤ ${WRITE_TARGETS.freshnessP99} ms`,
      measured: `${f.p99Ms} ms over ${f.edits} edits${f.timedOut ? `, ${f.timedOut} never seen` : ''}`,
      ok: f.p99Ms !== null && f.p99Ms <= WRITE_TARGETS.freshnessP99 && !f.timedOut,
    });
  const m = writeLoad.memory;
  if (m && m.database === TARGET_DATABASE) {
    // Fewer requests than planned (the time bound) can only prove a miss, not a pass.
    const partial = m.requests < m.planned;
    const over = m.growthMiB !== null && m.growthMiB > WRITE_TARGETS.rssGrowthMiB;
    rows.push({
      target: `RSS growth after ${m.planned} unknown query strings ≤ ${WRITE_TARGETS.rssGrowthMiB} MB`,
      measured:
        m.growthMiB === null
          ? 'not measured: no /proc'
          : `${m.growthMiB} MB${partial ? ` after only ${m.requests} requests` : ''}`,
      ok: m.growthMiB === null || (partial && !over) ? null : !over,
    });
  }
  return rows;
}

/** Prints the write-load table, the freshness and the memory lines. */
export function printWriteLoad(writeLoad) {
  if (!writeLoad) return;
  console.log(
    `Under write load (anonymous pages at 64 connections, accept-encoding: br, gzip, while members write; ratio to the 0-writes row; targets read on ${TARGET_DATABASE}, PGlite rows for information)`,
  );
  console.table(
    withRatios(writeLoad.rows).map((r) => ({
      database: r.database,
      'writes/s asked': r.writesAsked,
      achieved: r.writesPerSec,
      'write errors': r.writeErrors,
      dropped: r.writesDropped,
      'write p99 ms': r.writeP99,
      page: r.page,
      'req/s': r.rps,
      'p99 ms': r.p99,
      ratio: r.ratio,
      non2xx: r.non2xx,
      errors: r.errors,
    })),
  );
  const f = writeLoad.freshness;
  if (f)
    console.log(
      `   two instances on one PostgreSQL: edit on A → new title on B, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms over ${f.edits} edits${f.timedOut ? ` (${f.timedOut} not seen within ${f.timeoutMs} ms)` : ''}`,
    );
  const m = writeLoad.memory;
  if (m)
    console.log(
      `   memory (${m.database}): RSS ${m.beforeMiB} → ${m.afterMiB} MB (+${m.growthMiB} MB) after ${m.requests} requests with distinct unknown query strings (${m.seconds} s)`,
    );
  for (const s of writeLoad.skipped ?? []) console.log(`   ${s.part}: not measured (${s.why})`);
}
