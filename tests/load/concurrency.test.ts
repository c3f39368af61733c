/**
 * Two server instances on one PostgreSQL database (DATABASE_URL): 500 concurrent save/unsave
 * operations and 1,000 concurrent detail views, spread over both instances and run at the same time.
 * Afterwards every counter equals the rows (counted with SQL, not through the API; views: the distinct
 * viewers, docs/views.md), the API answers the same on both instances, every member's saved state is
 * what their answered operations imply, and no request got a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createEvent, freshNickname, newPhotographer, type Session } from '../support/api';
import { startServer, type RunningServer } from '../support/server';
import { closeAgent, isErrorEnvelope, parseJson, pool, rawRequest, signInWith } from '../security/lib';
import { sql } from '../security/pg';

const DATABASE_URL = process.env['DATABASE_URL'] ?? '';
const SAVE_OPS = 500;
const VIEWS = 1_000;
const FANS = 40;
const CONCURRENCY = 100;

/** A small deterministic generator, so a failing run can be replayed (LOAD_SEED). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const SEED = Number(process.env['LOAD_SEED'] ?? Date.now() % 1_000_000);

describe.skipIf(!DATABASE_URL)('two server instances on one PostgreSQL database', () => {
  let servers: RunningServer[] = [];
  let author: Session;
  let other: Session;
  let fans: Session[] = [];
  let events: number[] = [];

  beforeAll(async () => {
    // Instances behind one load balancer share the signing secret, as production does with JWT_SECRET.
    const env = { JWT_SECRET: `load-test-shared-secret-${SEED}-0123456789abcdef` };
    servers = await Promise.all([startServer(env), startServer(env)]);
    const [a, b] = servers as [RunningServer, RunningServer];
    [author, other] = await Promise.all([
      newPhotographer(a.url, { withPage: true }),
      newPhotographer(b.url, { withPage: true }),
    ]);
    events = [];
    for (let i = 0; i < 4; i++)
      events.push((await createEvent(i % 2 ? b.url : a.url, author.token, { title: `동시성 이벤트 ${i + 1}` })).id);
    fans = await pool(
      Array.from({ length: FANS }, (_, i) => i),
      10,
      async (i) => {
        const s = await signInWith((i % 2 ? b : a).url);
        // Saving needs a finished registration (403 REGISTRATION_REQUIRED otherwise).
        const registered = await call((i % 2 ? b : a).url, 'POST', '/api/v1/users/me/registration', {
          token: s.accessToken.value,
          body: { nickname: freshNickname('c'), gender: 'FEMALE', instagramId: null },
        });
        if (registered.status !== 200) throw new Error(`registration answered ${registered.status}`);
        return { ...s, token: s.accessToken.value };
      },
    );
  }, 180_000);

  afterAll(async () => {
    for (const s of servers) {
      closeAgent(s.url);
      await s.stop();
    }
  });

  it(`keeps every counter equal to its rows under ${SAVE_OPS} save/unsave operations and ${VIEWS} views`, async () => {
    const random = rng(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    type Target = { kind: 'promotion' | 'photographer'; id: number };
    const targets: Target[] = [
      ...events.map((id) => ({ kind: 'promotion' as const, id })),
      { kind: 'photographer', id: author.user.id },
      { kind: 'photographer', id: other.user.id },
    ];
    const ops = Array.from({ length: SAVE_OPS }, (_, i) => ({
      fan: Math.floor(random() * FANS),
      target: pick(targets),
      save: random() < 0.6,
      server: i % 2,
    }));
    // A viewer counts once per event a day (docs/views.md): members by id, everyone else by address (all
    // anonymous views here come from one address, so they are one viewer).
    const views = Array.from({ length: VIEWS }, (_, i) => ({
      event: pick(events),
      server: i % 2,
      fan: random() < 0.25 ? null : Math.floor(random() * FANS),
    }));

    const problems: string[] = [];
    const done = new Map<string, number>(); // fan:kind:id → saves answered 204 minus unsaves answered 204
    const viewers = new Map<number, Set<string>>(); // event → viewers answered 200
    const viewed = (event: number) => viewers.get(event)?.size ?? 0;
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const started = Date.now();

    await Promise.all([
      pool(ops, CONCURRENCY / 2, async (op) => {
        const base = (servers[op.server] as RunningServer).url;
        const prefix = op.target.kind === 'promotion' ? 'promotions' : 'photographers';
        const path = `/api/v1/${prefix}/${op.target.id}/${op.save ? 'save' : 'unsave'}`;
        const fan = fans[op.fan] as Session;
        const res = await rawRequest(base, {
          method: op.save ? 'POST' : 'DELETE',
          path,
          headers: { authorization: `Bearer ${fan.token}` },
        });
        count(res.status);
        const code = (parseJson(res.text) as { code?: string } | undefined)?.code;
        const key = `${op.fan}:${op.target.kind}:${op.target.id}`;
        if (res.status === 204) done.set(key, (done.get(key) ?? 0) + (op.save ? 1 : -1));
        else if (op.save && res.status === 409 && /^ALREADY_(PROMOTION|PHOTOGRAPHER)_SAVE$/.test(code ?? '')) return;
        else if (!op.save && res.status === 404 && /^(PROMOTION|PHOTOGRAPHER)_SAVE_NOT_FOUND$/.test(code ?? '')) return;
        else
          problems.push(
            `${op.save ? 'POST' : 'DELETE'} ${path} on server ${op.server}: ${res.status} ${res.text.slice(0, 200)}`,
          );
      }),
      pool(views, CONCURRENCY / 2, async (v) => {
        const base = (servers[v.server] as RunningServer).url;
        const fan = v.fan === null ? null : (fans[v.fan] as Session);
        const res = await rawRequest(base, {
          method: 'GET',
          path: `/api/v1/promotions/${v.event}/details`,
          headers: fan ? { authorization: `Bearer ${fan.token}` } : {},
        });
        count(res.status);
        if (res.status === 200) viewers.set(v.event, (viewers.get(v.event) ?? new Set()).add(String(v.fan)));
        else problems.push(`GET details ${v.event} on server ${v.server}: ${res.status} ${res.text.slice(0, 200)}`);
      }),
    ]);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `load (seed ${SEED}): ${SAVE_OPS} save/unsave + ${VIEWS} views over 2 servers in ${seconds.toFixed(1)} s ` +
        `(${Math.round((SAVE_OPS + VIEWS) / seconds)} req/s); statuses ${[...statuses]
          .sort()
          .map(([k, v]) => `${k}×${v}`)
          .join(' ')}`,
    );
    expect(problems).toEqual([]);
    expect([...statuses.keys()].every((s) => s < 500)).toBe(true);

    // Each member's answered operations on a target alternate: net +1 means saved, 0 not saved.
    const saved = new Set<string>();
    for (const [key, net] of done) {
      expect([0, 1], key).toContain(net);
      if (net === 1) saved.add(key);
    }
    const expectedCount = (t: Target) => [...saved].filter((k) => k.endsWith(`:${t.kind}:${t.id}`)).length;

    // Counters against rows, straight from the database.
    const promotionRows = await sql<{ id: number; save_count: number; view_count: number; rows: number }>(
      DATABASE_URL,
      `select p.id, p.save_count, p.view_count, (select count(*)::int from promotion_saves s where s.promotion_id = p.id) as rows
         from promotions p where p.id = any($1::int[]) order by p.id`,
      [events],
    );
    const photographerRows = await sql<{ id: number; save_count: number; rows: number }>(
      DATABASE_URL,
      `select g.member_id as id, g.save_count, (select count(*)::int from photographer_saves s where s.photographer_id = g.member_id) as rows
         from photographer_pages g where g.member_id = any($1::int[]) order by g.member_id`,
      [[author.user.id, other.user.id]],
    );
    for (const r of promotionRows) {
      expect(r.save_count, `event ${r.id} saveCount vs rows`).toBe(r.rows);
      expect(r.rows, `event ${r.id} rows vs answered operations`).toBe(expectedCount({ kind: 'promotion', id: r.id }));
      expect(r.view_count, `event ${r.id} viewCount vs answered viewers`).toBe(viewed(r.id));
    }
    for (const r of photographerRows) {
      expect(r.save_count, `photographer ${r.id} saveCount vs rows`).toBe(r.rows);
      expect(r.rows, `photographer ${r.id} rows vs answered operations`).toBe(
        expectedCount({ kind: 'photographer', id: r.id }),
      );
    }
    expect(promotionRows).toHaveLength(events.length);
    expect(photographerRows).toHaveLength(2);

    // Both instances tell the same counts, and every member's saved state matches.
    for (const s of servers) {
      for (const id of events) {
        const res = await rawRequest(s.url, { method: 'GET', path: `/api/v1/promotions/${id}` });
        expect((parseJson(res.text) as { viewCount: number }).viewCount).toBe(viewed(id));
      }
      for (const t of targets.filter((x) => x.kind === 'photographer')) {
        const res = await rawRequest(s.url, { method: 'GET', path: `/api/v1/photographers/${t.id}/details` });
        expect((parseJson(res.text) as { saveCount: number }).saveCount).toBe(expectedCount(t));
      }
    }
    await pool(fans, 10, async (fan, i) => {
      const s = servers[i % 2] as RunningServer;
      const photographerIds = [author.user.id, other.user.id];
      const res = await rawRequest(s.url, {
        method: 'GET',
        path: `/api/v1/users/me/saves?promotionIds=${events.join(',')}&photographerIds=${photographerIds.join(',')}`,
        headers: { authorization: `Bearer ${fan.token}` },
      });
      const body = parseJson(res.text) as { promotionIds: number[]; photographerIds: number[] };
      expect(isErrorEnvelope(body)).toBe(false);
      expect([...body.promotionIds].sort()).toEqual(events.filter((id) => saved.has(`${i}:promotion:${id}`)).sort());
      expect([...body.photographerIds].sort()).toEqual(
        photographerIds.filter((id) => saved.has(`${i}:photographer:${id}`)).sort(),
      );
    });
  }, 300_000);
});
