/**
 * Authors' card fields kept per instance (src/server/cache/authors.ts): read once by id, then kept;
 * forgotten when the member changes (here or told by the bus), on a gap in what the bus hears, and
 * after the TTL; a lookup that began before a forget keeps nothing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { authorRows, resetAuthors, type AuthorRow } from '#server/cache/authors';
import { clearMemberState, forgetMembersHere, resetMemberState, setMemberStateUsable } from '#server/cache/members';
import type { Queryable } from '#server/db/client';

const card = (nickname: string): AuthorRow => ({
  a_nickname: nickname,
  a_profile_image: null,
  a_roles: ['PHOTOGRAPHER', 'USER'],
  a_instagram_id: null,
});

/** A members table of its own: which ids each statement asked for; `gate` holds a statement back. */
function membersDb(names: Map<number, string>) {
  const asked: number[][] = [];
  let gate: Promise<void> | null = null;
  const db = {
    query: async (_sql: string, params: [number[]]) => {
      asked.push([...params[0]].sort((a, b) => a - b));
      const ids = params[0];
      const rows = ids.filter((id) => names.has(id)).map((id) => ({ id, ...card(names.get(id)!) }));
      if (gate) await gate;
      return rows;
    },
  } as unknown as Queryable;
  return { db, asked, hold: (g: Promise<void> | null) => (gate = g) };
}

beforeEach(() => {
  clearMemberState();
  resetAuthors(true);
});

describe('kept authors', () => {
  it('reads the authors it does not keep in one statement, by id, and keeps them', async () => {
    const names = new Map([
      [1, '작가1'],
      [2, '작가2'],
    ]);
    const { db, asked } = membersDb(names);
    const first = await authorRows(db, [1, 2, 1]);
    expect([...first.keys()].sort()).toEqual([1, 2]);
    expect(first.get(2)?.a_nickname).toBe('작가2');
    const again = await authorRows(db, [2, 1]);
    expect(again).toEqual(first);
    expect(asked).toEqual([[1, 2]]);
    // Only the one not kept is asked for.
    names.set(3, '작가3');
    await authorRows(db, [1, 3]);
    expect(asked).toEqual([[1, 2], [3]]);
  });

  it('leaves out an id that names no member (withdrawn), and keeps nothing for it', async () => {
    const { db, asked } = membersDb(new Map([[1, '작가1']]));
    const rows = await authorRows(db, [1, 9]);
    expect([...rows.keys()]).toEqual([1]);
    await authorRows(db, [9]);
    expect(asked).toEqual([[1, 9], [9]]);
  });

  it('reads a member again once they changed, here or on another instance (the same forget)', async () => {
    const names = new Map([[1, '예전이름']]);
    const { db, asked } = membersDb(names);
    await authorRows(db, [1]);
    names.set(1, '새이름');
    expect((await authorRows(db, [1])).get(1)?.a_nickname).toBe('예전이름');
    forgetMembersHere([1]);
    expect((await authorRows(db, [1])).get(1)?.a_nickname).toBe('새이름');
    expect(asked).toHaveLength(2);
  });

  it('reads everyone again after a gap in what the bus hears, and keeps nothing while it does not hear', async () => {
    const { db, asked } = membersDb(new Map([[1, '작가1']]));
    await authorRows(db, [1]);
    resetMemberState();
    await authorRows(db, [1]);
    expect(asked).toHaveLength(2);
    setMemberStateUsable(false);
    await authorRows(db, [1]);
    await authorRows(db, [1]);
    expect(asked).toHaveLength(4);
    setMemberStateUsable(true);
    await authorRows(db, [1]);
    await authorRows(db, [1]);
    expect(asked).toHaveLength(5);
  });

  it('reads a kept author again after five minutes', async () => {
    const { db, asked } = membersDb(new Map([[1, '작가1']]));
    const now = 1_000_000;
    await authorRows(db, [1], now);
    await authorRows(db, [1], now + 5 * 60_000 - 1);
    expect(asked).toHaveLength(1);
    await authorRows(db, [1], now + 5 * 60_000);
    expect(asked).toHaveLength(2);
  });

  it('does not keep what a lookup read when the member changed while it ran', async () => {
    const names = new Map([[1, '예전이름']]);
    const { db, asked, hold } = membersDb(names);
    let release = () => undefined as void;
    hold(new Promise<void>((r) => (release = r)));
    const reading = authorRows(db, [1]);
    await Promise.resolve();
    forgetMembersHere([1]);
    release();
    expect((await reading).get(1)?.a_nickname).toBe('예전이름');
    hold(null);
    names.set(1, '새이름');
    expect((await authorRows(db, [1])).get(1)?.a_nickname).toBe('새이름');
    expect(asked).toHaveLength(2);
  });
});
