/**
 * First paint (issue 23, decision 019): no stylesheet between the document and the first paint, the
 * largest picture asked for first and sized for its slot (`srcset` variants the app makes on request),
 * and nothing shifts while the page loads.
 */
import { expect, test, type Page } from '@playwright/test';
import { events, photographers, skipFirstVisit } from './support/browse';

/**
 * Nothing may shift while the page loads. After load a first visit switches to Pretendard (decision 007),
 * whose metrics are close to the system font's: a wrapped line can move text below it by a pixel or two
 * (Lighthouse, which stops at load plus a moment, reports 0.000–0.0005). Pictures never move.
 */
const FONT_SWITCH_SHIFT = 0.01;

interface Paint {
  stylesheetsAtReady: number;
  lcp: { tag: string; src: string; fetchpriority: string | null } | null;
  shiftsBeforeLoad: number;
  shifts: number;
}

/** Watches the page from its first byte: largest paint, layout shifts (before load and in all). */
async function watchPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { paint: Paint };
    w.paint = { stylesheetsAtReady: -1, lcp: null, shiftsBeforeLoad: 0, shifts: 0 };
    let loaded = false;
    addEventListener('load', () => (loaded = true));
    document.addEventListener('DOMContentLoaded', () => {
      w.paint.stylesheetsAtReady = document.querySelectorAll('link[rel="stylesheet"]').length;
    });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (e.hadRecentInput) continue;
        w.paint.shifts += e.value;
        if (!loaded) w.paint.shiftsBeforeLoad += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1) as (PerformanceEntry & { element: Element | null }) | undefined;
      const el = last?.element;
      if (!el) return;
      w.paint.lcp = {
        tag: el.tagName.toLowerCase(),
        src: (el as HTMLImageElement).currentSrc ?? '',
        fetchpriority: el.getAttribute('fetchpriority'),
      };
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** After load and the switch to Pretendard. */
async function settled(page: Page): Promise<Paint> {
  await expect(page.locator('html')).toHaveClass(/\bfonts\b/);
  await page.waitForFunction(() => document.fonts.status === 'loaded');
  await page.waitForTimeout(300);
  return page.evaluate(() => (window as unknown as { paint: Paint }).paint);
}

