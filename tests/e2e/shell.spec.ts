import { expect, test } from '@playwright/test';

test.describe('page shell', () => {
  test('home is Korean, has the brand theme colour and the footer from configuration', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#622AA9');
    const footer = page.locator('footer');
    await expect(footer).toContainText('개인정보처리방침');
    await expect(footer).toContainText('이용약관');
    await expect(footer).toContainText('통신판매중개자');
    await expect(footer).toContainText('partner@damabwa.kr');
    const column = await page.locator('.app-column').boundingBox();
    expect(column?.width).toBeLessThanOrEqual(430);
  });

  test('the content security policy blocks nothing the pages need', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
    });
    const res = await page.goto('/');
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
    expect(csp).not.toContain('unsafe-inline');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(violations).toEqual([]);
  });

  test('an unknown path lands on home', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page).toHaveURL(/\/$/);
  });
});
