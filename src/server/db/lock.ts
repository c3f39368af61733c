/**
 * PGlite is one process's database: a second process opening the same directory would silently lose
 * committed rows. A lock file next to the directory, holding the owner's pid, makes a second opener
 * fail fast; a lock left by a dead process is taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export interface DirLock {
  readonly path: string;
  release(): void;
}

export class DatabaseLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `데이터베이스 디렉터리 ${dir} 는 다른 프로세스(pid ${pid})가 사용 중입니다. ` +
        `(The embedded database ${dir} is open in process ${pid}; stop that process first, ` +
        `or set DATABASE_URL to use a PostgreSQL server.)`,
    );
    this.name = 'DatabaseLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDirLock(dir: string): DirLock {
  const path = `${dir.replace(/\/+$/, '')}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseLockedError(dir, owner);
      }
      // Stale lock from a process that died (or from ourselves after a crash-restart): take it over.
      unlinkSync(path);
    }
  }
  throw new Error(`could not lock ${dir}`);
}