test.describe('first paint', () => {
  test('event page: the first picture is the largest paint, preloaded, high priority, a variant that fits', async ({
    page,
    request,
  }) => {
    // A demo event (the first seeded, lowest id): its artwork is a picture. Events other tests create use
    // flat test pictures, which Chrome does not count as a largest paint (low-entropy images).
    const [first] = (await events(request)).sort((a, b) => a.id - b.id);
    expect(first).toBeDefined();
    await skipFirstVisit(page);
    await watchPaint(page);
    await page.goto(`/event/${first?.id}`);
    const picture = page.locator('.swiper-slide img').first();
    await expect(picture).toHaveAttribute('fetchpriority', 'high');
    await expect(picture).toHaveAttribute('loading', 'eager');
    await expect(picture).toHaveAttribute('width', '1200');
    await expect(picture).toHaveAttribute('height', '1200');
    await expect(picture).toHaveAttribute(
      'srcset',
      /_480\.webp 480w, \/media\/[0-9a-f]{2}\/[0-9a-f]{64}_960\.webp 960w/,
    );
    await expect(picture).toHaveAttribute('sizes', '(max-width: 430px) 100vw, 430px');
    const preload = page.locator('link[rel="preload"][as="image"]');
    await expect(preload).toHaveAttribute('fetchpriority', 'high');
    await expect(preload).toHaveAttribute('imagesrcset', (await picture.getAttribute('srcset')) ?? '');
    // 390 CSS px at 1×: the 480 px variant, loaded (not the stored picture of up to 2048 px).
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeTruthy();
    expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/_480\.webp$/);

    const paint = await settled(page);
    expect(paint.stylesheetsAtReady).toBe(0);
    expect(paint.lcp?.tag).toBe('img');
    expect(paint.lcp?.fetchpriority).toBe('high');
    expect(paint.lcp?.src).toMatch(/_480\.webp$/);
    // Swiper is not needed for the first paint: it is asked for after load and the largest paint.
    await expect(page.locator('[data-swiper-gallery]')).toHaveClass(/swiper-initialized/);
    expect(
      await page.evaluate(async () => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        // Largest-paint entries are only given to an observer (buffered), not by getEntriesByType.
        const lcp = await new Promise<PerformanceEntry | undefined>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1))).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          });
          setTimeout(() => resolve(undefined), 1000);
        });
        const swiper = performance.getEntriesByType('resource').filter((e) => /\/swiper-gallery\./.test(e.name));
        return (
          lcp !== undefined &&
          swiper.length > 0 &&
          swiper.every((e) => e.startTime >= nav.loadEventStart && e.startTime >= lcp.startTime)
        );
      }),
    ).toBe(true);
    expect(paint.shiftsBeforeLoad).toBe(0);
    expect(paint.shifts).toBeLessThan(FONT_SWITCH_SHIFT);
  });

  test('event page: a touch on the gallery before the largest paint starts swiper at once', async ({
    page,
    request,
  }) => {
    const [first] = (await events(request)).sort((a, b) => a.id - b.id);
    await skipFirstVisit(page);
    // Pictures that never arrive: the page never loads, so the largest paint's moment never comes.
    await page.route('**/media/**', () => undefined);
    await page.goto(`/event/${first?.id}`, { waitUntil: 'domcontentloaded' });
    const gallery = page.locator('[data-swiper-gallery]');
    await page.waitForTimeout(1500);
    await expect(gallery).not.toHaveClass(/swiper-initialized/);
    await gallery.dispatchEvent('pointerdown');
    await expect(gallery).toHaveClass(/swiper-initialized/);
  });

  test('photographer page: the profile picture is high priority, eager, a small variant; nothing shifts', async ({
    page,
    request,
  }) => {
    const [first] = await photographers(request);
    expect(first).toBeDefined();
    await skipFirstVisit(page);
    await watchPaint(page);
    await page.goto(`/photographer/${first?.id}`);
    const avatar = page.locator('.profile .avatar img');
    await expect(avatar).toHaveAttribute('fetchpriority', 'high');
    await expect(avatar).toHaveAttribute('loading', 'eager');
    await expect(avatar).toHaveAttribute('width', '240');
    await expect(avatar).toHaveAttribute('height', '240');
    await expect(avatar).toHaveAttribute('srcset', /_240\.webp 240w, .*_480\.webp 480w$/);
    await expect(avatar).toHaveAttribute('sizes', '88px');
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeTruthy();
    expect(await avatar.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/media\/[0-9a-f]{2}\/[0-9a-f]{64}_240\.webp$/,
    );

    const paint = await settled(page);
    expect(paint.stylesheetsAtReady).toBe(0);
    expect(paint.lcp).not.toBeNull();
    expect(paint.shiftsBeforeLoad).toBe(0);
    expect(paint.shifts).toBeLessThan(FONT_SWITCH_SHIFT);
  });

  test('no public page has a script file the parser finds: what the paint does not need loads after it', async ({
    page,
    request,
  }) => {
    const [event] = await events(request);
    const [photographer] = await photographers(request);
    await skipFirstVisit(page);
    const paths = ['/', '/events', `/event/${event?.id}`, '/photographers', `/photographer/${photographer?.id}`];
    for (const path of [...paths, '/search']) {
      await watchPaint(page);
      await page.goto(path);
      // Font loading and the other small behaviours are inline module scripts (astro.config.mjs); deadline
      // labels and the home page's links load after the largest paint (AfterPaint), and the detail pages'
      // parts, the gallery's swiper among them, the same way (DetailAfterPaint).
      expect(await page.locator('script[src]').count(), path).toBe(0);
      expect(await page.locator('script[type="module"]:not([src])').count(), path).toBeGreaterThan(0);
      expect(await page.locator('astro-island[component-export="AfterPaint"][client="painted"]').count(), path).toBe(1);
      const detail = page.locator('astro-island[component-export="DetailAfterPaint"][client="painted"]');
      const details = { [`/event/${event?.id}`]: 2, [`/photographer/${photographer?.id}`]: 1 };
      expect(await detail.count(), path).toBe(details[path] ?? 0);
      const paint = await settled(page);
      expect(paint.shiftsBeforeLoad, path).toBe(0);
    }
  });

  test('home: no favicon file, so none is asked for before the largest paint', async ({ page }) => {
    await skipFirstVisit(page);
    await watchPaint(page);
    // The browser fetches a favicon right after load, on a connection of its own over HTTP/1.1, in front
    // of the first screen's pictures (decision 019).
    await page.addInitScript(() => {
      addEventListener('load', () => {
        (window as unknown as { iconsAtLoad: string[] }).iconsAtLoad = Array.from(
          document.querySelectorAll('link[rel="icon"]'),
          (l) => `${l.getAttribute('rel')} ${l.getAttribute('href')?.slice(0, 19)}`,
        );
      });
    });
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto('/');
    await settled(page);
    expect(await page.evaluate(() => (window as unknown as { iconsAtLoad: string[] }).iconsAtLoad)).toEqual([
      'icon data:image/svg+xml,',
    ]);
    expect(asked.filter((p) => /favicon/.test(p))).toEqual([]);
  });

  test('the served HTML of every page links the web app manifest from its head (issue 39)', async ({ request }) => {
    // Installers, crawlers and Safari read the HTML as served, without running its scripts.
    const [event] = await events(request);
    const [photographer] = await photographers(request);
    const paths = ['/', '/events', `/event/${event?.id}`, '/photographers', `/photographer/${photographer?.id}`];
    for (const path of [...paths, '/search', '/login', '/mypage']) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      const head = (await res.text()).split('</head>')[0] ?? '';
      expect(head.match(/<link rel="manifest"[^>]*>/g), path).toEqual([
        '<link rel="manifest" href="/manifest.webmanifest">',
      ]);
    }
  });

  test('list pages: every card picture is a variant of its slot, the first ones eager; nothing shifts', async ({
    page,
  }) => {
    await skipFirstVisit(page);
    await watchPaint(page);
    await page.goto('/events');
    const pictures = page.locator('ul.list article img');
    await expect(pictures.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(pictures.first()).toHaveAttribute('sizes', '96px');
    await expect(pictures.first()).toHaveAttribute('src', /_240\.webp$/);
    await expect(pictures.nth(4)).toHaveAttribute('loading', 'lazy');
    // Asked for from the top of the head, before any script.
    const preload = page.locator('head > link[rel="preload"][as="image"]');
    await expect(preload).toHaveAttribute('href', (await pictures.first().getAttribute('src')) ?? '');
    await expect(preload).toHaveAttribute('imagesrcset', (await pictures.first().getAttribute('srcset')) ?? '');
    expect(
      await page.evaluate(() => {
        const link = document.querySelector('head > link[rel="preload"][as="image"]');
        const script = document.querySelector('head > script[src], head > script[type="module"]');
        return !!link && (!script || !!(link.compareDocumentPosition(script) & Node.DOCUMENT_POSITION_FOLLOWING));
      }),
    ).toBe(true);
    await expect
      .poll(() => pictures.first().evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toMatch(/_240\.webp$/);
    const paint = await settled(page);
    expect(paint.stylesheetsAtReady).toBe(0);
    expect(paint.lcp?.tag).toBe('img');
    expect(paint.shiftsBeforeLoad).toBe(0);
    expect(paint.shifts).toBeLessThan(FONT_SWITCH_SHIFT);
  });
});
