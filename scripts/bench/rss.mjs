/** The server's resident memory, as the kernel counts it (the memory rows and the write-load part). */
import { readFileSync } from 'node:fs';

/** VmRSS of a process in MiB (to 0.1), or null where /proc is not there. */
export function rssMiB(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number((Number(kb) / 1024).toFixed(1)) : null;
  } catch {
    return null;
  }
}
