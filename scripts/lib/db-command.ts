/**
 * The frame of the database commands (scripts/db.ts, scripts/admin.ts): open the database, run the
 * command, always close it; print the usage and exit 2 for an unknown command; print a failure's
 * message and exit 1.
 */
import type { Db } from '#server/db/index';

/** The command's `usage` line on stderr, exit code 2. */
export function usage(text: string): void {
  console.error(text);
  process.exitCode = 2;
}

export function runDbCommand(open: () => Promise<Db>, run: (db: Db) => Promise<void>): void {
  const main = async () => {
    const db = await open();
    try {
      await run(db);
    } finally {
      await db.close();
    }
  };
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
