/**
 * Issue 45 at 390×844 on the demo data: a spacing the titles do not use still finds the event, a
 * suggestion is chosen with the keyboard, a recent search is removed, and /events leads with open events.
 */
import { expect, test } from '@playwright/test';
import { events, islandReady, skipFirstVisit } from './support/browse';

test.beforeEach(async ({ page }) => {
  await skipFirstVisit(page);
});

test('typing 가족스냅 finds the family snap event', async ({ page }) => {
  await page.goto('/search');
  const field = page.getByRole('combobox', { name: '검색어' });
  await field.fill('가족스냅');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\?searchKeyword=%EA%B0%80%EC%A1%B1%EC%8A%A4%EB%83%85$/);
  // The overview's event is an open one whose title holds the words: 가을 단풍 가족 스냅.
  const overview = page.getByRole('region', { name: '이벤트 한눈에 보기' });
  await expect(overview.getByRole('link', { name: /가족 스냅/ }).first()).toBeVisible();
  await page.getByRole('link', { name: '검색된 이벤트 더보기' }).click();
  await expect(page.getByRole('link', { name: /가을 단풍 가족 스냅/ }).first()).toBeVisible();
});

test('a suggestion is chosen with the keyboard', async ({ page }) => {
  await page.goto('/search');
  await islandReady(page, 'SearchField');
  const field = page.getByRole('combobox', { name: '검색어' });
  await field.pressSequentially('증명', { delay: 30 });
  const list = page.getByRole('listbox', { name: '추천 검색어' });
  await expect(list).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  const first = list.getByRole('option').first();
  const text = (await first.locator('span').first().textContent()) ?? '';
  expect(text).toContain('증명');
  await field.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
  await field.press('Enter');
  await expect(page).toHaveURL(`/search?${new URLSearchParams({ searchKeyword: text })}`);
  await expect(page.getByRole('combobox', { name: '검색어' })).toHaveValue(text);
  // Escape closes the list.
  await islandReady(page, 'SearchField');
  await page.getByRole('combobox', { name: '검색어' }).fill('스냅 ');
  await expect(page.getByRole('listbox', { name: '추천 검색어' })).toBeVisible();
  await page.getByRole('combobox', { name: '검색어' }).press('Escape');
  await expect(page.getByRole('listbox', { name: '추천 검색어' })).toBeHidden();
});

test('recent searches are kept on the device, each removable', async ({ page }) => {
  await page.goto('/search');
  await islandReady(page, 'SearchField');
  for (const keyword of ['야경', '바프']) {
    const field = page.getByRole('combobox', { name: '검색어' });
    await field.fill(keyword);
    await field.press('Enter');
    await expect(page).toHaveURL(`/search?${new URLSearchParams({ searchKeyword: keyword })}`);
    await islandReady(page, 'SearchField');
  }
  await page.goto('/search');
  await islandReady(page, 'SearchField');
  await page.getByRole('combobox', { name: '검색어' }).click();
  const recent = page.getByRole('region', { name: '최근 검색어' });
  await expect(recent.getByRole('button', { name: '바프', exact: true })).toBeVisible();
  await expect(recent.getByRole('button', { name: '야경', exact: true })).toBeVisible();
  await recent.getByRole('button', { name: '최근 검색어 ‘야경’ 삭제' }).click();
  await expect(recent.getByRole('button', { name: '야경', exact: true })).toHaveCount(0);
  await expect(recent.getByRole('button', { name: '바프', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('damabwa.recentSearches'))).toBe('["바프"]');
  await recent.getByRole('button', { name: '최근 검색어 전체 삭제' }).click();
  await expect(recent.getByText('최근 검색어가 없어요')).toBeVisible();
  // Chosen from the list, a recent search is searched again.
  await page.getByRole('combobox', { name: '검색어' }).fill('바프');
  await page.getByRole('combobox', { name: '검색어' }).press('Enter');
  await page.goto('/search');
  await islandReady(page, 'SearchField');
  await page.getByRole('combobox', { name: '검색어' }).click();
  await page.getByRole('region', { name: '최근 검색어' }).getByRole('button', { name: '바프', exact: true }).click();
  await expect(page).toHaveURL(`/search?${new URLSearchParams({ searchKeyword: '바프' })}`);
});

test('/events opens on an open event; closed ones come after the open ones', async ({ page, request }) => {
  const list = await events(request);
  const firstEnded = list.findIndex((e) => e.progressStatus === 'ENDED');
  expect(list[0]?.progressStatus).not.toBe('ENDED');
  if (firstEnded >= 0) expect(list.slice(firstEnded).every((e) => e.progressStatus === 'ENDED')).toBe(true);
  await page.goto('/events');
  const firstCard = page.locator('main a[href^="/event/"]').first();
  await expect(firstCard).toHaveAttribute('href', `/event/${list[0]!.id}`);
});
