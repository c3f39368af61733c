/** Helpers of the browse journeys: demo data look-ups through the API, sessions, hydration. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { signIn, type LoginAnswer } from '../../support/auth';

export interface ListEvent {
  id: number;
  title: string;
  startedAt: string;
  endedAt: string;
  saveCount: number;
  isAuthorHidden: boolean;
  author: { id: number } | null;
  progressStatus: 'UPCOMING' | 'ONGOING' | 'ENDED';
}

export interface ListPhotographer {
  id: number;
  nickname: string;
}

export async function events(request: APIRequestContext, query = ''): Promise<ListEvent[]> {
  const res = await request.get(`/api/v1/promotions/list?pageSize=100${query ? `&${query}` : ''}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: ListEvent[] }).items;
}

export async function photographers(request: APIRequestContext): Promise<ListPhotographer[]> {
  const res = await request.get('/api/v1/photographers/list?pageSize=100');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: ListPhotographer[] }).items;
}

const DAY = 86_400_000;

/** Today's KST date, `YYYY-MM-DD`. */
export function todayKst(now = Date.now()): string {
  return new Date(now + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** Whole days from today (KST) to `date`. */
export function daysUntil(date: string, now = Date.now()): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${todayKst(now)}T00:00:00Z`)) / DAY);
}

/** The first-visit dialog would cover home: mark this tab as visited. */
export async function skipFirstVisit(page: Page): Promise<void> {
  await page.addInitScript(() => sessionStorage.setItem('visited', 'true'));
}

/** Signs in through the Kakao stand-in and puts the session where the browser keeps it. */
export async function signInAs(page: Page, baseURL: string, account: string): Promise<LoginAnswer> {
  const answer = await signIn(baseURL, account);
  await page.addInitScript(
    ([access, refresh, user]: [string, string, string]) => {
      if (localStorage.getItem('e2e-signed-in') === access) return;
      localStorage.setItem('e2e-signed-in', access);
      localStorage.setItem('accessToken', access);
      localStorage.setItem('refreshToken', refresh);
      localStorage.setItem('sessionUser', user);
      sessionStorage.setItem('visited', 'true');
    },
    [
      answer.accessToken.value,
      answer.refreshToken.value,
      JSON.stringify({ id: answer.user.id, roles: answer.user.roles }),
    ] as [string, string, string],
  );
  return answer;
}

/** Waits until the first island of the named component has hydrated (Astro drops `ssr` then). */
export async function islandReady(page: Page, component: string, index = 0): Promise<void> {
  const island = page.locator(`astro-island[component-url*="/${component}."]`).nth(index);
  await expect(island).toBeAttached();
  await expect(island).not.toHaveAttribute('ssr');
}

/**
 * Waits until the page's save buttons are live: `src/client/save-buttons.ts` (loaded once per page by
 * BaseLayout's `AfterPaint` island, after the largest paint) has enabled them (decision 008).
 */
export async function saveButtonsReady(page: Page): Promise<void> {
  await expect(page.locator('button[data-save]').first()).toBeEnabled();
}

/** Waits until the page's share button is live (`src/client/share-buttons.ts`, after the largest paint). */
export async function shareReady(page: Page): Promise<void> {
  await expect(page.locator('button[data-share-url]').first()).toBeEnabled();
}

/** Waits until a tap on a portfolio tile opens the viewer (`src/client/portfolio-grid.ts`). */
export async function portfolioReady(page: Page): Promise<void> {
  await expect(page.locator('[data-portfolio][data-live]')).toBeAttached();
}

/** Waits until the page script has taken the options menu's slot (`src/client/options-menus.ts`); a visitor's stays empty. */
export async function optionsMenuReady(page: Page): Promise<void> {
  await expect(page.locator('[data-options-menu][data-live]')).toBeAttached();
}

/** Collects CSP violations, hydration errors and uncaught errors. */
export function watchPage(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Refused to|hydrat|Minified React error/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/** A screenshot at the phone width and one at a desktop width, into `dir` when it is set. */
export async function shotsAt(dir: string | undefined, page: Page, name: string): Promise<void> {
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${dir}/${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
}
