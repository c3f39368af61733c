/**
 * Two tabs of one browser opening home at the same moment (issue 19): home refreshes the session, and
 * the tabs take turns (Web Locks), so only one refresh reaches the server, the other tab uses the pair
 * it stored, and both stay signed in. The refresh is held back 1.5 s so the two surely overlap.
 */
import { expect, test, type Page } from '@playwright/test';
import { registeredUser } from './support/member';

async function me(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('accessToken');
    const res = await fetch('/api/v1/users/me', { headers: { authorization: `Bearer ${token}` } });
    return res.status;
  });
}

test('two tabs refreshing at once rotate once and both stay signed in', async ({ browser, baseURL }) => {
  const login = await registeredUser(baseURL ?? '');
  const context = await browser.newContext({ baseURL: baseURL ?? '', locale: 'ko-KR' });
  await context.addInitScript(
    ([access, refresh, user]: [string, string, string]) => {
      if (localStorage.getItem('e2e-seeded')) return;
      localStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('accessToken', access);
      localStorage.setItem('refreshToken', refresh);
      localStorage.setItem('sessionUser', user);
      sessionStorage.setItem('visited', 'true');
    },
    [
      login.accessToken.value,
      login.refreshToken.value,
      JSON.stringify({ id: login.user.id, roles: login.user.roles }),
    ] as [string, string, string],
  );
  const refreshes: string[] = [];
  await context.route('**/api/v1/auth/refresh', async (route) => {
    refreshes.push(route.request().postData() ?? '');
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  const [a, b] = [await context.newPage(), await context.newPage()];

  // Either tab may be the one that refreshes.
  const rotated = context.waitForEvent('response', (r) => r.url().endsWith('/api/v1/auth/refresh'));
  await Promise.all([a.goto('/'), b.goto('/')]);
  expect((await rotated).status()).toBe(200);
  // Chromium has Web Locks on this (secure, localhost) origin: that is what the tabs coordinate with.
  expect(await a.evaluate(() => typeof navigator.locks.request)).toBe('function');
  // Give a second refresh every chance to happen: there must be none.
  await a.waitForTimeout(2_500);
  expect(refreshes).toHaveLength(1);

  const stored = await b.evaluate(() => localStorage.getItem('refreshToken'));
  expect(stored).not.toBe(login.refreshToken.value);
  for (const page of [a, b]) {
    expect(await me(page)).toBe(200);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('sessionUser') ?? '{}') as unknown)).toEqual({
      id: login.user.id,
      roles: login.user.roles,
    });
    await expect(page).toHaveURL(/\/$/);
  }
  await context.close();
});
