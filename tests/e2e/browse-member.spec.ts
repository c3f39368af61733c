/**
 * Browsing as a member (issue 7): the save toggle persists across reloads, the page's saved state comes
 * from one batched call, the my-page icon, the post-event button for photographers, and the author's
 * options menu (edit, delete). Sessions come from the Kakao stand-in (tests/support/auth.ts).
 */
import { expect, test, type Route } from '@playwright/test';
import { events, optionsMenuReady, saveButtonsReady, signInAs, watchPage } from './support/browse';

test.describe('as a member', () => {
  test('saving an event persists across reload, in the list and on the detail page', async ({ page, baseURL }) => {
    const problems = watchPage(page);
    await signInAs(page, baseURL ?? '', 'demo-user');
    const batchCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/users/me/saves')) batchCalls.push(r.url());
    });

    await page.goto('/events');
    await saveButtonsReady(page);
    await expect.poll(() => batchCalls.length).toBe(1);
    // One call for every event on the page.
    const ids = new URL(batchCalls[0] ?? '').searchParams.get('promotionIds')?.split(',') ?? [];
    expect(ids).toHaveLength(10);

    // A card below the fold is live too, and keeps the count the server rendered.
    const cards = page.getByRole('list', { name: '이벤트 목록' }).locator('article');
    const last = cards.last().getByRole('button', { name: /저장하기/ });
    const rendered = await last.getAttribute('data-save-count');
    // (Journeys before this one may have put new, unsaved events on the page: the count may be 0.)
    expect(rendered).toMatch(/^\d+$/);
    await page.waitForLoadState('networkidle');
    await expect(last).toBeEnabled();
    await expect(last.locator('span[aria-hidden="true"]')).toHaveText(rendered ?? '');

    const card = page.getByRole('list', { name: '이벤트 목록' }).locator('article').first();
    const href = (await card.locator('a').first().getAttribute('href')) ?? '';
    const toggle = card.getByRole('button', { name: /저장하기/ });
    await page.waitForLoadState('networkidle');
    const wasSaved = (await toggle.getAttribute('aria-pressed')) === 'true';
    const count = Number(await toggle.locator('span[aria-hidden="true"]').textContent());

    const answer = page.waitForResponse((r) => /\/api\/v1\/promotions\/\d+\/(save|unsave)$/.test(r.url()));
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', String(!wasSaved));
    await expect(toggle.locator('span[aria-hidden="true"]')).toHaveText(String(count + (wasSaved ? -1 : 1)));
    expect((await answer).status()).toBe(204);

    await page.reload();
    await expect(
      page
        .getByRole('list', { name: '이벤트 목록' })
        .locator('article')
        .first()
        .getByRole('button', { name: /저장하기/ }),
    ).toHaveAttribute('aria-pressed', String(!wasSaved));

    await page.goto(href);
    const bar = page.getByRole('button', { name: /저장하기/ });
    await expect(bar).toHaveAttribute('aria-pressed', String(!wasSaved));
    await expect(bar.locator('span[aria-hidden="true"]')).toHaveText(String(count + (wasSaved ? -1 : 1)));

    // Back as it was.
    const undo = page.waitForResponse((r) => /\/api\/v1\/promotions\/\d+\/(save|unsave)$/.test(r.url()));
    await bar.click();
    expect((await undo).status()).toBe(204);
    await page.reload();
    await expect(page.getByRole('button', { name: /저장하기/ })).toHaveAttribute('aria-pressed', String(wasSaved));
    expect(problems).toEqual([]);
  });

  test('saving a photographer persists across reload', async ({ page, baseURL, request }) => {
    await signInAs(page, baseURL ?? '', 'demo-user');
    const list = (await (await request.get('/api/v1/photographers/list?pageSize=1&sortType=POPULAR')).json()) as {
      items: { id: number }[];
    };
    const id = list.items[0]?.id;
    await page.goto(`/photographer/${id}`);
    await saveButtonsReady(page);
    await page.waitForLoadState('networkidle');
    // The profile's toggle: the page's event cards have their own (issue 22).
    const profileToggle = () => page.getByRole('button', { name: /저장하기/ }).first();
    const toggle = profileToggle();
    const wasSaved = (await toggle.getAttribute('aria-pressed')) === 'true';
    const answer = page.waitForResponse((r) => /\/api\/v1\/photographers\/\d+\/(save|unsave)$/.test(r.url()));
    await toggle.click();
    expect((await answer).status()).toBe(204);
    await page.reload();
    await expect(profileToggle()).toHaveAttribute('aria-pressed', String(!wasSaved));
    const undo = page.waitForResponse((r) => /\/api\/v1\/photographers\/\d+\/(save|unsave)$/.test(r.url()));
    await profileToggle().click();
    expect((await undo).status()).toBe(204);
  });

  test('a failed save rolls back and says why, without asking a member to log in', async ({ page, baseURL }) => {
    await signInAs(page, baseURL ?? '', 'demo-user');
    await page.route(/\/api\/v1\/promotions\/\d+\/(save|unsave)$/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL_ERROR","message":"x"}' }),
    );
    await page.goto('/events');
    await saveButtonsReady(page);
    await page.waitForLoadState('networkidle');
    const toggle = page.getByRole('button', { name: /저장하기/ }).first();
    const pressed = await toggle.getAttribute('aria-pressed');
    await toggle.click();
    // Only a 401 means "log in" (issue 20): any other failure names its cause.
    await expect(page.getByRole('status').getByText(/못했어요\. x$/)).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-pressed', pressed ?? 'false');
  });

  test('the my-page icon goes to /mypage with a token; home refreshes the session', async ({ page, baseURL }) => {
    const signedIn = await signInAs(page, baseURL ?? '', 'demo-user');
    const refresh = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh'));
    await page.goto('/');
    expect((await refresh).status()).toBe(200);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('refreshToken')))
      .not.toBe(signedIn.refreshToken.value);
    await page.getByRole('link', { name: '마이페이지' }).click();
    await expect(page).toHaveURL(/\/mypage$/);
  });

  test('the post-event button shows for a photographer', async ({ page, baseURL }) => {
    await signInAs(page, baseURL ?? '', 'demo-photographer');
    await page.goto('/events');
    await expect(page.getByRole('link', { name: '이벤트 등록하기' })).toHaveAttribute('href', '/new/event');
  });

  test("the author's options: edit goes to the form, delete confirms and returns to /events", async ({
    page,
    baseURL,
    request,
  }) => {
    const me = await signInAs(page, baseURL ?? '', 'demo-photographer');
    const mine = (await events(request)).filter((e) => e.author?.id === me.user.id && !e.isAuthorHidden);
    const [keep, remove] = [mine[0], mine[mine.length - 1]];
    if (!keep || !remove || keep.id === remove.id) throw new Error('demo-photographer needs two events');

    await page.goto(`/event/${keep.id}`);
    await page.getByRole('button', { name: '이벤트 관리 메뉴' }).click();
    await expect(page.getByRole('menuitem', { name: '수정하기' })).toHaveAttribute(
      'href',
      `/new/event?edit=${keep.id}`,
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    await page.goto(`/event/${remove.id}`);
    await page.getByRole('button', { name: '이벤트 관리 메뉴' }).click();
    await page.getByRole('menuitem', { name: '삭제하기' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('이벤트를 삭제할까요?');
    const deleted = page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/promotions/${remove.id}`),
    );
    await dialog.getByRole('button', { name: '삭제' }).click();
    expect((await deleted).status()).toBe(204);
    await expect(page).toHaveURL(/\/events$/);
    expect((await request.get(`/api/v1/promotions/${remove.id}`)).status()).toBe(404);

    // Someone else's event: only 신고하기 (issue 22), no edit or delete.
    const other = (await events(request)).find((e) => e.author !== null && e.author.id !== me.user.id);
    await page.goto(`/event/${other?.id}`);
    await optionsMenuReady(page);
    await page.waitForLoadState('networkidle');
    // Named for what it holds: 더보기 for a reporter, 관리 only with edit and delete.
    await expect(page.getByRole('button', { name: '이벤트 관리 메뉴' })).toHaveCount(0);
    await page.getByRole('button', { name: '더보기' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['신고하기']);
  });

  test("the author's delete that fails stays on the event page and says so in Korean (issue 39)", async ({
    page,
    baseURL,
    request,
  }) => {
    const me = await signInAs(page, baseURL ?? '', 'demo-photographer');
    const mine = (await events(request)).find((e) => e.author?.id === me.user.id && !e.isAuthorHidden);
    if (!mine) throw new Error('demo-photographer needs an event');
    const failures = [
      {
        answer: (route: Route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
        message: '삭제하지 못했어요. 잠시 후 다시 시도해 주세요.',
      },
      {
        answer: (route: Route) =>
          route.fulfill({
            status: 403,
            json: {
              code: 'PROMOTION_DELETE_PERMISSION_DENIED',
              message: '작성자 또는 관리자만 이벤트를 삭제할 수 있어요.',
            },
          }),
        message: '삭제하지 못했어요. 작성자 또는 관리자만 이벤트를 삭제할 수 있어요.',
      },
      {
        answer: (route: Route) => route.abort('internetdisconnected'),
        message: '삭제하지 못했어요. 네트워크 연결을 확인해 주세요.',
      },
    ];
    await page.goto(`/event/${mine.id}`);
    for (const { answer, message } of failures) {
      await page.route(`**/api/v1/promotions/${mine.id}`, (route) =>
        route.request().method() === 'DELETE' ? answer(route) : route.fallback(),
      );
      await page.getByRole('button', { name: '이벤트 관리 메뉴' }).click();
      await page.getByRole('menuitem', { name: '삭제하기' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: '삭제' }).click();
      await expect(page.getByRole('status').getByText(message)).toBeVisible();
      await page.waitForTimeout(300);
      await expect(page).toHaveURL(new RegExp(`/event/${mine.id}$`));
      await page.unrouteAll();
    }
    expect((await request.get(`/api/v1/promotions/${mine.id}`)).status()).toBe(200);
  });
});
