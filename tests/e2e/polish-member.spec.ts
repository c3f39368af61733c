/**
 * Issue 20, member pages at 390×844: saving, failures that say why, saved lists, withdrawal, the
 * photographer editors, bottom navigation and the sign-up's last screens.
 * Set POLISH_SHOTS=/some/dir to keep screenshots of every changed screen at 390 px and at 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { call, newMember, newPhotographer, newUser, type Session } from '../support/api';
import { events, photographers, saveButtonsReady, shotsAt, watchPage } from './support/browse';
import { freshNickname, hydrated, shade, solidPng, useSession } from './support/member';

const shotsDir = process.env['POLISH_SHOTS'];
async function shots(page: Page, name: string): Promise<void> {
  await shotsAt(shotsDir, page, name);
}

/** The browser state of a member who signed in with Kakao but never finished sign-up. */
async function halfSignedUp(page: Page, member: Session, sessionItems: Record<string, string> = {}): Promise<void> {
  await page.addInitScript(
    ([access, refresh, items]) => {
      localStorage.setItem('accessToken', access);
      localStorage.setItem('refreshToken', refresh);
      localStorage.setItem('sessionUser', JSON.stringify({ id: -1, roles: [''] }));
      sessionStorage.setItem('visited', 'true');
      for (const [k, v] of Object.entries(items)) if (sessionStorage.getItem(k) === null) sessionStorage.setItem(k, v);
    },
    [member.accessToken.value, member.refreshToken.value, sessionItems] as const,
  );
}

const toasts = (page: Page) => page.getByRole('status');

test.describe('saving', () => {
  test('an unfinished sign-up cannot save: the API refuses with its own code, the app goes to /signup', async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const member = await newMember(base);
    const refused = await call(base, 'POST', '/api/v1/promotions/8/save', { token: member.token });
    expect(refused).toMatchObject({ status: 403, body: { code: 'REGISTRATION_REQUIRED' } });
    await halfSignedUp(page, member);
    await page.goto('/event/8');
    await saveButtonsReady(page);
    await page.getByRole('button', { name: /저장하기/ }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('a failed save names its cause and puts the toggle back; it never asks a member to log in', async ({
    page,
    baseURL,
  }) => {
    const problems = watchPage(page);
    await useSession(page, await newUser(baseURL ?? ''));
    await page.goto('/event/8');
    await saveButtonsReady(page);
    const toggle = page.getByRole('button', { name: /저장하기/ });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await page.route('**/api/v1/promotions/8/save', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'PROMOTION_NOT_FOUND', message: '이벤트를 찾을 수 없어요.' }),
      }),
    );
    await toggle.click();
    await expect(toasts(page).getByText('저장하지 못했어요. 이벤트를 찾을 수 없어요.')).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await shots(page, 'save-failed');
    await page.unroute('**/api/v1/promotions/8/save');
    await page.route('**/api/v1/promotions/8/save', (route) => route.abort('internetdisconnected'));
    await toggle.click();
    await expect(toasts(page).getByText('저장하지 못했어요. 네트워크 연결을 확인해 주세요.')).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
  });

  test('saved lists show whole event titles and a count on the photographer bookmarks', async ({
    page,
    request,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const user = await newUser(base);
    const long = (await events(request)).find((e) => [...e.title].length > 9);
    const photographer = (await photographers(request))[0];
    expect(long && photographer).toBeTruthy();
    await call(base, 'POST', `/api/v1/promotions/${long?.id ?? 0}/save`, { token: user.token });
    await call(base, 'POST', `/api/v1/photographers/${photographer?.id ?? 0}/save`, { token: user.token });
    const details = await call(base, 'GET', `/api/v1/photographers/${photographer?.id ?? 0}/details`);
    const count = (details.body as { saveCount: number }).saveCount;
    expect(count).toBeGreaterThan(0);
    await useSession(page, user);

    await page.goto('/my/saved/promotion');
    const row = page
      .getByRole('list', { name: /저장한 이벤트/ })
      .getByRole('listitem')
      .first();
    await expect(row.getByRole('heading')).toHaveText(long?.title ?? '');
    await shots(page, 'saved-events');

    await page.goto('/my/saved/photographer');
    const bookmark = page.getByRole('button', { name: new RegExp(`${photographer?.nickname ?? ''} 저장하기`) });
    await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
    await expect(bookmark).toContainText(`저장 ${count}`);
    await shots(page, 'saved-photographers');
    await bookmark.click();
    await expect(bookmark).toContainText(`저장 ${count - 1}`);
  });
});

