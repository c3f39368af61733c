/**
 * Versioned migrations: one `.sql` file each in `src/server/db/migrations/`, named `NNN-what-it-does.sql`,
 * its first line a `-- ` comment naming it. Each file runs whole, in one transaction (functions and
 * triggers may span lines; there is no statement splitting). Never edit one that has been applied: add
 * the next number. SQL that PostgreSQL 15 (Debian) and PGlite (PostgreSQL 17/18) both accept.
 *
 * There is no migration 2: its number was taken by a change that never landed, and numbers are never
 * reused, so databases that recorded anything under an id keep meaning the same thing by it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

const FOLDER = join('src', 'server', 'db', 'migrations');
const FILE = /^(\d{3})-[a-z0-9-]+\.sql$/;

/**
 * The project folder: the nearest folder above this module that holds the migrations (this module is
 * bundled into `dist/server` for the server, and run from `src` by the scripts and tests), else the
 * working directory (a build kept outside the project, run from it).
 */
function migrationsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, FOLDER))) return join(dir, FOLDER);
    const up = dirname(dir);
    if (up === dir) return resolve(FOLDER);
    dir = up;
  }
}

/** Every migration file, in id order. */
export function loadMigrations(dir = migrationsDir()): Migration[] {
  return readdirSync(dir)
    .filter((f) => FILE.test(f))
    .map((f) => {
      const sql = readFileSync(join(dir, f), 'utf8');
      const name = /^--\s*(.+)$/m.exec(sql)?.[1]?.trim() ?? f;
      return { id: Number(f.slice(0, 3)), name, sql };
    })
    .sort((a, b) => a.id - b.id);
}
