/**
 * Two tabs refreshing at once stay signed in. Each "tab" is its own instance of the session store and
 * API client (modules loaded twice) over one shared localStorage, against a refresh endpoint as strict
 * as the server without its grace window: a spent token answers 401 and revokes the chain.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, ROTATED_AT_KEY, SESSION_USER_KEY } from '#client/auth';
import type * as SessionStore from '#stores/session';
import { installBrowser, installFetch, jsonResponse, type FakeBrowser } from '../support/browser';

type SessionModule = typeof SessionStore;

/** A JWT-shaped access token expiring in `seconds` (only `exp` is read by the client). */
function accessToken(id: string, seconds: number): string {
  const payload = Buffer.from(JSON.stringify({ sub: '7', exp: Math.floor(Date.now() / 1000) + seconds })).toString(
    'base64url',
  );
  return `h.${payload}.${id}`;
}

/** The refresh endpoint with strict reuse detection, and one product endpoint that needs a live chain. */
function strictServer() {
  const state = { current: 'refresh-0', spent: new Set<string>(), revoked: false, rotations: 0, n: 0 };
  const calls = installFetch(async (call) => {
    await new Promise((r) => setTimeout(r, 15));
    if (call.url === '/api/v1/auth/refresh') {
      const { refreshToken } = JSON.parse(call.body ?? '{}') as { refreshToken: string };
      if (state.revoked || refreshToken !== state.current) {
        if (state.spent.has(refreshToken)) state.revoked = true;
        return jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: '로그인 정보가 만료되었어요.' });
      }
      state.spent.add(refreshToken);
      state.rotations++;
      state.current = `refresh-${++state.n}`;
      return jsonResponse(200, {
        isRegistrationCompleted: true,
        accessToken: { value: accessToken(`a${state.n}`, 1800), expiresAt: '' },
        refreshToken: { value: state.current, expiresAt: '' },
      });
    }
    if (state.revoked) return jsonResponse(401, { code: 'INVALID_AUTH_CREDENTIALS', message: '로그인이 필요해요.' });
    return jsonResponse(200, { id: 7 });
  });
  return { state, calls };
}

/** A fake of the Web Locks API: one holder per name, others queue in order; `ifAvailable` as specified. */
function fakeWebLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const held = new Set<string>();
  type Callback<T> = (lock: unknown) => Promise<T>;
  return {
    request<T>(name: string, a: { ifAvailable?: boolean } | Callback<T>, b?: Callback<T>): Promise<T> {
      const callback = (typeof a === 'function' ? a : b) as Callback<T>;
      if (typeof a !== 'function' && a.ifAvailable && held.has(name)) return callback(null);
      const run = (tails.get(name) ?? Promise.resolve()).then(async () => {
        held.add(name);
        try {
          return await callback({ name });
        } finally {
          held.delete(name);
        }
      });
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

async function openTab(): Promise<SessionModule> {
  vi.resetModules();
  return import('#stores/session');
}

let browser: FakeBrowser;
beforeEach(() => {
  browser = installBrowser('/');
  browser.local.setItem(ACCESS_TOKEN_KEY, accessToken('a0', 30)); // expires within the refresh margin
  browser.local.setItem(REFRESH_TOKEN_KEY, 'refresh-0');
  browser.local.setItem(SESSION_USER_KEY, JSON.stringify({ id: 7, roles: ['USER'] }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each([
  ['Web Locks', () => vi.stubGlobal('navigator', { locks: fakeWebLocks() })],
  ['the localStorage lease (no Web Locks)', () => vi.stubGlobal('navigator', {})],
])('two tabs refreshing at once, coordinated by %s', (_name, installLocks) => {
  it('rotate once and both stay signed in', async () => {
    installLocks();
    const server = strictServer();
    const [tabA, tabB] = [await openTab(), await openTab()];
    const results = await Promise.all([tabA.refreshSession(), tabB.refreshSession()]);
    expect(results).toEqual([true, true]);
    expect(server.state.rotations).toBe(1);
    expect(server.state.revoked).toBe(false);
    expect(browser.local.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    // The token the one rotation issued (its `exp` second depends on when the fake server answered).
    expect(browser.local.getItem(ACCESS_TOKEN_KEY)?.split('.')[2]).toBe('a1');
    // Both tabs go on working, and neither signed the member out.
    const { api } = await import('#client/api');
    await expect(api.get('/users/me')).resolves.toEqual({ id: 7 });
    expect(JSON.parse(browser.local.getItem(SESSION_USER_KEY) ?? '{}')).toEqual({ id: 7, roles: ['USER'] });
    expect(browser.location.assign).not.toHaveBeenCalled();
  });

  it('a tab whose call needs a fresh token uses the pair the other tab just stored', async () => {
    installLocks();
    const server = strictServer();
    const tabA = await openTab();
    await openTab(); // tab B: its API client is the one imported next
    const apiB = await import('#client/api');
    const [refreshed, me] = await Promise.all([tabA.refreshSession(), apiB.api.get('/users/me')]);
    expect(refreshed).toBe(true);
    expect(me).toEqual({ id: 7 });
    expect(server.state.rotations).toBe(1);
    expect(server.state.revoked).toBe(false);
  });
});

describe('a tab opening home just after another rotated', () => {
  it('uses the pair the other tab stored, and rotates again once that is no longer fresh', async () => {
    vi.stubGlobal('navigator', { locks: fakeWebLocks() });
    const server = strictServer();
    const [tabA, tabB] = [await openTab(), await openTab()];
    expect(await tabA.refreshSession()).toBe(true);
    // Tab B's home refresh comes after tab A's is done (a background tab paints late).
    expect(await tabB.refreshSession()).toBe(true);
    expect(server.state.rotations).toBe(1);
    expect(browser.local.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    // Later visits refresh as before.
    browser.local.setItem(ROTATED_AT_KEY, String(Date.now() - tabB.FRESH_ROTATION_MS));
    expect(await tabB.refreshSession()).toBe(true);
    expect(server.state.rotations).toBe(2);
    expect(server.state.revoked).toBe(false);
  });
});
