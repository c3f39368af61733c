/**
 * Helpers of the security and reliability suite (tests/integration/security-*.test.ts, tests/load/*).
 * Raw HTTP (exact bytes, paths and headers that fetch would rewrite), tokens signed with the server's
 * own secret, ADMIN granted through the operator script, the list of endpoint files, a bounded pool.
 */
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { kakaoAccessToken, uniqueAccount, type LoginAnswer } from '../support/auth';
import type { RunningServer } from '../support/server';

const execFileAsync = promisify(execFile);

// ---------------------------------------------------------------------------------------------------
// Raw HTTP

export interface RawRequest {
  method: string;
  /** Sent as is: may hold percent-escapes, raw bytes (latin1) and anything fetch would normalise. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string | undefined;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

const agents = new Map<string, http.Agent>();
function agentFor(base: string): http.Agent {
  let agent = agents.get(base);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    agents.set(base, agent);
  }
  return agent;
}

/** One request with node:http: the path and body go out byte for byte. Rejects only on socket errors. */
export function rawRequest(base: string, req: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
  const url = new URL(base);
  const body =
    req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        agent: agentFor(base),
        headers: {
          ...(body !== undefined ? { 'content-length': String(body.length) } : {}),
          ...req.headers,
        },
        insecureHTTPParser: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: buf, text: buf.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    r.setTimeout(timeoutMs, () => r.destroy(new Error(`timeout after ${timeoutMs} ms: ${req.method} ${req.path}`)));
    r.on('error', reject);
    if (body !== undefined) r.write(body);
    r.end();
  });
}

/** Closes the keep-alive sockets to a server (before stopping it). */
export function closeAgent(base: string): void {
  agents.get(base)?.destroy();
  agents.delete(base);
}

/** The error envelope: `{code, message}` with a non-empty code and a human (Korean) message. */
export function isErrorEnvelope(value: unknown): value is { code: string; message: string } {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['code'] === 'string' &&
    /^[A-Z_]+$/.test(v['code']) &&
    typeof v['message'] === 'string' &&
    /[가-힣]/.test(v['message'])
  );
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------
// Tokens

/** The server's generated signing secret (demo/test mode keep it in DATA_DIR). */
export function serverSecret(server: Pick<RunningServer, 'dataDir'>): string {
  return readFileSync(join(server.dataDir, 'jwt-secret'), 'utf8').trim();
}

/**
 * An HS256 access token minted here with node:crypto, independently of the server's JWT code: the
 * bytes the server has always issued, so these tokens also show that earlier tokens keep verifying.
 */
export function signAccessToken(
  claims: { sub: string; roles: string[]; type: 'ACCESS'; sid?: string },
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const iat = Math.floor(now / 1000);
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, iat, exp: iat + ttlSeconds })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** A correctly signed access token whose `exp` is in the past. */
export function expiredAccessToken(secret: string, memberId: number, roles: string[]): string {
  // Issued two hours ago with a 30-minute lifetime.
  return signAccessToken({ sub: String(memberId), roles, type: 'ACCESS' }, secret, 30 * 60, Date.now() - 2 * 3_600_000);
}

/** A well-formed, unexpired token for a real member, signed with a key the server does not have. */
export function forgedAccessToken(memberId: number, roles: string[]): string {
  return signAccessToken(
    { sub: String(memberId), roles, type: 'ACCESS' },
    'not-the-server-secret-but-long-enough-1234567890',
    30 * 60,
  );
}

// ---------------------------------------------------------------------------------------------------
// Members

/** Sign-in through the Kakao stand-in with extra headers on the login call (e.g. X-Forwarded-For). */
export async function signInWith(
  base: string,
  headers: Record<string, string> = {},
  account = uniqueAccount('sec'),
): Promise<LoginAnswer> {
  const authKey = await kakaoAccessToken(base, account);
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ loginType: 'KAKAO', authKey }),
  });
  if (res.status !== 200 && res.status !== 201) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return { status: res.status, ...((await res.json()) as Omit<LoginAnswer, 'status'>) };
}

/**
 * Grants ADMIN with the operator script (`scripts/admin.ts grant-admin`), the only way the product
 * offers. On PostgreSQL the script runs next to the live server; the embedded database belongs to one
 * process, so the server is stopped, the script run on its directory, and the server started again on
 * the same directory (tokens survive: the signing secret lives in DATA_DIR).
 */
export async function grantAdmin(
  server: RunningServer,
  ids: number[],
  restart: () => Promise<RunningServer>,
): Promise<RunningServer> {
  const env = { ...process.env, APP_ENV: 'test', DATA_DIR: server.dataDir, PGLITE_DIR: join(server.dataDir, 'db') };
  const run = async () => {
    for (const id of ids) {
      const { stdout } = await execFileAsync('node_modules/.bin/tsx', ['scripts/admin.ts', 'grant-admin', String(id)], {
        env,
      });
      if (!stdout.includes('ADMIN')) throw new Error(`grant-admin ${id} said: ${stdout}`);
    }
  };
  if (process.env['DATABASE_URL']) {
    await run();
    return server;
  }
  closeAgent(server.url);
  await server.stop();
  await run();
  return restart();
}

// ---------------------------------------------------------------------------------------------------
// Endpoints

export interface EndpointFile {
  /** e.g. `/api/v1/promotions/{id}/save`; the catch-all is `/api/v1/{...rest}`. */
  route: string;
  file: string;
  /** Exported handlers: GET, POST, …, and ALL when the file answers 405 for the rest. */
  methods: string[];
}

const ROOT = process.cwd();
export const API_DIR = join(ROOT, 'src', 'pages', 'api', 'v1');

/** Every endpoint file under src/pages/api/v1, read from the file system. */
export function apiEndpointFiles(): EndpointFile[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|js|mjs)$/.test(entry.name)) files.push(full);
    }
  };
  walk(API_DIR);
  return files.sort().map((file) => {
    const parts = relative(API_DIR, file)
      .replace(/\.(ts|js|mjs)$/, '')
      .split(sep);
    if (parts[parts.length - 1] === 'index') parts.pop();
    const route =
      `/api/v1/${parts.map((p) => p.replace(/^\[\.\.\.(\w+)\]$/, '{...$1}').replace(/^\[(\w+)\]$/, '{$1}')).join('/')}`.replace(
        /\/$/,
        '',
      );
    const source = readFileSync(file, 'utf8');
    const methods = [
      ...new Set(
        [
          ...source.matchAll(
            /export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|ALL)\b/g,
          ),
        ].map((m) => m[1] as string),
      ),
    ].sort();
    return { route, file: relative(ROOT, file), methods };
  });
}

// ---------------------------------------------------------------------------------------------------
// Concurrency

/** Runs `fn` over `items` with at most `limit` in flight; results in input order. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= items.length) return;
      results[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `check` until it returns true or the time is up. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}
