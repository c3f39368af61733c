import { describe, expect, it } from 'vitest';
import { againstRows, uncachedRows, uncachedTargetRows } from '../../scripts/bench/uncached.mjs';

const targets = [
  { name: 'login (no data)', path: '/login', reference: true },
  { name: 'photographer', path: '/photographer/1', page: true },
  { name: 'API list, anonymous', path: '/api/v1/promotions/list' },
];
const run = (rps: number, reference: number, p50 = 10) => ({ rps, reference, p50, p99: p50 * 3, non2xx: 0 });

describe('the uncached table', () => {
  // The machine slows in the second round: the page, measured between two runs of /login, slows with them.
  const rounds = [
    { 'login (no data)': run(1000, 1000), photographer: run(560, 1000, 14), 'API list, anonymous': run(1100, 1000) },
    { 'login (no data)': run(800, 800), photographer: run(440, 800, 18), 'API list, anonymous': run(900, 800) },
    { 'login (no data)': run(1000, 1000), photographer: run(550, 1020, 15), 'API list, anonymous': run(1200, 1000) },
  ];
  const rows = uncachedRows(targets, rounds);
  const row = (name: string) => rows.find((r) => r.target === name)!;

  it("sets each page against the /login runs around it and keeps the rounds' median, lowest and highest", () => {
    expect(row('photographer')).toMatchObject({ ratioToLogin: 0.55, ratioRange: [0.54, 0.56], rps: 550, p50: 15 });
    expect(row('login (no data)')).toMatchObject({ ratioToLogin: 1, rps: 1000, page: false });
    expect(row('API list, anonymous').ratioToLogin).toBe(1.13);
  });

  it('judges the pages on the median ratio, on PostgreSQL', () => {
    const judged = uncachedTargetRows({
      uncached: rows.map((r) => ({ ...r, database: 'PostgreSQL', events: 10_000 })),
    });
    expect(judged.find((t) => t.target.startsWith('photographer uncached'))).toMatchObject({
      measured: 0.55,
      ok: true,
    });
    const slow = rows.map((r) => (r.target === 'photographer' ? { ...r, ratioToLogin: 0.49 } : r));
    const judgedSlow = uncachedTargetRows({
      uncached: slow.map((r) => ({ ...r, database: 'PostgreSQL', events: 10_000 })),
    });
    expect(judgedSlow.find((t) => t.target.startsWith('photographer uncached'))).toMatchObject({ ok: false });
  });

  it("reads no target on PGlite's rows, and says the pages were not measured on PostgreSQL", () => {
    const slow = rows.map((r) => ({ ...r, ratioToLogin: 0.1, database: 'PGlite', events: 10_000 }));
    const judged = uncachedTargetRows({ uncached: slow });
    expect(judged.filter((t) => t.target.includes('uncached'))).toEqual([
      { target: 'pages uncached ≥ 0.5 of /login (PostgreSQL)', measured: 'not measured', ok: null },
    ]);
  });

  it('sets the photographer lists against the revision before their ratings (issue 43: ≥ 0.9)', () => {
    const row = (database: string, target: string, rps: number) => ({
      database,
      events: 10_000,
      target,
      path: '/',
      page: target === 'photographers',
      rps,
      p50: 1,
      p99: 2,
      non2xx: 0,
      ratioToLogin: 0.7,
      ratioRange: [0.7, 0.7],
    });
    const results = {
      uncached: [
        row('PostgreSQL', 'photographers', 460),
        row('PostgreSQL', 'API photographers, anonymous', 800),
        row('PostgreSQL', 'events', 300),
        row('PostgreSQL @c57e2ff', 'photographers', 500),
        row('PostgreSQL @c57e2ff', 'API photographers, anonymous', 1_000),
        row('PostgreSQL @c57e2ff', 'events', 600),
      ],
    };
    expect(againstRows(results).map((r) => [r.target, r.ratio])).toEqual([
      ['photographers', 0.92],
      ['API photographers, anonymous', 0.8],
      ['events', 0.5],
    ]);
    const targets = uncachedTargetRows(results).filter((t) => t.target.includes('of c57e2ff'));
    // Only the photographer lists are judged; the earlier revision's rows are never judged against /login.
    expect(targets.map((t) => [t.target.split(' uncached')[0], t.ok])).toEqual([
      ['photographers', true],
      ['API photographers, anonymous', false],
    ]);
    expect(uncachedTargetRows(results).some((t) => t.target.includes('@c57e2ff'))).toBe(false);
  });
});
