/**
 * The modals are the platform's <dialog> opened with showModal(): in the top layer with the page behind
 * inert, Escape closes them and focus goes back to what opened them. DIALOG_SHOTS=<dir> saves each one
 * open at 390 px and 1280 px.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { newPhotographer } from '../support/api';
import { islandReady, photographers, portfolioReady, shotsAt, skipFirstVisit } from './support/browse';
import { hydrated, useSession } from './support/member';

const shotsDir = process.env['DIALOG_SHOTS'];

async function shots(page: Page, name: string): Promise<void> {
  await shotsAt(shotsDir, page, name);
}

/** Open as a modal <dialog>, and the page behind it does not take a click. */
async function expectModal(dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => el.tagName === 'DIALOG' && el.matches(':modal'))).toBe(true);
  expect(await dialog.page().evaluate(() => document.elementFromPoint(1, 400)?.closest('dialog') ?? null)).not.toBe(
    null,
  );
}

test.use({ viewport: { width: 390, height: 844 } });

test('the first-visit dialog is modal and its button closes it', async ({ page }) => {
  await page.goto('/');
  const dialog = page.getByRole('dialog');
  await expectModal(dialog);
  await expect(dialog.getByRole('button')).toBeFocused();
  await shots(page, 'first-visit');
  await dialog.getByRole('button').click();
  await expect(dialog).toHaveCount(0);
});

test('the confirmation is modal, focuses its action, and Escape gives focus back', async ({ page }) => {
  await skipFirstVisit(page);
  await page.goto('/');
  await islandReady(page, 'DialogHost');
  const trigger = page.getByRole('link', { name: '마이페이지' });
  await trigger.click();
  const dialog = page.getByRole('alertdialog');
  await expectModal(dialog);
  await expect(dialog.getByRole('button', { name: '로그인하기' })).toBeFocused();
  await shots(page, 'confirm');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
});

test('the region sheet is modal; Escape closes it and focus returns to its button', async ({ page }) => {
  await skipFirstVisit(page);
  await page.goto('/events');
  await islandReady(page, 'FilterBar');
  const trigger = page.getByRole('button', { name: '지역' });
  await trigger.click();
  const sheet = page.getByRole('dialog', { name: '지역 선택' });
  await expectModal(sheet);
  await shots(page, 'region-sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(trigger).toBeFocused();
});

test('the portfolio viewer is modal; Escape closes it and focus returns to its tile', async ({ page, request }) => {
  await skipFirstVisit(page);
  const target = (await photographers(request))[0];
  if (!target) throw new Error('no photographer');
  await page.goto(`/photographer/${target.id}`);
  await portfolioReady(page);
  const tile = page.getByRole('link', { name: /크게 보기/ }).first();
  await tile.click();
  const viewer = page.getByRole('dialog');
  await expectModal(viewer);
  await expect(viewer.locator('img')).toBeVisible();
  // Next and previous, by the arrow keys: the counter and the tile's full picture follow.
  const tiles = page.getByRole('link', { name: /크게 보기/ });
  const total = await tiles.count();
  expect(total).toBeGreaterThan(1);
  await expect(viewer.getByRole('heading')).toContainText(`1 / ${total}`);
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByRole('heading')).toContainText(`2 / ${total}`);
  const second = await tiles.nth(1).evaluate((a) => (a as HTMLAnchorElement).href);
  expect(await viewer.locator('img').evaluate((img) => (img as HTMLImageElement).src)).toBe(second);
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByRole('heading')).toContainText(`1 / ${total}`);
  await shots(page, 'portfolio-viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(tile).toBeFocused();
});

test('the address sheet is modal and closes with its ✕', async ({ page, baseURL }) => {
  await useSession(page, await newPhotographer(baseURL ?? '', { withPage: true }));
  await page.goto('/edit/photographer/detail');
  await hydrated(page);
  const trigger = page.getByRole('button', { name: '주소 검색' });
  await trigger.click();
  const sheet = page.getByRole('dialog', { name: '주소 검색' });
  await expectModal(sheet);
  await expect(sheet.getByRole('button', { name: '검색', exact: true })).toBeVisible();
  await shots(page, 'address-sheet');
  await sheet.getByRole('button', { name: '주소 검색 닫기' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(trigger).toBeFocused();
});
