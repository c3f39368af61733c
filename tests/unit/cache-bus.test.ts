/**
 * What arrives on the cache bus from the database (`NOTIFY damabwa_cache, …`): anyone with a database
 * login can send there, so nothing it sends may throw, and only messages signed under the instances'
 * shared secret are believed.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { HEARTBEATS_MISSED, isHearing, opened } from '#server/cache/bus';
import { claim, clearStore, configureStore, lookup, setVouched, store, storeEnabled } from '#server/cache/store';
import { setSigningKeyForTests, signature } from '#server/cache/signing';

const sealed = (message: unknown, sig?: string) => {
  const body = JSON.stringify(message);
  return JSON.stringify({ body, sig: sig ?? signature(`bus:${body}`) });
};

beforeEach(() => setSigningKeyForTests('bus-test-signing-key-0123456789abcdef'));

describe('the cache bus', () => {
  it('reads a signed message', () => {
    expect(opened(sealed({ from: 'a', tags: ['events', 'event:1'] }))).toEqual({
      from: 'a',
      tags: ['events', 'event:1'],
      all: false,
      purge: false,
    });
    expect(opened(sealed({ from: 'a', all: true, purge: true }))).toMatchObject({ all: true, purge: true });
  });

  it.each([
    ['null', 'null'],
    ['a number', '1'],
    ['not JSON', '{'],
    ['empty', ''],
    ['toggles of the old protocol', '{"toggles":[null]}'],
    ['an unsigned message', JSON.stringify({ from: 'x', tags: ['events'] })],
    ['a body without signature', JSON.stringify({ body: JSON.stringify({ from: 'x', all: true }) })],
    ['a forged signature', sealed({ from: 'x', all: true }, 'A'.repeat(22))],
    ['a signed null', sealed(null)],
    ['a signed message without sender', sealed({ tags: ['events'] })],
  ])('ignores %s, without throwing', (_name, payload) => {
    expect(() => opened(payload)).not.toThrow();
    expect(opened(payload)).toBeNull();
  });

  it('keeps only string tags of a signed message', () => {
    expect(opened(sealed({ from: 'a', tags: ['events', 3, null, { x: 1 }] }))?.tags).toEqual(['events']);
  });

  it('a message signed under another secret is not believed', () => {
    const other = sealed({ from: 'a', all: true });
    setSigningKeyForTests('a-different-secret-of-another-deployment');
    expect(opened(other)).toBeNull();
  });
});

describe('an instance that does not hear the bus', () => {
  it('stops hearing once its own heartbeat is overdue', () => {
    expect(isHearing(1_000, 1_000 + HEARTBEATS_MISSED * 5_000, 5_000)).toBe(true);
    expect(isHearing(1_000, 1_001 + HEARTBEATS_MISSED * 5_000, 5_000)).toBe(false);
    expect(isHearing(1_000, 1_001 + HEARTBEATS_MISSED * 200, 200)).toBe(false);
  });

  it('answers and keeps no copy while it cannot vouch for them, and starts empty when it hears again', () => {
    configureStore({ enabled: true, maxBytes: 1_000_000 });
    clearStore();
    const c = claim('k', 1)!;
    store(
      c,
      {
        body: Buffer.from('x'),
        status: 200,
        headers: [],
        tags: ['events'],
        maxAgeMs: 60_000,
        swrMs: 0,
        compress: false,
      },
      1,
    );
    expect(lookup('k')).toBeDefined();
    setVouched(false);
    expect(storeEnabled()).toBe(false);
    expect(lookup('k')).toBeUndefined();
    setVouched(true);
    expect(storeEnabled()).toBe(true);
    expect(lookup('k')).toBeUndefined();
  });
});
