/**
 * What an instance keeps of members (src/server/cache/members.ts): principals by token with their
 * expiry, forgotten by member or session; saved ids kept exact by toggles; the counts a member's own
 * toggles left, used only over shared answers rendered before the toggle.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '#server/auth/principal';
import {
  applyToggle,
  clearMemberState,
  forgetChainsHere,
  forgetMembersHere,
  knownPrincipal,
  loadSavedIds,
  ownCount,
  principalGeneration,
  rememberPrincipal,
  savedIds,
  setMemberStateUsable,
  togglesKnownSince,
} from '#server/cache/members';
import type { Queryable } from '#server/db/client';

const alice: Principal = { id: 1, type: 'USER', roles: ['USER'], nickname: '앨리스' };
const bob: Principal = { id: 2, type: 'PHOTOGRAPHER', roles: ['PHOTOGRAPHER', 'USER'], nickname: '밥' };

function fakeDb(rows: { kind: string; id: number }[], before?: () => void): Queryable {
  return {
    query: async () => {
      before?.();
      return rows as never;
    },
  } as unknown as Queryable;
}

beforeEach(() => clearMemberState());

describe('kept principals', () => {
  it('are kept until the token expires, and at most 30 s', () => {
    const now = 1_000_000;
    rememberPrincipal('t1', alice, 's1', now + 60_000, principalGeneration(), now);
    expect(knownPrincipal('t1', now + 1_000)).toEqual(alice);
    expect(knownPrincipal('t1', now + 31_000)).toBeUndefined();
    rememberPrincipal('t2', alice, 's1', now + 5_000, principalGeneration(), now);
    expect(knownPrincipal('t2', now + 5_000)).toBeUndefined();
  });

  it('are forgotten by member and by session, and a read begun before a forget is not kept', () => {
    const gen = principalGeneration();
    rememberPrincipal('a', alice, 's-a', Date.now() + 60_000, gen);
    rememberPrincipal('b', bob, 's-b', Date.now() + 60_000, gen);
    forgetChainsHere(['s-a']);
    expect(knownPrincipal('a')).toBeUndefined();
    expect(knownPrincipal('b')).toEqual(bob);
    forgetMembersHere([2]);
    expect(knownPrincipal('b')).toBeUndefined();
    // A lookup that started before the forgets read what may be gone now.
    rememberPrincipal('b', bob, 's-b', Date.now() + 60_000, gen);
    expect(knownPrincipal('b')).toBeUndefined();
  });
});

describe('kept saves', () => {
  it('load once, then follow every toggle; a toggle heard during the load is not lost', async () => {
    expect(savedIds(1, 'promotion')).toBeUndefined();
    const during = () => applyToggle({ member: 1, kind: 'promotion', id: 7, saved: false, count: 3, at: Date.now() });
    await loadSavedIds(
      fakeDb(
        [
          { kind: 'promotion', id: 7 },
          { kind: 'photographer', id: 9 },
        ],
        during,
      ),
      1,
    );
    expect([...(savedIds(1, 'promotion') ?? [])]).toEqual([]);
    expect([...(savedIds(1, 'photographer') ?? [])]).toEqual([9]);
    applyToggle({ member: 1, kind: 'promotion', id: 8, saved: true, count: 1, at: Date.now() });
    expect(savedIds(1, 'promotion')?.has(8)).toBe(true);
    expect(savedIds(2, 'promotion')).toBeUndefined();
  });

  it('correct a shared count only with toggles made after it was rendered', () => {
    const t0 = togglesKnownSince() + 1_000;
    applyToggle({ member: 1, kind: 'promotion', id: 5, saved: true, count: 10, at: t0 }, t0);
    applyToggle({ member: 1, kind: 'promotion', id: 5, saved: false, count: 9, at: t0 + 100 }, t0 + 100);
    expect(ownCount(1, 'promotion', 5, t0 - 1)).toBe(9);
    expect(ownCount(1, 'promotion', 5, t0 + 50)).toBe(9);
    expect(ownCount(1, 'promotion', 5, t0 + 100)).toBeUndefined();
    expect(ownCount(1, 'photographer', 5, t0 - 1)).toBeUndefined();
    expect(ownCount(2, 'promotion', 5, t0 - 1)).toBeUndefined();
  });
});

describe('while the instance may be missing news (the bus is not listening)', () => {
  it('nothing kept is used, and what was kept before the gap is gone after it', async () => {
    rememberPrincipal('a', alice, 's-a', Date.now() + 60_000, principalGeneration());
    await loadSavedIds(fakeDb([{ kind: 'promotion', id: 7 }]), 1);
    setMemberStateUsable(false);
    expect(knownPrincipal('a')).toBeUndefined();
    expect(savedIds(1, 'promotion')).toBeUndefined();
    rememberPrincipal('a', alice, 's-a', Date.now() + 60_000, principalGeneration());
    setMemberStateUsable(true);
    expect(knownPrincipal('a')).toBeUndefined();
    expect(savedIds(1, 'promotion')).toBeUndefined();
  });
});
