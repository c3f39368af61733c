/**
 * Starts the built production server (scripts/server.mjs) on a free port, for HTTP and browser tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  process: ChildProcess;
  logs: string[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startServer(env: Record<string, string> = {}, timeoutMs = 120_000): Promise<RunningServer> {
  const dataDir = env['DATA_DIR'] ?? mkdtempSync(join(tmpdir(), 'damabwa-test-'));
  const port = env['PORT'] ? Number(env['PORT']) : await freePort();
  const child = spawn(process.execPath, ['scripts/server.mjs'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      APP_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Suites sign in hundreds of times from one address; the rate-limit tests start their own server.
      RATE_LIMIT_AUTH: '100000',
      RATE_LIMIT_UPLOAD: '100000',
      RATE_LIMIT_WRITE: '100000',
      // The matrix and the fuzzer upload many pictures of one member at once; files-limits.test.ts sets its own.
      UPLOADS_IN_FLIGHT_PER_MEMBER: '1000',
      UPLOADS_IN_FLIGHT_TOTAL: '100000',
      // Every suite uploads from 127.0.0.1, and some members upload many pictures nothing uses.
      UPLOADS_IN_FLIGHT_PER_ADDRESS: '100000',
      UPLOAD_DAILY_UNUSED_FILES: '1000000',
      UPLOAD_DAILY_UNUSED_MB: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${logs.join('')}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      logs.push(text);
      const m = /"msg":"listening","url":"http:\/\/localhost:(\d+)"/.exec(text);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => logs.push(c.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join('')}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid ?? -1,
    dataDir,
    process: child,
    logs,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      if (!env['DATA_DIR']) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
