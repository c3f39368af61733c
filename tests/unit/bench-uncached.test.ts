import { describe, expect, it } from 'vitest';
import { againstRows, againstRowsOf, uncachedRows, uncachedTargetRows } from '../../scripts/bench/uncached.mjs';

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
    const pairs = (name: string, now: number[], before: number[]) =>
      now.map((rps, i) => ({ [name]: { now: { rps }, before: { rps: before[i]! } } }));
    // The machine slows in the second round: both servers, measured back to back, slow alike.
    const photographers = pairs('photographers', [460, 300, 470], [500, 320, 510]);
    const api = pairs('API photographers, anonymous', [800, 500, 820], [1_000, 640, 1_000]);
    const events = pairs('events', [300, 200, 310], [600, 390, 620]);
    const rounds = [0, 1, 2].map((i) => ({ ...photographers[i], ...api[i], ...events[i] }));
    const names = ['photographers', 'API photographers, anonymous', 'events'].map((name) => ({ name }));
    const rows = againstRowsOf(names, rounds, { database: 'PostgreSQL', events: 10_000, before: 'c57e2ff' });
    expect(rows.map((r) => [r.target, r.ratio, r.ratioRange, r.rps, r.beforeRps])).toEqual([
      ['photographers', 0.92, [0.92, 0.94], 460, 500],
      ['API photographers, anonymous', 0.8, [0.78, 0.82], 800, 1_000],
      ['events', 0.5, [0.5, 0.51], 300, 600],
    ]);
    const results = { uncachedAgainst: rows };
    expect(againstRows(results)).toBe(rows);
    const targets = uncachedTargetRows(results).filter((t) => t.target.includes('of c57e2ff'));
    // Only the photographer lists are judged; the earlier revision's answers are never judged against /login.
    expect(targets.map((t) => [t.target.split(' uncached')[0], t.ok])).toEqual([
      ['photographers', true],
      ['API photographers, anonymous', false],
    ]);
    expect(uncachedTargetRows(results).some((t) => t.target.includes('@c57e2ff'))).toBe(false);
  });
});
