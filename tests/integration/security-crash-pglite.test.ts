/**
 * kill -9 of a server on the embedded database (PGlite in a directory) while it takes writes: the lock
 * file left behind names a dead process, a new server takes it over and opens the directory, and the
 * writes answered 2xx before the kill are there. (PostgreSQL's version is tests/load/faults.test.ts;
 * this file runs only in the PGlite pass.)
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { day, newPhotographer, upload } from '../support/api';
import { startServer, type RunningServer } from '../support/server';
import { closeAgent, parseJson, rawRequest, waitFor } from '../security/lib';

const dir = mkdtempSync(join(tmpdir(), 'damabwa-crash-'));
const env = { DATA_DIR: dir, PGLITE_DIR: join(dir, 'db'), DATABASE_URL: '' };
const servers: RunningServer[] = [];

afterAll(async () => {
  for (const s of servers) {
    closeAgent(s.url);
    await s.stop('SIGKILL');
  }
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.env['TEST_DATABASE'] === 'postgres')('kill -9 on the embedded database', () => {
  it('reopens the directory (stale lock taken over) with every answered write in it', async () => {
    const first = await startServer(env);
    servers.push(first);
    const author = await newPhotographer(first.url);
    const images = await upload(first.url, author.token, 'PROMOTION_IMAGE');
    const created = new Map<number, string>();
    let stop = false;
    let cut = 0;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const title = `강제 종료 ${w}-${i}`;
        try {
          const res = await rawRequest(first.url, {
            method: 'POST',
            path: '/api/v1/promotions',
            headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              promotionType: 'DISCOUNT',
              title,
              content: '임베디드 데이터베이스 내구성',
              externalLink: 'https://example.com/a',
              startedAt: day(0),
              endedAt: day(2),
              photographyTypes: ['PROFILE'],
              images,
              activeRegions: [{ category: '부산', name: '해운대구' }],
              hashtags: ['복구'],
            }),
          });
          expect(res.status).toBe(201);
          created.set((parseJson(res.text) as { id: number }).id, title);
        } catch (err) {
          if (!stop) throw err;
          cut++;
        }
      }
    };
    const workers = Array.from({ length: 4 }, (_, w) => worker(w));
    await waitFor(async () => created.size >= 20, 60_000, '20 answered writes');
    stop = true;
    process.kill(first.pid, 'SIGKILL');
    await Promise.all(workers);
    closeAgent(first.url);
    console.log(`PGlite kill -9: ${created.size} creates answered 201 before the kill, ${cut} cut off`);

    const lock = `${env.PGLITE_DIR}.lock`;
    expect(existsSync(lock)).toBe(true);
    expect(readFileSync(lock, 'utf8').trim()).toBe(String(first.pid));

    const second = await startServer(env);
    servers.push(second);
    expect((await rawRequest(second.url, { method: 'GET', path: '/healthz' })).status).toBe(200);
    expect(readFileSync(lock, 'utf8').trim()).toBe(String(second.pid));
    const missing: number[] = [];
    for (const [id, title] of created) {
      const res = await rawRequest(second.url, { method: 'GET', path: `/api/v1/promotions/${id}` });
      if (res.status !== 200 || (parseJson(res.text) as { title?: string }).title !== title) missing.push(id);
    }
    expect(missing).toEqual([]);
    // And it takes writes again.
    expect(
      (
        await rawRequest(second.url, {
          method: 'POST',
          path: `/api/v1/promotions/${[...created.keys()][0]}/save`,
          headers: { authorization: `Bearer ${author.token}` },
        })
      ).status,
    ).toBe(204);
  }, 180_000);
});
