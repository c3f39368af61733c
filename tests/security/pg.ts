/**
 * PostgreSQL for the load and fault tests: direct SQL (to count rows, not trusting the API) and a
 * cluster of one's own that can be stopped and started again on the same port and data.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { startPgCluster } from '../../scripts/lib/pg-cluster.mjs';

/** Runs one query on a short-lived connection. */
export async function sql<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function pgCtl(bin: string, args: string[]): void {
  const ctl = join(bin, 'pg_ctl');
  if (isRoot) execFileSync('runuser', ['-u', 'postgres', '--', ctl, ...args], { stdio: 'ignore' });
  else execFileSync(ctl, args, { stdio: 'ignore' });
}

export interface StoppableCluster {
  url: string;
  /** Shuts the server down (fast: sessions are terminated), keeping its data. */
  halt(): void;
  /** Starts it again on the same port and data. */
  resume(): void;
  stop(): void;
}

export async function startStoppableCluster(): Promise<StoppableCluster> {
  const c = (await startPgCluster()) as { url: string; port: number; dir: string; bin: string; stop(): void };
  const data = join(c.dir, 'data');
  const options = `-p ${c.port} -k ${c.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  return {
    url: c.url,
    halt: () => pgCtl(c.bin, ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: () => pgCtl(c.bin, ['-D', data, '-l', join(c.dir, 'log'), '-w', '-t', '60', '-o', options, 'start']),
    stop: () => c.stop(),
  };
}
