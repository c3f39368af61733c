import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cannon } from '../../scripts/bench/cannon.mjs';

describe("the bench's one autocannon runner", () => {
  it('asks like a browser, lays a path maker over each request and reports the numbers', async () => {
    const seen: IncomingMessage[] = [];
    const server = createServer((req, res) => {
      seen.push(req);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    let n = 0;
    try {
      const r = await cannon(`http://127.0.0.1:${port}/`, 1, {
        connections: 2,
        headers: { 'x-bench': '1' },
        path: () => `/p?_u=${n++}`,
      });
      expect(r.rps).toBeGreaterThan(0);
      expect(r).toMatchObject({ non2xx: 0, errors: 0 });
      expect(typeof r.p50).toBe('number');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(seen[0]?.headers['accept-encoding']).toBe('br, gzip');
    expect(seen[0]?.headers['x-bench']).toBe('1');
    expect(new Set(seen.map((r) => r.url)).size).toBe(seen.length);
  });
});
