import { describe, expect, it } from 'vitest';
import { targets } from '../../scripts/lib/bench-report.mjs';
import { memberRateTargets } from '../../scripts/bench/member-rate.mjs';
import { memoryTargets } from '../../scripts/bench/memory.mjs';

const rateRow = (database: string, target: string, p99: number | null, unexpected = 0) => ({
  database,
  target,
  rate: 200,
  seconds: 30,
  planned: 6_000,
  ok: 6_000 - unexpected,
  unexpected,
  errors: 0,
  dropped: 0,
  p50: 3,
  p99,
});

describe("the bench's memory and members' rate rows", () => {
  it('reads idle RSS against each database its own target, PGlite included', () => {
    expect(
      memoryTargets({
        memory: [
          { database: 'PGlite', events: 60, demo: 'restarted', idleMiB: 380.2, afterMiB: null },
          { database: 'PGlite', events: 10_000, idleMiB: 430, afterMiB: 450 },
          { database: 'PostgreSQL', events: 10_000, idleMiB: 210.5, afterMiB: 260 },
        ],
      }),
    ).toEqual([
      {
        target: 'server RSS at idle ≤ 400 MB (PGlite, demo data alone (restarted), 60 events)',
        measured: '380.2 MB',
        ok: true,
      },
      { target: 'server RSS at idle ≤ 400 MB (PGlite, 10000 events)', measured: '430 MB', ok: false },
      { target: 'server RSS at idle ≤ 200 MB (PostgreSQL, 10000 events)', measured: '210.5 MB', ok: false },
    ]);
    expect(memoryTargets({ memory: [{ database: 'PostgreSQL', idleMiB: null, afterMiB: null }] })[0]!.ok).toBeNull();
  });

  it("reads the members' lists at 200/s on PostgreSQL only", () => {
    const rows = memberRateTargets({
      memberRate: [
        rateRow('PGlite', 'API list, member', 400),
        rateRow('PostgreSQL', 'API list, member', 12),
        rateRow('PostgreSQL', 'API search 스냅, member', 30, 3),
      ],
    });
    expect(rows.map((r) => [r.target, r.ok])).toEqual([
      ['API list, member (PostgreSQL): p99 ≤ 50 ms at 200/s open loop', true],
      ['API search 스냅, member (PostgreSQL): p99 ≤ 50 ms at 200/s open loop', false],
    ]);
    const onlyPglite = memberRateTargets({ memberRate: [rateRow('PGlite', 'API list, member', 4)] });
    expect(onlyPglite.map((r) => r.ok)).toEqual([null, null]);
  });

  it("adds the new rows to the whole bench's targets, and none for parts that did not run", () => {
    const base = { pages: [], lighthouse: [], lighthouseError: 'no chromium', throughput: [] };
    expect(targets(base)).toHaveLength(1);
    const rows = targets({ ...base, memory: [{ database: 'PostgreSQL', idleMiB: 150, afterMiB: 170 }] });
    expect(rows.at(-1)).toEqual({ target: 'server RSS at idle ≤ 200 MB (PostgreSQL)', measured: '150 MB', ok: true });
  });
});
