import { expect, test } from '@playwright/test';

/**
 * Pretendard stays out of a first visit's critical path (src/lib/fonts.ts): no font is requested before
 * the page has loaded; then the page switches to it. Later pages start with it.
 */
test.describe('web fonts', () => {
  test('a first visit paints with the system font and switches to Pretendard after load', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { fontsAtReady: boolean }).fontsAtReady =
          document.documentElement.classList.contains('fonts');
      });
    });
    await page.goto('/events');
    await expect(page.locator('html')).toHaveClass(/\bfonts\b/);
    expect(await page.evaluate(() => (window as unknown as { fontsAtReady: boolean }).fontsAtReady)).toBe(false);
    // `fonts.status` is already 'loaded' between the class going on and the stylesheet arriving: wait
    // for a Pretendard face the page uses to have loaded.
    await page.waitForFunction(
      () =>
        document.fonts.status === 'loaded' &&
        [...document.fonts].some((f) => /Pretendard/.test(f.family) && f.status === 'loaded'),
    );
    // When each font was asked for, against the load event, on the page's own clock.
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const fonts = performance
        .getEntriesByType('resource')
        .filter((e) => /\.woff2$/.test(e.name))
        .map((e) => ({ url: e.name, start: e.startTime }));
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
      return { loadStart: nav.loadEventStart, paint, fonts };
    });
    expect(timing.fonts.length).toBeGreaterThan(0);
    expect(timing.fonts.filter((f) => f.start < timing.loadStart)).toEqual([]);
    // Nor before the first paint, when a page's pictures load before it (decision 019).
    expect(timing.fonts.filter((f) => f.start < timing.paint)).toEqual([]);
    const family = await page.locator('body').evaluate((el) => getComputedStyle(el).fontFamily);
    expect(family).toMatch(/^"?Pretendard Variable/);
    expect(violations).toEqual([]);
  });

  test('the fonts count as cached only once their stylesheet is in and its faces have loaded', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/pretendardvariable-dynamic-subset[^/]*\.css$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    const cached = () => page.evaluate(() => localStorage.getItem('damabwa:fonts-cached'));
    await page.goto('/events');
    await expect.poll(() => asked).toBe(true);
    await expect(page.locator('html')).toHaveClass(/\bfonts\b/);
    // The stylesheet is held back: nothing of the fonts has arrived, so a later page must not count on it.
    expect(await cached()).toBeNull();
    release();
    await expect.poll(cached).toBe('1');
    expect(
      await page.evaluate(() => [...document.fonts].some((f) => /Pretendard/.test(f.family) && f.status === 'loaded')),
    ).toBe(true);
  });

  test('once the fonts are cached, the next page has Pretendard from its first paint', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bfonts\b/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('damabwa:fonts-cached'))).toBe('1');
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { fontsAtReady: boolean }).fontsAtReady =
          document.documentElement.classList.contains('fonts');
      });
    });
    await page.goto('/photographers');
    expect(await page.evaluate(() => (window as unknown as { fontsAtReady: boolean }).fontsAtReady)).toBe(true);
  });
});
