/**
 * npx tsx scripts/bench/pglite-calls.ts [--events N] [--runs N]
 *
 * What a statement costs on the embedded database, in process, without HTTP (decision 021): `select 1`,
 * the home page's one statement (planned once on PostgreSQL), and the anonymous event list's first page
 * and a keyword search with no kept total (its count and its rows, two statements), on PGlite in memory
 * with the demo data plus generated events. Sequential calls
 * after a warm-up; prints p50 and mean in ms. For information: no target is read on PGlite.
 */
import { openDatabase, setDbForTests } from '#server/db/index';
import { generateEvents, seedDemoData, type ImageMaker } from '#server/seed/seed';
import { homeFeed } from '#server/services/browse';
import { clearPromotionCounts } from '#server/services/promotion-counts';
import { listPromotions, type PromotionFilter } from '#server/services/promotion-lists';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const events = arg('--events', 2_000);
const runs = arg('--runs', 400);

const fakeImage: ImageMaker = async (_owner, kind, seed) => ({
  name: `${kind}-${seed}.jpg`,
  url: `/media/bench/${seed}.webp`,
});

const base: PromotionFilter = { regions: [], categories: [], photographyTypes: [], sortType: 'LATEST' };

async function timed(work: () => Promise<unknown>): Promise<{ p50: number; mean: number }> {
  for (let i = 0; i < Math.max(50, runs / 4); i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((s, x) => s + x, 0) / times.length;
  return { p50: Number(times[Math.floor(times.length / 2)]!.toFixed(3)), mean: Number(mean.toFixed(3)) };
}

const db = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
try {
  await seedDemoData(db, fakeImage);
  if (events > 60) await generateEvents(db, events - 60);
  await db.query('analyze');
  setDbForTests(db);
  const page = { page: 0, pageSize: 10 };
  const rows = {
    'select 1': await timed(() => db.query('select 1')),
    'home (one statement)': await timed(() => homeFeed()),
    'list first page (count + rows)': await timed(() => {
      clearPromotionCounts();
      return listPromotions(db, base, page, null);
    }),
    "search '야경' (count + rows)": await timed(() => {
      clearPromotionCounts();
      return listPromotions(db, { ...base, keyword: '야경' }, page, null);
    }),
  };
  console.log(`PGlite in memory, ${events} events, ${runs} sequential calls each (ms)`);
  console.table(rows);
} finally {
  setDbForTests(null);
  await db.close();
}
