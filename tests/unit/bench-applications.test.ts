import { describe, expect, it } from 'vitest';
import {
  APPLY_LIMIT,
  applicationPlan,
  applicationTargets,
  eventsRatio,
  selectionRound,
} from '../../scripts/bench/applications-report.mjs';

const full = {
  members: 500,
  events: 100,
  perRun: 1_500,
  runs: 2,
  inboxApplicants: 1_000,
  selectionRounds: 3,
  selectionApplicants: 100,
};

interface Target {
  target: string;
  measured: unknown;
  ok: boolean | null;
}

const run = (name: string, p99: number, ok = 1_500, patch: Record<string, unknown> = {}) => ({
  run: name,
  rate: 50,
  seconds: 30,
  planned: 1_500,
  ok,
  unexpected: 1_500 - ok,
  errors: 0,
  dropped: 0,
  p50: 10,
  p99,
  ...patch,
});
const cannon = (rps: number) => ({ rps, p50: 20, p99: 60, non2xx: 0, errors: 0 });
const round = (selected: number, full: number, listed = selected) =>
  selectionRound(
    [
      ...Array.from({ length: selected }, () => ({ status: 200, code: null })),
      ...Array.from({ length: full }, () => ({ status: 409, code: 'PROMOTION_FULL' })),
      ...Array.from({ length: 100 - selected - full }, () => ({ status: 503, code: 'SERVICE_UNAVAILABLE' })),
    ],
    listed,
  );
const results = (patch: Record<string, unknown> = {}) => ({
  applications: {
    database: 'PostgreSQL',
    runs: [run('alone', 40), run('beside /events', 90)],
    events: { ratio: 0.85 },
    inbox: { applicants: 1_000, n: 300, p50: 3.1, p99: 7, floorP50: 0.9 },
    selectionApplicants: 100,
    selections: [round(10, 90), round(10, 90), round(10, 90)],
    ...patch,
  },
});

describe('the applications part of the bench', () => {
  it('spreads the rate runs over members and events, never twice to one event, within the apply limit', () => {
    const plan = applicationPlan(full);
    expect(plan.members).toBe(1_000);
    expect(plan.maxPerMember).toBeLessThanOrEqual(APPLY_LIMIT);
    const pairs = plan.runs.flat().map((a) => `${a.member}:${a.event}`);
    expect(plan.runs.map((r) => r.length)).toEqual([1_500, 1_500]);
    expect(new Set(pairs).size).toBe(pairs.length);
    const perEvent = new Map<number, number>();
    for (const a of plan.runs.flat()) perEvent.set(a.event, (perEvent.get(a.event) ?? 0) + 1);
    expect(new Set(perEvent.values())).toEqual(new Set([30]));
    expect(Math.max(...plan.runs.flat().map((a) => a.member))).toBe(499);
    // The selection rounds' applicants are three other hundreds, after the load members.
    expect(plan.selections.map((r) => [r[0], r.at(-1)])).toEqual([
      [500, 599],
      [600, 699],
      [700, 799],
    ]);
    expect(plan.inbox).toHaveLength(1_000);
  });

  it('refuses a plan that would take a member past the apply limit', () => {
    expect(() => applicationPlan({ ...full, perRun: 2_500 })).toThrow(/limit 10/);
    expect(() => applicationPlan({ ...full, events: 74 })).toThrow(/no plan/);
  });

  it('counts a selection round: successes, PROMOTION_FULL, anything else', () => {
    expect(round(10, 88)).toEqual({ asked: 100, selected: 10, full: 88, other: 2, listed: 10 });
  });

  it('sets /events beside the applications against the mean of its quiet rows', () => {
    expect(eventsRatio(cannon(1_000), cannon(720), cannon(800))).toBe(0.8);
    expect(eventsRatio(cannon(0), cannon(720), cannon(0))).toBeNull();
  });

  it('marks the targets on the PostgreSQL run, the applications alone and beside /events each', () => {
    const rows: Target[] = applicationTargets(results());
    expect(rows.map((r) => r.ok)).toEqual([true, true, true, true, true]);
    expect(rows.map((r) => r.target.split(':')[0])).toEqual([
      'applications alone (PostgreSQL)',
      'applications beside anonymous /events (PostgreSQL)',
      '100 concurrent selections, capacity 10',
      "author's inbox first page (1000 applicants)",
      'anonymous /events beside 50 applications/s ≥ 0.8 of quiet (PostgreSQL)',
    ]);
    expect(rows[1]!.target).toBe('applications beside anonymous /events (PostgreSQL): p99 ≤ 100 ms at 50/s open loop');
    expect(rows[2]).toMatchObject({ measured: '10/90, 10/90, 10/90' });
  });

  it('misses each target on its own numbers', () => {
    const rows: Target[] = applicationTargets(
      results({
        runs: [run('alone', 101), run('beside /events', 120)],
        events: { ratio: 0.79 },
        inbox: { applicants: 1_000, n: 300, p50: 5.2, p99: 9, floorP50: 1 },
        selections: [round(10, 90), round(11, 89), round(10, 88)],
      }),
    );
    expect(rows.map((r) => r.ok)).toEqual([false, false, false, false, false]);
    expect(rows[2]!.measured).toBe('10/90, 11/89, 10/88/2 other');
    expect(rows[3]!.measured).toBe('5.2 ms (p99 9 ms; /healthz 1 ms)');
  });

  it('does not pass exactly ten selected when the inbox lists another number', () => {
    const rows: Target[] = applicationTargets(results({ selections: [round(10, 90, 9)] }));
    expect(rows[2]!.ok).toBe(false);
  });

  it('does not pass the /events ratio when the applications beside it were not answered', () => {
    const rows: Target[] = applicationTargets(results({ runs: [run('alone', 40), run('beside /events', 90, 1_000)] }));
    expect(rows[4]).toMatchObject({ ok: false, measured: '0.85; only 1000 of 1500 applications answered 201' });
    expect(rows[1]!.ok).toBe(false);
  });

  it('says the part was not measured without PostgreSQL, and nothing when it did not run', () => {
    expect(applicationTargets({ applications: { database: 'PostgreSQL', skipped: 'no binaries' } })).toEqual([
      { target: 'applications (PostgreSQL)', measured: 'not measured: no binaries', ok: null },
    ]);
    expect(applicationTargets({})).toEqual([]);
  });
});
