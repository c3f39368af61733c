/**
 * Save buttons without an island per card (issues 17 and 23, decision 008): the server renders each
 * button disabled and "not saved" with the public count; one module, loaded once per page after the
 * largest paint by BaseLayout's `AfterPaint` island, makes them all live.
 */
import { expect, test, type Page } from '@playwright/test';
import { events, photographers, saveButtonsReady, signInAs, skipFirstVisit, watchPage } from './support/browse';
import { expectedSaveButton, normaliseSaveButton } from '../support/save-button-markup';

const islands = (html: string, name: string) =>
  (html.match(new RegExp(`<astro-island[^>]*component-export="${name}"`, 'g')) ?? []).length;

/** Holds back the module that enhances the buttons until `release` is called. */
async function holdEnhancer(page: Page): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/save-buttons\.[^/]*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe('save buttons', () => {
  test('pages render their save buttons without an island each, and load the enhancer once', async ({ request }) => {
    const all = await events(request);
    const people = await photographers(request);
    const [event] = all;
    const photographer = people[0];
    const names = new Map<string, string>([
      ...all.map((e) => [`promotion:${e.id}`, e.title] as const),
      ...people.map((p) => [`photographer:${p.id}`, p.nickname] as const),
    ]);
    const pages = [
      '/events',
      `/search?searchKeyword=${encodeURIComponent('스냅')}&state=PROMOTION`,
      `/search?searchKeyword=${encodeURIComponent('스냅')}`,
    ];
    for (const path of [...pages, `/event/${event?.id}`, `/photographer/${photographer?.id}`]) {
      const html = await (await request.get(path)).text();
      const buttons = html.match(/<button[^>]*data-save=[^>]*>/g) ?? [];
      expect(buttons.length, path).toBeGreaterThan(0);
      for (const b of buttons) {
        expect(b, path).toMatch(/aria-pressed="false"/);
        expect(b, path).toMatch(/ disabled[ >]/);
        expect(b, path).toMatch(/data-save-id="\d+" data-save-count="\d+" data-save-load="(batch|detail)"/);
      }
      // The markup SaveToggle renders before it mounts (tests/unit/save-button.test.ts checks that side).
      const [first, kind, id, count] =
        /<button[^>]*data-save="(\w+)" data-save-id="(\d+)" data-save-count="(\d+)"[^]*?<\/button>/.exec(html) ?? [];
      const variant = path.startsWith('/event/') ? 'bar' : path.startsWith('/photographer/') ? 'profile' : 'card';
      expect(normaliseSaveButton(first ?? ''), path).toBe(
        expectedSaveButton(names.get(`${kind}:${id}`) ?? '', Number(count), variant),
      );
      expect(islands(html, 'SaveToggle'), path).toBe(0);
      expect(islands(html, 'AfterPaint'), path).toBeGreaterThanOrEqual(1);
      expect(html, path).toContain('&quot;saves&quot;');
    }
  });

  test('a tap before the buttons are live does nothing; then toggling works and the counts follow', async ({
    page,
    baseURL,
  }) => {
    const problems = watchPage(page);
    await signInAs(page, baseURL ?? '', 'demo-user');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/(promotions\/\d+\/(save|unsave)|users\/me\/saves)/.test(r.url())) calls.push(r.url());
    });
    const release = await holdEnhancer(page);
    await page.goto('/events');
    await page.waitForLoadState('load');
    const toggle = page
      .getByRole('list', { name: '이벤트 목록' })
      .getByRole('button', { name: /저장하기/ })
      .first();
    const count = Number(await toggle.locator('[data-count]').textContent());
    await expect(toggle).toBeDisabled();
    await toggle.tap({ force: true });
    await toggle.click({ force: true });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(calls).toEqual([]);

    release();
    await saveButtonsReady(page);
    // One saved-state call for the whole page.
    await expect.poll(() => calls.filter((u) => u.includes('/users/me/saves')).length).toBe(1);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('button[data-save]:disabled')).toHaveCount(0);
    const wasSaved = (await toggle.getAttribute('aria-pressed')) === 'true';
    const shown = Number(await toggle.locator('[data-count]').textContent());
    expect(Math.abs(shown - count)).toBeLessThanOrEqual(1);
    const after = shown + (wasSaved ? -1 : 1);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', String(!wasSaved));
    await expect(toggle.locator('[data-count]')).toHaveText(String(after));
    await expect(toggle.locator('[data-count-label]')).toHaveText(`저장 ${after}`);
    await expect(toggle).toHaveAttribute('aria-busy', 'false');
    // Back as it was.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', String(wasSaved));
    await expect(toggle.locator('[data-count]')).toHaveText(String(shown));
    await expect(toggle).toHaveAttribute('aria-busy', 'false');
    expect(calls.filter((u) => /\/(save|unsave)$/.test(u))).toHaveLength(2);
    expect(problems).toEqual([]);
  });

  test('the event page asks for its details (which count the view) exactly once per page view', async ({
    page,
    request,
  }) => {
    const [event] = await events(request);
    await skipFirstVisit(page);
    const details: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/api/v1/promotions/${event?.id}/details`)) details.push(r.url());
    });
    for (const load of [() => page.goto(`/event/${event?.id}`), () => page.reload()]) {
      const before = details.length;
      await load();
      await saveButtonsReady(page);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      expect(details.length - before).toBe(1);
    }
    // A visitor's tap asks to log in.
    await page.getByRole('button', { name: /저장하기/ }).click();
    await expect(page.getByRole('alertdialog')).toContainText('로그인이 필요한 서비스입니다.');
  });
});