test.describe('member pages', () => {
  test('withdrawal ends on home with word that the account and its data were deleted', async ({ page, baseURL }) => {
    await useSession(page, await newUser(baseURL ?? ''));
    await page.goto('/mypage');
    await hydrated(page);
    await page.getByRole('button', { name: '회원 탈퇴' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '탈퇴하기' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toasts(page).getByText('탈퇴가 완료되었어요. 계정과 모든 정보가 삭제되었어요.')).toBeVisible();
    await shots(page, 'withdrawn');
  });

  test('a failed profile save stays on the form, readable, with what was typed', async ({ page, baseURL }) => {
    await useSession(page, await newUser(baseURL ?? ''));
    await page.goto('/edit/user');
    await hydrated(page);
    await page.route('**/api/v1/users/me/profile', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'NICKNAME_ALREADY_EXISTS', message: '이미 사용 중인 닉네임이에요.' }),
      }),
    );
    await page.getByLabel(/인스타그램 아이디/).fill('polish.test');
    await page.getByRole('button', { name: '수정 완료' }).click();
    const reason = page.getByRole('alert').filter({ hasText: '수정하지 못했어요. 이미 사용 중인 닉네임이에요.' });
    await expect(reason).toBeVisible();
    await shots(page, 'profile-failed-on-form');
    await page.waitForTimeout(2000);
    await expect(page).toHaveURL(/\/edit\/user$/);
    await expect(reason).toBeVisible();
    await expect(page.getByLabel(/인스타그램 아이디/)).toHaveValue('polish.test');
  });

  test('photographer pages: icons, name check, the full picture tile, one 확인, the postcode search', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const problems = watchPage(page);
    await useSession(page, await newPhotographer(baseURL ?? '', { withPage: true }));

    // Bottom navigation: icons that say the tab.
    await page.goto('/mypage');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: '주요 메뉴' });
    await expect(nav.getByRole('link', { name: '이벤트' }).locator('svg')).toHaveAttribute('data-icon', 'calendar');
    await expect(nav.getByRole('link', { name: '사진작가' }).locator('svg')).toHaveAttribute('data-icon', 'camera');
    await shots(page, 'mypage-bottom-nav');

    // Profile editor: a changed name waits for its check, as the hint says.
    await page.goto('/edit/photographer');
    await hydrated(page);
    const save = page.getByRole('button', { name: '수정 완료' });
    await page.getByLabel('상호명 또는 활동명').fill(`새 이름 ${freshNickname('작')}`);
    await expect(page.locator('#edit-photographer-name-status')).toContainText('중복 확인을 해 주세요');
    await expect(save).toBeDisabled();
    await shots(page, 'edit-photographer-check');
    await page.getByRole('button', { name: '중복 확인' }).click();
    await expect(page.locator('#edit-photographer-name-status')).toHaveText('사용 가능한 활동명입니다.');
    await expect(save).toBeEnabled();

    // Page editor: the limit notice has one 확인; at 10 of 10 the add tile is disabled with the count.
    await page.goto('/edit/photographer/detail');
    await hydrated(page);
    await expect(page.getByRole('img', { name: /^포트폴리오 \d+$/ })).toHaveCount(2);
    // Different pictures: the same one twice is dropped as a duplicate (issue 44).
    const nine = await Promise.all(Array.from({ length: 9 }, (_, i) => solidPng(48, shade(i))));
    await page
      .locator('#page-portfolio')
      .setInputFiles(nine.map((buffer, i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer })));
    const notice = page.getByRole('alertdialog');
    await expect(notice).toContainText('최대 10장');
    await expect(notice.getByRole('button')).toHaveCount(1);
    await expect(notice.getByRole('button', { name: '확인' })).toBeVisible();
    await shots(page, 'limit-notice');
    await notice.getByRole('button', { name: '확인' }).click();
    await expect(page.getByRole('img', { name: /^포트폴리오 \d+$/ })).toHaveCount(10, { timeout: 30_000 });
    await expect(page.locator('#page-portfolio')).toBeDisabled();
    await expect(page.locator('label:has(#page-portfolio)')).toContainText('10/10');
    await page.locator('label:has(#page-portfolio)').scrollIntoViewIfNeeded();
    await shots(page, 'portfolio-full');

    // The postcode stand-in's 검색 fits the phone's width.
    await page.getByRole('button', { name: '주소 검색' }).click();
    const sheet = page.getByRole('dialog', { name: '주소 검색' });
    const search = sheet.getByRole('button', { name: '검색', exact: true });
    await expect(search).toBeVisible();
    const box = await search.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
    await shots(page, 'postcode');
    expect(problems).toEqual([]);
  });
});

test.describe("sign-up's last screens", () => {
  test('the partner agreement has its 보기 link; new photographers learn when they are listed', async ({
    page,
    baseURL,
  }) => {
    const member = await newMember(baseURL ?? '');
    const wizard = {
      step: 'terms',
      role: 'PHOTOGRAPHER',
      nickname: '빛담 스튜디오',
      nicknameCheck: 'available',
      checkedNickname: '빛담 스튜디오',
      gender: 'FEMALE',
      profileImage: { name: 'me.png', url: '/media/none.webp' },
      photographyTypes: ['SNAP'],
      regions: [{ category: '서울', name: '강남구' }],
      signupSources: ['INSTAGRAM'],
    };
    await halfSignedUp(page, member, {
      signupWizard: JSON.stringify(wizard),
      signupWelcome: JSON.stringify({ nickname: '빛담 스튜디오', role: 'PHOTOGRAPHER' }),
    });
    await page.goto('/signup');
    await hydrated(page);
    const partner = page.getByRole('link', { name: /사진작가 파트너 약관 동의/ });
    await expect(partner).toHaveText(/보기/);
    // Our own page by default (`SITE_PARTNER_TERMS_URL` may name another).
    await expect(partner).toHaveAttribute('href', /partner-terms|partner/);
    await expect(partner).toHaveAttribute('target', '_blank');
    await shots(page, 'terms-photographer');

    await page.goto('/success/signup');
    await expect(page.getByText('작가 페이지에 소개를 채워야 사진작가 목록과 검색에 보여요.')).toBeVisible();
    await shots(page, 'welcome-photographer');
  });
});
