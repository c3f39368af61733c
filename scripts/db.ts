/**
 * Database tasks, with the server's own configuration:
 *   npm run db:migrate                 apply pending migrations
 *   npm run db:seed                    fill an empty database with the demo data
 *   npm run db:seed -- --events 100000 also generate that many more events (benchmarks)
 *   npm run db:seed -- --photographers 10000  and that many more photographers, before the events
 * With the embedded database, stop the server first: PGlite allows one process per directory.
 */
import { getConfig } from '#server/config';
import { openDatabase } from '#server/db/index';
import { migrate } from '#server/db/migrate';
import { makeSeedImage } from '#server/seed/images';
import { generateEvents, generatePhotographers, seedDemoData } from '#server/seed/seed';
import { runDbCommand, usage } from './lib/db-command';

function numberFlag(name: string): number | undefined {
  const i = process.argv.indexOf(name);
  if (i < 0) return undefined;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} needs a whole number`);
  return n;
}

const command = process.argv[2];
// Migrating is this script's own report for `migrate`; the other commands open as the server does.
runDbCommand(
  () => openDatabase(getConfig(), { migrate: command !== 'migrate' }),
  async (db) => {
    if (command === 'migrate') {
      const applied = await migrate(db);
      if (applied.length === 0) console.log('database is up to date: nothing to apply');
      for (const m of applied) console.log(`applied migration ${m.id}: ${m.name}`);
    } else if (command === 'seed') {
      const report = await seedDemoData(db, makeSeedImage(db));
      console.log(report.skipped ? 'demo data already present: nothing to do' : `seeded ${JSON.stringify(report)}`);
      const photographers = numberFlag('--photographers');
      if (photographers) {
        const started = Date.now();
        await generatePhotographers(db, photographers);
        console.log(`generated ${photographers} photographers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
      const extra = numberFlag('--events');
      if (extra) {
        const started = Date.now();
        await generateEvents(db, extra);
        console.log(`generated ${extra} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
    } else {
      usage('usage: tsx scripts/db.ts migrate | seed [--photographers N] [--events N]');
    }
  },
);
