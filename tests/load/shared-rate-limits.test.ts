/**
 * Rate limits across instances: two servers on one PostgreSQL database (DATABASE_URL) count sign-in
 * attempts from one address against one limit, kept in the `rate_limits` table. Without the shared
 * store each instance would allow the limit on its own (N instances, N times the limit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server';
import { sql } from '../security/pg';

const DATABASE_URL = process.env['DATABASE_URL'] ?? '';
const LIMIT = 4;
const WINDOW_MS = 4_000;

describe.skipIf(!DATABASE_URL)('rate limits shared by two instances on one PostgreSQL database', () => {
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    // A limit of its own, so the windows of other servers on this database (other limits) are not shared.
    const env = { RATE_LIMIT_AUTH: String(LIMIT), RATE_LIMIT_WINDOW_MS: String(WINDOW_MS) };
    servers = await Promise.all([startServer(env), startServer(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  const attempt = (server: RunningServer) =>
    fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginType: 'KAKAO', authKey: '' }),
    });

  it('allows the limit once across both, answers 429 with Retry-After past it, and recovers', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < LIMIT + 2; i++) {
      const res = await attempt(i % 2 ? b : a);
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get('retry-after');
      await res.body?.cancel();
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(400), 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW_MS / 1000);
    const rows = await sql<{ count: number }>(DATABASE_URL, `select count from rate_limits where key like $1`, [
      `auth:${LIMIT}/${WINDOW_MS}:%`,
    ]);
    expect(rows.map((r) => r.count)).toContain(LIMIT + 2);

    await new Promise((r) => setTimeout(r, WINDOW_MS + 200));
    const again = await attempt(b);
    expect(again.status).toBe(400);
  }, 60_000);
});
