/**
 * npm run bench, "server memory" (issue 39): the server's RSS (./rss.mjs) at idle, after its start and
 * a short warm-up, and right after the throughput table's runs, on PostgreSQL and on PGlite (the demo,
 * whose database lives in the server's own memory). Measured on the throughput table's server
 * (bench.mjs `throughputOn`), whose database holds the generated events, and on PGlite with the demo
 * data alone (the demo as deployed, idle only: at its first start, which seeds, and restarted);
 * `--only=memory` runs that table for it. The targets are
 * read on every idle row: unlike the other targets, PGlite's is one (the demo's machine).
 */
import { rssMiB } from './rss.mjs';

export const MEMORY_TARGETS = { PostgreSQL: 200, PGlite: 400 };

/** Requests of the warm-up, per path, and the pause before RSS is read. */
const WARM_REQUESTS = 20;
const SETTLE_MS = 2_000;

/**
 * Warms the server at `base` (every path in `paths`, WARM_REQUESTS times each, one at a time, with
 * `headers` where a path has them), waits SETTLE_MS, and reads the RSS of `pid` (MiB, null without /proc).
 * @param {{ base: string, pid: number, paths: { path: string, headers?: Record<string, string> }[] }} options
 */
export async function idleRss({ base, pid, paths }) {
  for (const p of paths) {
    for (let i = 0; i < WARM_REQUESTS; i++) {
      const res = await fetch(`${base}${p.path}`, { headers: { 'accept-encoding': 'br, gzip', ...p.headers } });
      await res.arrayBuffer();
    }
  }
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return rssMiB(pid);
}

/** What a memory row measured: its database and what the database holds. */
export const memoryLabel = (m) =>
  `${m.database}${m.demo ? `, demo data alone (${m.demo})` : ''}${m.events ? `, ${m.events} events` : ''}`;

/** Each row's idle RSS against its database's target (nothing when the part did not run). */
export function memoryTargets(results) {
  return (results.memory ?? []).map((m) => {
    const limit = MEMORY_TARGETS[m.database];
    const target = `server RSS at idle ≤ ${limit} MB (${memoryLabel(m)})`;
    if (m.idleMiB === null) return { target, measured: 'not measured: no /proc', ok: null };
    return { target, measured: `${m.idleMiB} MB`, ok: m.idleMiB <= limit };
  });
}

/** The memory lines (nothing when the part did not run). */
export function printMemory(results) {
  const rows = results.memory ?? [];
  if (!rows.length) return;
  console.log(
    `Server memory (RSS, MB: at idle after start and a ${WARM_REQUESTS}-request-a-path warm-up, and right after the throughput table's runs; the demo data alone: idle only)`,
  );
  console.table(
    rows.map((m) => ({
      server: memoryLabel(m),
      'idle MB': m.idleMiB,
      target: MEMORY_TARGETS[m.database],
      'after throughput MB': m.afterMiB,
      'after, over idle MB':
        m.idleMiB === null || m.afterMiB === null ? null : Number((m.afterMiB - m.idleMiB).toFixed(1)),
    })),
  );
}
