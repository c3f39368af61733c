/**
 * npm run bench:api [-- --sizes 10000,100000] [-- --quick]
 *
 * The event list service at scale, without HTTP: p50/p99 of the first page, a two-syllable keyword search,
 * a region+type filter and the POPULAR sort at each size, on PGlite and (when the binaries exist) on
 * PostgreSQL, with the index names of each query's EXPLAIN plan. No assertions: it reports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db, Queryable } from '#server/db/index';
import { openDatabase } from '#server/db/index';
import type { SqlParam } from '#server/db/client';
import { generateEvents, seedDemoData, type ImageMaker } from '#server/seed/seed';
import { listPromotions, type PromotionFilter } from '#server/services/promotion-lists';
import { findPgBin, startPgCluster } from './lib/pg-cluster.mjs';

const quick = process.argv.includes('--quick');
const sizesArg = process.argv[process.argv.indexOf('--sizes') + 1];
const sizes =
  process.argv.includes('--sizes') && sizesArg
    ? sizesArg.split(',').map(Number)
    : quick
      ? [2_000, 10_000]
      : [10_000, 100_000];
const runs = quick ? 20 : 60;

const fakeImage: ImageMaker = async (_owner, kind, seed) => ({
  name: `${kind}-${seed}.jpg`,
  url: `/media/bench/${seed}.webp`,
});

const base: PromotionFilter = { regions: [], categories: [], photographyTypes: [], sortType: 'LATEST' };
const QUERIES: { name: string; filter: PromotionFilter }[] = [
  { name: 'first page (LATEST)', filter: base },
  { name: "keyword '야경'", filter: { ...base, keyword: '야경' } },
  { name: 'region 서울 + type SNAP', filter: { ...base, categories: ['서울'], photographyTypes: ['SNAP'] } },
  { name: 'POPULAR', filter: { ...base, sortType: 'POPULAR' } },
];

/** Records every statement so the slowest one of a call can be EXPLAINed. */
function recording(db: Db): { db: Queryable; last: { sql: string; params: readonly SqlParam[] }[] } {
  const last: { sql: string; params: readonly SqlParam[] }[] = [];
  return {
    last,
    db: {
      query: (sql, params = []) => {
        last.push({ sql, params });
        return db.query(sql, params);
      },
    },
  };
}

function indexNames(plan: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(plan)) plan.forEach((p) => indexNames(p, out));
  else if (plan && typeof plan === 'object') {
    for (const [k, v] of Object.entries(plan)) {
      if (k === 'Index Name' && typeof v === 'string') out.add(v);
      else indexNames(v, out);
    }
  }
  return out;
}

async function measure(label: string, db: Db, events: number) {
  const rows = [];
  for (const q of QUERIES) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await listPromotions(db, q.filter, { page: 0, pageSize: 10 }, null);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const rec = recording(db);
    await listPromotions(rec.db, q.filter, { page: 0, pageSize: 10 }, null);
    const indexes = new Set<string>();
    for (const s of rec.last) {
      const plan = await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${s.sql}`, s.params);
      indexNames(plan[0]?.['QUERY PLAN'], indexes);
    }
    const at = (p: number) =>
      Number((times[Math.min(times.length - 1, Math.floor(p * times.length))] as number).toFixed(2));
    rows.push({
      database: label,
      events,
      query: q.name,
      'p50 ms': at(0.5),
      'p99 ms': at(0.99),
      indexes: [...indexes].join(', ') || '(none)',
    });
  }
  return rows;
}

async function series(label: string, open: () => Promise<Db>) {
  const db = await open();
  const rows = [];
  try {
    await seedDemoData(db, fakeImage);
    let have = 60;
    for (const size of sizes) {
      if (size > have) {
        const t = Date.now();
        await generateEvents(db, size - have);
        process.stderr.write(
          `${label}: generated ${size - have} events in ${((Date.now() - t) / 1000).toFixed(1)} s\n`,
        );
        have = size;
      }
      await db.query('analyze');
      rows.push(...(await measure(label, db, size)));
    }
  } finally {
    await db.close();
  }
  return rows;
}

async function main() {
  const all = [];
  const dir = mkdtempSync(join(tmpdir(), 'damabwa-bench-api-'));
  try {
    all.push(...(await series('PGlite', () => openDatabase({ databaseUrl: null, pgliteDir: join(dir, 'db') }))));
    if (findPgBin()) {
      const cluster = await startPgCluster({ database: 'benchapi' });
      try {
        all.push(...(await series('PostgreSQL', () => openDatabase({ databaseUrl: cluster.url, pgliteDir: '' }))));
      } finally {
        cluster.stop();
      }
    } else {
      process.stderr.write('PostgreSQL binaries not found: PostgreSQL rows skipped\n');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.table(all);
  const growth = [];
  for (const label of ['PGlite', 'PostgreSQL']) {
    for (const q of QUERIES) {
      const r = all.filter((x) => x.database === label && x.query === q.name);
      if (r.length >= 2) {
        const first = r[0] as { 'p50 ms': number; events: number };
        const lastRow = r[r.length - 1] as { 'p50 ms': number; events: number };
        growth.push({
          database: label,
          query: q.name,
          [`p50 ×(${lastRow.events}/${first.events})`]: Number((lastRow['p50 ms'] / first['p50 ms']).toFixed(2)),
        });
      }
    }
  }
  if (growth.length) console.table(growth);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
