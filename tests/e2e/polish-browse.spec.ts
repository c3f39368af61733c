/**
 * Issue 20, browsing at 390×844: what a new user trips over in lists, events, search and sign-in.
 * Set POLISH_SHOTS=/some/dir to keep screenshots of every changed screen at 390 px and at 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { uniqueAccount } from '../support/auth';
import { events, islandReady, saveButtonsReady, shotsAt, skipFirstVisit, watchPage } from './support/browse';
import { freshNickname, hydrated } from './support/member';

const shotsDir = process.env['POLISH_SHOTS'];
/** A screenshot at the phone width and one at a desktop width. */
export async function shots(page: Page, name: string): Promise<void> {
  await shotsAt(shotsDir, page, name);
}

const DAY = 86_400_000;

test.describe('lists and events', () => {
  test('the progress filter offers 전체 to go back to every event', async ({ page }) => {
    const problems = watchPage(page);
    await page.goto('/events?progressStatus=ONGOING');
    await islandReady(page, 'FilterBar');
    const progress = page.getByLabel('진행 상태');
    await expect(progress).toHaveValue('ONGOING');
    await expect(progress.locator('option')).toHaveText(['전체', '진행 예정', '진행 중', '마감']);
    await shots(page, 'progress-filter');
    await progress.selectOption({ label: '전체' });
    await expect(page).not.toHaveURL(/progressStatus/);
    await expect(page.getByLabel('진행 상태')).toHaveValue('ALL');
    expect(problems).toEqual([]);
  });

  test('an ended event says so in a disabled bottom bar; an open one still links', async ({ page, request }) => {
    const ended = (await events(request, 'progressStatus=ENDED'))[0];
    // An open event applied to by its link (events made by earlier journeys may take applications in-app).
    let open: { id: number } | undefined;
    for (const e of await events(request, 'progressStatus=ONGOING')) {
      const detail = (await (await request.get(`/api/v1/promotions/${e.id}`)).json()) as {
        applyMode?: string;
        externalLink?: string;
      };
      if (detail.applyMode !== 'IN_APP' && detail.externalLink) {
        open = e;
        break;
      }
    }
    expect(ended && open).toBeTruthy();
    await page.goto(`/event/${ended?.id ?? 0}`);
    const closed = page.getByRole('button', { name: '마감된 이벤트예요' });
    await expect(closed).toBeVisible();
    await expect(closed).toBeDisabled();
    await expect(page.getByRole('link', { name: /신청하기/ })).toHaveCount(0);
    await shots(page, 'event-ended');
    await page.goto(`/event/${open?.id ?? 0}`);
    // Through the apply address, which counts the click and redirects to the event's link (issue 43).
    await expect(page.getByRole('link', { name: /신청하기/ })).toHaveAttribute(
      'href',
      `/api/v1/promotions/${open?.id ?? 0}/apply`,
    );
    await expect(page.getByRole('button', { name: '마감된 이벤트예요' })).toHaveCount(0);
  });

  test("the home banner's event is open, and stays open for at least a month", async ({ page, request }) => {
    await skipFirstVisit(page);
    await page.goto('/');
    const link = page.getByRole('region', { name: '추천 배너' }).getByRole('group').nth(1).locator('a');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toBe('/event/8');
    const res = await request.get('/api/v1/promotions/8');
    const banner = (await res.json()) as { endedAt: string; startedAt: string };
    expect(Date.parse(banner.startedAt)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(banner.endedAt)).toBeGreaterThanOrEqual(Date.now() + 30 * DAY);
    await page.goto(href);
    await expect(page.getByRole('link', { name: /신청하기/ })).toBeVisible();
  });

  test('a missing event or photographer lands on home with a message', async ({ page }) => {
    await skipFirstVisit(page);
    for (const missing of ['/event/987654', '/photographer/987654']) {
      await page.goto(missing);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('status').getByText('찾을 수 없는 페이지예요. 홈으로 이동했어요.')).toBeVisible();
    }
    await shots(page, 'not-found-toast');
    // Once: a reload of home says nothing.
    await page.reload();
    await hydrated(page);
    await expect(page.getByText('찾을 수 없는 페이지예요. 홈으로 이동했어요.')).toHaveCount(0);
  });

  test('the search overview offers 더보기 only under a section with results', async ({ page, request }) => {
    const keyword = '야경';
    const eventsRes = await request.get(`/api/v1/promotions/list?searchKeyword=${encodeURIComponent(keyword)}`);
    const photographersRes = await request.get(
      `/api/v1/photographers/list?searchKeyword=${encodeURIComponent(keyword)}`,
    );
    expect(((await eventsRes.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
    expect(((await photographersRes.json()) as { items: unknown[] }).items).toHaveLength(0);
    await page.goto(`/search?searchKeyword=${encodeURIComponent(keyword)}`);
    await expect(page.getByRole('link', { name: '검색된 이벤트 더보기' })).toBeVisible();
    await expect(page.getByRole('link', { name: '검색된 사진작가 더보기' })).toHaveCount(0);
    await shots(page, 'search-overview');
  });
});

test.describe('signing in from a prompt', () => {
  test('a new member goes through sign-up and back to the event; back never reaches Kakao', async ({ page }) => {
    test.setTimeout(60_000);
    const problems = watchPage(page);
    await skipFirstVisit(page);
    await page.goto('/event/8');
    await saveButtonsReady(page);
    await page.getByRole('button', { name: /저장하기/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '로그인하기' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fevent%2F8$/);
    await page.getByRole('button', { name: '카카오 로그인' }).click();
    await page.getByLabel('새 계정 이름').fill(uniqueAccount('prompt-new'));
    await page.getByRole('button', { name: '동의하고 계속하기' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await hydrated(page);

    // Step 1 has no back button: the progress bar starts at the content's edge.
    const bar = await page.locator('progress').boundingBox();
    const heading = await page.getByRole('heading', { level: 2 }).first().boundingBox();
    expect(Math.abs((bar?.x ?? 0) - (heading?.x ?? 100))).toBeLessThanOrEqual(2);
    await shots(page, 'signup-step1');

    // Each step is a history entry; back goes to the previous step with the answers kept.
    await page.getByText('일반 회원으로 시작하기').click();
    await page.getByRole('button', { name: '다음', exact: true }).click();
    const nickname = page.getByLabel('닉네임');
    await nickname.fill('담아');
    await nickname.fill('');
    await expect(page.locator('#signup-nickname-status')).toHaveText('닉네임을 입력해 주세요.');
    await shots(page, 'signup-nickname-empty');
    await page.goBack();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByLabel('일반 회원으로 시작하기')).toBeChecked();
    await page.goForward();
    await expect(nickname).toBeVisible();
    const mine = freshNickname('돌');
    await nickname.fill(mine);
    await page.getByRole('button', { name: '중복 확인' }).click();
    await expect(page.locator('#signup-nickname-status')).toHaveText('사용 가능한 닉네임입니다.');
    await page.getByText('여성', { exact: true }).click();
    await page.getByRole('button', { name: '다음', exact: true }).click();
    await page.getByText('지인 소개').click();
    await page.getByRole('button', { name: '다음', exact: true }).click();
    await page.getByLabel('전체 동의').check();
    await page.getByRole('button', { name: '가입 완료' }).click();

    await expect(page).toHaveURL(/\/success\/signup$/);
    const back = page.getByRole('link', { name: '보던 화면으로 돌아가기' });
    await expect(back).toHaveAttribute('href', '/event/8');
    await shots(page, 'welcome-return');
    // The phone's back button on the welcome screen goes into the app, not into the wizard or Kakao (the
    // welcome island sets the history up when it hydrates; on a loaded machine that can follow the paint).
    await islandReady(page, 'SignupWelcome');
    await page.goBack();
    await expect(page).toHaveURL(/\/event\/8$/);
    expect(problems).toEqual([]);
  });

  test('back from the first sign-up step goes into the app, not to the Kakao page', async ({ page }) => {
    await skipFirstVisit(page);
    await page.goto('/login');
    await page.getByRole('button', { name: '카카오 로그인' }).click();
    await page.getByLabel('새 계정 이름').fill(uniqueAccount('wizard-back'));
    await page.getByRole('button', { name: '동의하고 계속하기' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await hydrated(page);
    // The wizard puts its step in the history once its island has run its effects (under load, a moment
    // after hydration): press back only then, as a person would.
    await expect
      .poll(() => page.evaluate(() => (history.state as { signupStep?: string } | null)?.signupStep))
      .toBe('role');
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a returning member signs in from the prompt and is back on the event', async ({ page, baseURL }) => {
    const account = uniqueAccount('prompt-returning');
    const { signIn, bearer } = await import('../support/auth');
    const login = await signIn(baseURL ?? '', account);
    const res = await fetch(`${baseURL ?? ''}/api/v1/users/me/registration`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(login) },
      body: JSON.stringify({ nickname: freshNickname('복'), gender: 'MALE', instagramId: null }),
    });
    expect(res.status).toBe(200);
    await skipFirstVisit(page);
    await page.goto('/event/8');
    await saveButtonsReady(page);
    await page.getByRole('button', { name: /저장하기/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '로그인하기' }).click();
    await page.getByRole('button', { name: '카카오 로그인' }).click();
    await page.getByLabel('새 계정 이름').fill(account);
    await page.getByRole('button', { name: '동의하고 계속하기' }).click();
    await expect(page).toHaveURL(/\/event\/8$/);
  });
});
