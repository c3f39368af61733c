/**
 * Issue 44, what a new user trips over (round two), at 390×844: one test per numbered item (item 19,
 * copy only, is tests/unit/copy-catalogue.test.ts). Set POLISH2_SHOTS=/some/dir to keep screenshots of
 * every dialog (and the changed screens) at 390 px and 1280 px.
 */
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import {
  call,
  createEvent,
  day,
  eventBody,
  freshNickname,
  newMember,
  newPhotographer,
  newUser,
  upload,
  type Session,
} from '../support/api';
import { signIn } from '../support/auth';
import {
  events,
  islandReady,
  optionsMenuReady,
  photographers,
  saveButtonsReady,
  shotsAt,
  signInAs,
  skipFirstVisit,
} from './support/browse';
import { hydrated, solidPng, useSession } from './support/member';

const shotsDir = process.env['POLISH2_SHOTS'];
async function shots(page: Page, name: string): Promise<void> {
  await shotsAt(shotsDir, page, name);
}

const toasts = (page: Page) => page.getByRole('status');

/** A session in the browser without the 'visited' mark useSession sets: as a member who signed in here. */
async function sessionWithoutVisit(page: Page, answer: Session): Promise<void> {
  await page.addInitScript(
    ([access, refresh, user]) => {
      if (sessionStorage.getItem('e2e-session') === access) return;
      sessionStorage.setItem('e2e-session', access);
      localStorage.setItem('accessToken', access);
      localStorage.setItem('refreshToken', refresh);
      localStorage.setItem('sessionUser', user);
    },
    [
      answer.accessToken.value,
      answer.refreshToken.value,
      JSON.stringify({ id: answer.user.id, roles: answer.user.roles }),
    ] as const,
  );
}

/** An event of the demo photographer, hidden by the demo admin. */
async function hiddenEvent(base: string): Promise<number> {
  const photographer = await signIn(base, 'demo-photographer');
  const admin = await signIn(base, 'demo-admin');
  const { id } = await createEvent(base, photographer.accessToken.value, {
    title: `숨긴 이벤트 ${Date.now().toString(36)}`,
  });
  const hidden = await call(base, 'POST', `/api/v1/admin/promotions/${id}/hide`, {
    token: admin.accessToken.value,
    body: { reason: '운영 정책 확인 중이에요.' },
  });
  expect(hidden.status).toBe(204);
  return id;
}

// --- item 1: dialogs ---------------------------------------------------------------------------------

/**
 * A modal <dialog> centred over a backdrop, focus kept inside by Tab and Shift+Tab, at the current
 * viewport. Its text is not white (a dialog inherits from where it stands in the page).
 */
async function expectCentredModal(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  const facts = await dialog.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const backdrop = getComputedStyle(el, '::backdrop').backgroundColor;
    const heading = el.querySelector('h2');
    return {
      tag: el.tagName,
      modal: el.matches(':modal'),
      dx: Math.abs(box.left + box.width / 2 - innerWidth / 2),
      dy: Math.abs(box.top + box.height / 2 - innerHeight / 2),
      fits: box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth,
      backdrop,
      colours: [...el.querySelectorAll('h2, label, button')].map((n) => getComputedStyle(n).color),
      headingColour: heading ? getComputedStyle(heading).color : null,
    };
  });
  expect(facts.tag).toBe('DIALOG');
  expect(facts.modal).toBe(true);
  expect(facts.fits).toBe(true);
  expect(facts.dx).toBeLessThanOrEqual(2);
  expect(facts.dy).toBeLessThanOrEqual(2);
  expect(facts.backdrop).not.toBe('rgba(0, 0, 0, 0)');
  expect(facts.headingColour).not.toBe('rgb(255, 255, 255)');
  // A tap beside the box lands on the backdrop, not the page.
  expect(await page.evaluate(() => document.elementFromPoint(2, innerHeight / 2)?.tagName)).toBe('DIALOG');
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((el) => el.contains(document.activeElement) && el !== document.activeElement)).toBe(
        true,
      );
    }
  }
}

/** The checks at 390 px and at 1280 px, with a screenshot at each. */
async function expectModalAtBothWidths(page: Page, dialog: Locator, name: string): Promise<void> {
  await expectCentredModal(page, dialog);
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectCentredModal(page, dialog);
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The ⋮ button of a detail page's top bar, whatever it is named. */
const optionsButton = (page: Page) => page.locator('[data-options-menu] button[aria-haspopup="menu"]');

test.describe('1. every dialog is one modal <dialog>', () => {
  test('the report dialog on an event page: centred, over a backdrop, focus kept, a tap outside only closes it', async ({
    page,
    request,
    baseURL,
  }) => {
    const [event] = await events(request);
    if (!event) throw new Error('no event');
    await useSession(page, await newUser(baseURL ?? ''));
    await page.goto(`/event/${event.id}`);
    await optionsMenuReady(page);
    await optionsButton(page).click();
    await page.getByRole('menuitem', { name: '신고하기' }).click();
    const report = page.getByRole('dialog', { name: '신고하기' });
    await expectModalAtBothWidths(page, report, 'report-event');
    await page.mouse.click(5, 420);
    await expect(report).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));
    await expect(optionsButton(page)).toBeFocused();
  });

  test('the report dialog on a photographer page reads dark on white, not white on white', async ({
    page,
    request,
    baseURL,
  }) => {
    const [target] = await photographers(request);
    if (!target) throw new Error('no photographer');
    await useSession(page, await newUser(baseURL ?? ''));
    await page.goto(`/photographer/${target.id}`);
    await optionsMenuReady(page);
    await optionsButton(page).click();
    await page.getByRole('menuitem', { name: '신고하기' }).click();
    const report = page.getByRole('dialog', { name: '신고하기' });
    await expectModalAtBothWidths(page, report, 'report-photographer');
    for (const text of [report.getByRole('heading'), report.getByText('사기 의심'), report.getByText('취소')]) {
      expect(await text.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(255, 255, 255)');
    }
    await page.keyboard.press('Escape');
    await expect(report).toHaveCount(0);
  });

  test('the hide dialog on /admin is a centred modal, not a block at the end of the page', async ({
    page,
    baseURL,
  }) => {
    const photographer = await signIn(baseURL ?? '', 'demo-photographer');
    const { id } = await createEvent(baseURL ?? '', photographer.accessToken.value, {
      title: `숨김 대화상자 ${Date.now().toString(36)}`,
    });
    await signInAs(page, baseURL ?? '', 'demo-admin');
    await page.goto('/admin');
    await page.locator(`[data-event="${id}"]`).getByRole('button', { name: '숨기기' }).click();
    const hide = page.getByRole('dialog', { name: '이 이벤트를 숨길까요?' });
    await expectModalAtBothWidths(page, hide, 'hide-admin');
    // Direction controls are named at once, and what was typed stays.
    await hide.getByLabel('숨김 사유').fill('사유\u202E입니다');
    await expect(hide.getByText('글자 방향을 바꾸는 보이지 않는 문자는 쓸 수 없어요.', { exact: false })).toBeVisible();
    await expect(hide.getByRole('button', { name: '숨기기' })).toBeDisabled();
    await hide.getByRole('button', { name: '취소' }).click();
    await expect(hide).toHaveCount(0);
  });
});

// --- item 2: a failed profile save keeps everything ---------------------------------------------------

/** Answers the editor's save (not its reads) with `fail`. */
async function failSaves(page: Page, url: string, fail: 'network' | { status: number; code: string; message: string }) {
  await page.route(url, (route) => {
    if (route.request().method() === 'GET') return route.continue();
    if (fail === 'network') return route.abort('internetdisconnected');
    return route.fulfill({
      status: fail.status,
      contentType: 'application/json',
      body: JSON.stringify({ code: fail.code, message: fail.message }),
    });
  });
}

test.describe('2. a failed save in the profile editors stays on the form', () => {
  test('/edit/user after a 409 keeps the instagram id and says why', async ({ page, baseURL }) => {
    await useSession(page, await newUser(baseURL ?? ''));
    await page.goto('/edit/user');
    await hydrated(page);
    await failSaves(page, '**/api/v1/users/me/profile', {
      status: 409,
      code: 'NICKNAME_ALREADY_EXISTS',
      message: '이미 사용 중인 닉네임이에요.',
    });
    await page.getByLabel(/인스타그램 아이디/).fill('round.two');
    await page.getByRole('button', { name: '수정 완료' }).click();
    await expect(page.getByRole('alert')).toContainText('수정하지 못했어요. 이미 사용 중인 닉네임이에요.');
    await page.waitForTimeout(2500);
    await expect(page).toHaveURL(/\/edit\/user$/);
    await expect(page.getByLabel(/인스타그램 아이디/)).toHaveValue('round.two');
    await shots(page, 'edit-user-failed');
  });

  test('/edit/photographer after a 5xx keeps the chosen types', async ({ page, baseURL }) => {
    await useSession(page, await newPhotographer(baseURL ?? '', { withPage: true }));
    await page.goto('/edit/photographer');
    await hydrated(page);
    await failSaves(page, '**/api/v1/photographers/me/profile', {
      status: 500,
      code: 'INTERNAL_ERROR',
      message: '요청을 처리하지 못했어요. 잠시 후 다시 시도해 주세요.',
    });
    const profile = page.getByRole('checkbox', { name: '프로필', exact: true });
    await page.getByText('프로필', { exact: true }).click();
    await expect(profile).toBeChecked();
    await page.getByRole('button', { name: '수정 완료' }).click();
    await expect(page.getByRole('alert')).toContainText('수정하지 못했어요. 요청을 처리하지 못했어요.');
    await page.waitForTimeout(2500);
    await expect(page).toHaveURL(/\/edit\/photographer$/);
    await expect(profile).toBeChecked();
    await expect(page.getByRole('button', { name: '수정 완료' })).toBeEnabled();
  });

  test('/edit/photographer/detail offline keeps the intro', async ({ page, baseURL }) => {
    await useSession(page, await newPhotographer(baseURL ?? '', { withPage: true }));
    await page.goto('/edit/photographer/detail');
    await hydrated(page);
    await failSaves(page, '**/api/v1/photographers/me/page', 'network');
    const intro = page.locator('#page-intro');
    await intro.fill('야외 스냅과 프로필 촬영을 해요.');
    await page.getByRole('button', { name: '저장하기', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('수정하지 못했어요. 네트워크 연결을 확인해 주세요.');
    await page.waitForTimeout(2500);
    await expect(page).toHaveURL(/\/edit\/photographer\/detail$/);
    await expect(intro).toHaveValue('야외 스냅과 프로필 촬영을 해요.');
  });
});

// --- item 3: the floating post button ----------------------------------------------------------------

test('3. the floating 이벤트 등록하기 leaves the pager of /events uncovered', async ({ page, baseURL }) => {
  for (const account of ['demo-photographer', 'demo-admin']) {
    await page.context().clearCookies();
    await signInAs(page, baseURL ?? '', account);
    await page.goto('/events');
    const fab = page.getByRole('link', { name: '이벤트 등록하기' });
    await expect(fab).toBeVisible();
    const next = page.getByRole('navigation', { name: '페이지 이동' }).getByRole('link', { name: '다음' });
    await expect(next).toBeAttached();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(200);
    const a = await fab.boundingBox();
    const b = await next.boundingBox();
    if (!a || !b) throw new Error('no boxes');
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, account).toBe(false);
    await shots(page, `events-fab-${account}`);
  }
});

// --- item 4: a photo that is already there ------------------------------------------------------------

/** Fills every field of the event form but the banner photos: a link-only free snap event. */
async function fillEvent(page: Page, title: string): Promise<void> {
  await page.getByLabel('이벤트 제목').fill(title);
  await page.getByText('스냅', { exact: true }).click();
  await page.getByText('강남구', { exact: true }).click();
  await page.getByText('무료', { exact: true }).click();
  await page.getByLabel('시작일').fill(day(0));
  await page.getByLabel('종료일').fill(day(14));
  await page.getByText('신청 링크로 받기', { exact: true }).click();
  await page.getByLabel('신청 링크', { exact: true }).fill('https://www.instagram.com/p/damabwa-event/');
  await page.getByLabel('키워드 입력').fill('스냅');
  await page.getByRole('button', { name: '추가', exact: true }).click();
  await page.getByLabel('상세 설명').fill('담아봐 이벤트예요.');
}

test('4. the same photo added twice is dropped at once with 같은 사진이 이미 있어요', async ({ page, baseURL }) => {
  await useSession(page, await newPhotographer(baseURL ?? '', { withPage: true }));
  await page.goto('/new/event');
  await hydrated(page);
  await fillEvent(page, `같은 사진 ${Date.now().toString(36)}`);
  const photo = { name: 'banner.png', mimeType: 'image/png', buffer: await solidPng(300, '#5b8def') };
  await page.locator('#event-banner').setInputFiles(photo);
  await expect(page.getByRole('img', { name: '배너 사진 1' })).toBeVisible();
  const submit = page.getByRole('button', { name: '등록하기' });
  await expect(submit).toBeEnabled();
  await page.locator('#event-banner').setInputFiles({ ...photo, name: 'banner-again.png' });
  await expect(page.locator('#event-banner-notice')).toHaveText('같은 사진이 이미 있어요.');
  await expect(page.getByRole('img', { name: /배너 사진/ })).toHaveCount(1);
  await expect(submit).toBeEnabled();
  await page.locator('#event-banner-notice').scrollIntoViewIfNeeded();
  await shots(page, 'duplicate-photo');
  // The portfolio drops it the same way.
  await page.goto('/edit/photographer/detail');
  await hydrated(page);
  await expect(page.getByRole('img', { name: '포트폴리오 1' })).toBeVisible();
  const before = await page.getByRole('img', { name: /포트폴리오/ }).count();
  const other = { name: 'portfolio.png', mimeType: 'image/png', buffer: await solidPng(300, '#e07a5f') };
  await page.locator('#page-portfolio').setInputFiles(other);
  await expect(page.getByRole('img', { name: /포트폴리오/ })).toHaveCount(before + 1);
  await page.locator('#page-portfolio').setInputFiles(other);
  await expect(page.locator('#page-portfolio-notice')).toHaveText('같은 사진이 이미 있어요.');
  await expect(page.getByRole('img', { name: /포트폴리오/ })).toHaveCount(before + 1);
  await expect(page.getByRole('button', { name: '저장하기', exact: true })).toBeEnabled();
});

// --- item 5: the search back arrow -------------------------------------------------------------------

test('5. from 더보기 one back returns to the overview, the next leaves search', async ({ page }) => {
  await skipFirstVisit(page);
  await page.goto('/');
  await page.getByRole('link', { name: '검색', exact: true }).click();
  await expect(page).toHaveURL(/\/search$/);
  const field = page.locator('#search-keyword');
  await field.fill('스냅');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\?searchKeyword=/);
  await page.getByRole('link', { name: '검색된 이벤트 더보기' }).click();
  await expect(page).toHaveURL(/state=PROMOTION/);
  const back = page.getByRole('link', { name: '뒤로 가기' });
  await back.click();
  await expect(page).toHaveURL(/\/search\?searchKeyword=%EC%8A%A4%EB%83%85$/);
  await page.getByRole('link', { name: '뒤로 가기' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Round again: a second page of results, then back twice.
  await page.goto(`/search?${new URLSearchParams({ searchKeyword: '스냅' })}`);
  await page.getByRole('link', { name: '검색된 이벤트 더보기' }).click();
  await expect(page).toHaveURL(/state=PROMOTION/);
  const next = page.getByRole('navigation', { name: '페이지 이동' }).getByRole('link', { name: '다음' });
  if ((await next.count()) > 0) {
    await next.click();
    await expect(page).toHaveURL(/page=1/);
  }
  await page.getByRole('link', { name: '뒤로 가기' }).click();
  await expect(page).toHaveURL(/\/search\?searchKeyword=%EC%8A%A4%EB%83%85$/);
  await page.getByRole('link', { name: '뒤로 가기' }).click();
  await expect(page).toHaveURL(/\/$/);
});

// --- item 6: a 401 mid-form ---------------------------------------------------------------------------

test('6. a 401 in the event form says the session ended and returns to the kept draft', async ({ page, baseURL }) => {
  const photographer = await newPhotographer(baseURL ?? '', { withPage: true });
  await useSession(page, photographer);
  await page.goto('/new/event');
  await hydrated(page);
  const title = `만료 초안 ${Date.now().toString(36)}`;
  await fillEvent(page, title);
  await page
    .locator('#event-banner')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await solidPng(300, '#f2cc8f') });
  await expect(page.getByRole('img', { name: '배너 사진 1' })).toBeVisible();
  // The session ended elsewhere: every call and the refresh are refused.
  const refuse = (route: Route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'UNAUTHORIZED', message: '로그인이 필요해요.' }),
    });
  await page.route('**/api/v1/promotions', refuse);
  await page.route('**/api/v1/auth/**', refuse);
  await page.getByRole('button', { name: '등록하기' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fnew%2Fevent$/);
  await expect(toasts(page).getByText('로그인이 만료되었어요. 다시 로그인해 주세요.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shots(page, 'session-expired');
  // Signed in again (the refresh token stayed), the form comes back as it was.
  await page.unrouteAll();
  await page.evaluate((token) => localStorage.setItem('accessToken', token), photographer.accessToken.value);
  await page.evaluate(
    (user) => localStorage.setItem('sessionUser', user),
    JSON.stringify({ id: photographer.user.id, roles: photographer.user.roles }),
  );
  await page.goto('/new/event');
  await hydrated(page);
  await expect(page.getByLabel('이벤트 제목')).toHaveValue(title);
  await expect(page.getByRole('img', { name: '배너 사진 1' })).toBeVisible();
});

/** A 401 on saving `path` leads to the login page; signed in again, the draft typed into `field` is back. */
async function editorKeepsDraft(page: Page, member: Session, path: string, api: string, field: string, text: string) {
  await useSession(page, member);
  const refuse = (route: Route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'UNAUTHORIZED', message: '로그인이 필요해요.' }),
    });
  await page.goto(path);
  await hydrated(page);
  await page.locator(field).fill(text);
  await page.route(api, refuse);
  await page.route('**/api/v1/auth/**', refuse);
  await page.getByRole('button', { name: /저장|수정 완료/ }).click();
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === path);
  await expect(toasts(page).getByText('로그인이 만료되었어요. 다시 로그인해 주세요.')).toBeVisible();
  // Signed in again (the refresh token stayed), the editor comes back as it was typed.
  await page.unrouteAll();
  await page.evaluate((token) => localStorage.setItem('accessToken', token), member.accessToken.value);
  await page.evaluate(
    (user) => localStorage.setItem('sessionUser', user),
    JSON.stringify({ id: member.user.id, roles: member.user.roles }),
  );
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator(field)).toHaveValue(text);
  await expect(toasts(page).getByText('작성하던 내용을 불러왔어요.')).toBeVisible();
  // Saved, the draft is gone: the next visit shows what was saved, without the restored notice.
  await page.getByRole('button', { name: /저장|수정 완료/ }).click();
  await expect(page).toHaveURL(/\/mypage$/);
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator(field)).toHaveValue(text);
  await expect(toasts(page).getByText('작성하던 내용을 불러왔어요.')).toHaveCount(0);
}

test('6. a 401 in the photographer page editor returns to the kept draft', async ({ page, baseURL }) => {
  const photographer = await newPhotographer(baseURL ?? '', { withPage: true });
  const intro = `만료된 소개 초안 ${Date.now().toString(36)}`;
  await editorKeepsDraft(
    page,
    photographer,
    '/edit/photographer/detail',
    '**/api/v1/photographers/me/page',
    '#page-intro',
    intro,
  );
});

test('6. a 401 in the profile editor returns to the kept draft', async ({ page, baseURL }) => {
  const user = await newUser(baseURL ?? '');
  const instagram = `draft_${Date.now().toString(36)}`;
  await editorKeepsDraft(page, user, '/edit/user', '**/api/v1/users/me/profile', '#edit-user-instagram', instagram);
});

// --- item 8: text that is refused says so; zero-width does not count ---------------------------------

test.describe('8. refused text says why; a minimum counts what shows', () => {
  test('direction controls in the photographer intro are named, not a silent grey button', async ({
    page,
    baseURL,
  }) => {
    await useSession(page, await newPhotographer(baseURL ?? '', { withPage: true }));
    await page.goto('/edit/photographer/detail');
    await hydrated(page);
    await page.locator('#page-intro').fill('자연광 스냅\u202E작가예요');
    await expect(page.locator('#page-intro-error')).toHaveText(
      '글자 방향을 바꾸는 보이지 않는 문자는 쓸 수 없어요. 지우고 다시 입력해 주세요.',
    );
    await expect(page.getByRole('button', { name: '저장하기', exact: true })).toBeDisabled();
    await page.locator('#page-intro').fill('자연광 스냅 작가예요');
    await expect(page.locator('#page-intro-error')).toHaveText('');
    await expect(page.getByRole('button', { name: '저장하기', exact: true })).toBeEnabled();
  });

  test('a title of 가 and three zero-width spaces is too short, in the form and for the API', async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const photographer = await signIn(base, 'demo-photographer');
    const refused = await call(base, 'POST', '/api/v1/promotions', {
      token: photographer.accessToken.value,
      body: await eventBody(base, photographer.accessToken.value, { title: '가\u200B\u200B\u200B' }),
    });
    expect(refused.status).toBe(422);
    await useSession(page, photographer);
    await page.goto('/new/event');
    await hydrated(page);
    const title = page.getByLabel('이벤트 제목');
    await title.fill('가\u200B\u200B\u200B');
    await title.blur();
    await expect(page.locator('#event-title-help')).toHaveText('이벤트 제목은 공백 포함 3~30자로 입력해 주세요.');
  });
});

// --- item 9: a keyword typed with # ------------------------------------------------------------------

test('9. #프로필 typed as a keyword shows as #프로필', async ({ page, baseURL }) => {
  await useSession(page, await signIn(baseURL ?? '', 'demo-photographer'));
  await page.goto('/new/event');
  await hydrated(page);
  await page.getByLabel('키워드 입력').fill('#프로필');
  await page.getByRole('button', { name: '추가', exact: true }).click();
  const list = page.getByRole('list', { name: '대표 키워드' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('#프로필');
  await expect(list.getByRole('listitem')).not.toContainText('##');
});

// --- item 10: after logout or withdrawal, no welcome -------------------------------------------------

test.describe('10. home after logout or withdrawal', () => {
  test('logout says 로그아웃했어요, without the first-visit welcome', async ({ page, baseURL }) => {
    await sessionWithoutVisit(page, await newUser(baseURL ?? ''));
    await page.goto('/mypage');
    await hydrated(page);
    await page.getByRole('button', { name: '로그아웃' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '로그아웃' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toasts(page).getByText('로그아웃했어요.')).toBeVisible();
    await islandReady(page, 'FirstVisitDialog');
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await shots(page, 'home-after-logout');
  });

  test('withdrawal keeps its notice, without the welcome over it', async ({ page, baseURL }) => {
    await sessionWithoutVisit(page, await newUser(baseURL ?? ''));
    await page.goto('/mypage');
    await hydrated(page);
    await page.getByRole('button', { name: '회원 탈퇴' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '탈퇴하기' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toasts(page).getByText('탈퇴가 완료되었어요. 계정과 모든 정보가 삭제되었어요.')).toBeVisible();
    await islandReady(page, 'FirstVisitDialog');
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

// --- item 11: word after creating, editing, deleting an event ---------------------------------------

test('11. creating, editing and deleting an event each say so', async ({ page, baseURL }) => {
  await useSession(page, await newPhotographer(baseURL ?? '', { withPage: true }));
  await page.goto('/new/event');
  await hydrated(page);
  const title = `알림 확인 ${Date.now().toString(36)}`;
  await fillEvent(page, title);
  await page
    .locator('#event-banner')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await solidPng(300, '#3d405b') });
  await expect(page.getByRole('img', { name: '배너 사진 1' })).toBeVisible();
  await page.getByRole('button', { name: '등록하기' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(toasts(page).getByText('이벤트를 등록했어요.')).toBeVisible();
  await shots(page, 'event-created');

  const card = page.getByRole('link', { name: new RegExp(title) }).first();
  await card.click();
  await expect(page).toHaveURL(/\/event\/\d+$/);
  const id = /\/event\/(\d+)$/.exec(page.url())?.[1] ?? '';
  await page.goto(`/new/event?edit=${id}`);
  await hydrated(page);
  await expect(page.getByLabel('이벤트 제목')).toHaveValue(title);
  await page.getByLabel('이벤트 제목').fill(`${title} 수정`);
  await page.getByRole('button', { name: '수정하기' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(toasts(page).getByText('이벤트를 수정했어요.')).toBeVisible();

  await page.goto(`/event/${id}`);
  await optionsMenuReady(page);
  await optionsButton(page).click();
  await page.getByRole('menuitem', { name: '삭제하기' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '삭제' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(toasts(page).getByText('이벤트를 삭제했어요.')).toBeVisible();
});

// --- items 12 and 14: a save tapped before sign-up is finished --------------------------------------

test('12 and 14. a half-registered member tapping save is told why, and the save is made after sign-up', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const base = baseURL ?? '';
  const author = await newPhotographer(base);
  const { id } = await createEvent(base, author.token, { title: `가입 뒤 저장 ${Date.now().toString(36)}` });
  // Signed in with Kakao, sign-up not finished: tokens, no session user.
  const half = await newMember(base);
  await page.addInitScript(
    ([access, refresh]) => {
      if (sessionStorage.getItem('e2e-session') === access) return;
      sessionStorage.setItem('e2e-session', access);
      sessionStorage.setItem('visited', 'true');
      localStorage.setItem('accessToken', access);
      localStorage.setItem('refreshToken', refresh);
    },
    [half.accessToken.value, half.refreshToken.value] as const,
  );
  await page.goto(`/event/${id}`);
  await saveButtonsReady(page);
  await page.locator(`button[data-save="promotion"][data-save-id="${id}"]`).first().click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(
    toasts(page).getByText('저장하려면 회원가입을 먼저 마쳐 주세요. 마치면 바로 저장해 드릴게요.'),
  ).toBeVisible();
  await shots(page, 'signup-save-reason');

  // The five screens of a USER.
  const next = page.getByRole('button', { name: '다음', exact: true });
  await page.getByText('일반 회원으로 시작하기').click();
  await next.click();
  await page.getByLabel('닉네임').fill(freshNickname('저'));
  await page.getByRole('button', { name: '중복 확인' }).click();
  await expect(page.locator('#signup-nickname-status')).toHaveText('사용 가능한 닉네임입니다.');
  await page.getByText('여성', { exact: true }).click();
  await next.click();
  await page.getByText('인스타그램', { exact: true }).click();
  await next.click();
  await page.getByLabel('전체 동의').check();
  await page.getByRole('button', { name: '가입 완료' }).click();
  await expect(page).toHaveURL(/\/success\/signup$/);
  const saved = await call(base, 'GET', `/api/v1/users/me/saves?promotionIds=${id}`, { token: half.token });
  expect((saved.body as { promotionIds: number[] }).promotionIds).toEqual([id]);
  await page.goto(`/event/${id}`);
  await saveButtonsReady(page);
  await expect(page.locator(`button[data-save="promotion"][data-save-id="${id}"]`).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

// --- item 13: a hidden page says it cannot be found ---------------------------------------------------

test('13. a visitor opening a hidden event or photographer page lands home with 찾을 수 없는 페이지예요', async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const event = await hiddenEvent(base);
  const owner = await newPhotographer(base, { withPage: true });
  const admin = await signIn(base, 'demo-admin');
  const hidden = await call(base, 'POST', `/api/v1/admin/photographers/${owner.user.id}/hide`, {
    token: admin.accessToken.value,
    body: { reason: '운영 정책 확인 중이에요.' },
  });
  expect(hidden.status).toBe(204);
  // A first visit: the welcome must not cover the notice either.
  for (const path of [`/event/${event}`, `/photographer/${owner.user.id}`, `/event/${event}`]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(toasts(page).getByText('찾을 수 없는 페이지예요. 홈으로 이동했어요.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await shots(page, 'hidden-not-found');
});

// --- item 15: touch targets --------------------------------------------------------------------------

/** How far a tap at the element's centre lines still lands on it, up-down and left-right, in px. */
async function hitArea(target: Locator): Promise<{ height: number; width: number }> {
  await target.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const cx = Math.round(box.left + box.width / 2);
    const cy = Math.round(box.top + box.height / 2);
    const on = (x: number, y: number) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === el || el.contains(hit));
    };
    const reach = (dx: number, dy: number) => {
      let n = 0;
      while (n < 80 && on(cx + dx * (n + 1), cy + dy * (n + 1))) n++;
      return n;
    };
    return { height: reach(0, -1) + reach(0, 1) + 1, width: reach(-1, 0) + reach(1, 0) + 1 };
  });
}

test('15. touch targets are 44 px: filter chips, footer links, the author’s @instagram, portfolio controls', async ({
  page,
  baseURL,
}) => {
  await skipFirstVisit(page);
  await page.goto('/events');
  await islandReady(page, 'FilterBar');
  const filters = page.getByRole('group', { name: '필터' });
  for (const chip of [
    filters.getByRole('link', { name: '필터 초기화' }),
    filters.getByRole('combobox', { name: '정렬' }),
    filters.getByRole('button', { name: /지역/ }),
    filters.getByRole('link', { name: '무료', exact: true }),
    filters.getByRole('link', { name: '스냅', exact: true }),
  ]) {
    expect((await hitArea(chip)).height, await chip.evaluate((el) => el.textContent ?? '')).toBeGreaterThanOrEqual(44);
  }
  await shots(page, 'events-filters');

  await page.goto('/');
  for (const link of [page.locator('footer a[href^="mailto:"]'), page.locator('footer a[href^="tel:"]')]) {
    expect((await hitArea(link)).height).toBeGreaterThanOrEqual(44);
  }
  await shots(page, 'footer');

  // An event of a member with an instagram id: the @id link under the author's name.
  const author = await newPhotographer(baseURL ?? '', { instagramId: 'touch.target' });
  const { id } = await createEvent(baseURL ?? '', author.token, { title: `인스타 링크 ${Date.now().toString(36)}` });
  await page.goto(`/event/${id}`);
  const insta = page.getByRole('link', { name: /@touch\.target/ });
  expect((await hitArea(insta)).height).toBeGreaterThanOrEqual(44);

  await useSession(page, await newPhotographer(baseURL ?? '', { withPage: true }));
  await page.goto('/edit/photographer/detail');
  await hydrated(page);
  for (const name of ['1번째 사진을 앞으로 이동', '1번째 사진 삭제', '1번째 사진을 뒤로 이동']) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box?.width, name).toBeGreaterThanOrEqual(44);
    expect(box?.height, name).toBeGreaterThanOrEqual(44);
  }
  await page.getByRole('button', { name: '1번째 사진 삭제' }).scrollIntoViewIfNeeded();
  await shots(page, 'portfolio-controls');
});

test('15. the search field and its button on /search are 44 px', async ({ page }) => {
  await skipFirstVisit(page);
  await page.goto(`/search?${new URLSearchParams({ searchKeyword: '스냅' })}`);
  await islandReady(page, 'SearchField');
  for (const target of [page.locator('#search-keyword'), page.getByRole('button', { name: '검색하기', exact: true })]) {
    const area = await hitArea(target);
    expect(area.height).toBeGreaterThanOrEqual(44);
    expect(area.width).toBeGreaterThanOrEqual(44);
  }
  await shots(page, 'search-field');
});

// --- item 16: the keyboard after the first-visit dialog ----------------------------------------------

test('16. after the first-visit dialog the keyboard starts at the top, with 본문 바로가기', async ({ page }) => {
  await page.goto('/');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: '확인' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  const skip = page.getByRole('link', { name: '본문 바로가기' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await shots(page, 'skip-link');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('footer') === null)).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.closest('header') !== null)).toBe(true);
  // The skip link takes the keyboard past the top bar, into the page's content.
  await page.keyboard.press('Shift+Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

// --- item 17: a file that can never upload ----------------------------------------------------------

test('17. a file that can never upload offers 다른 사진 선택, not 다시 올리기', async ({ page, baseURL }) => {
  await useSession(page, await newPhotographer(baseURL ?? '', { withPage: true }));
  await page.goto('/new/event');
  await hydrated(page);
  // Says it is a PNG, is not one: the server cannot decode it, and never will.
  const broken = { name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') };
  await page.locator('#event-banner').setInputFiles(broken);
  const banner = page.getByRole('group', { name: /배너 사진/ });
  await expect(banner.getByRole('alert')).toBeVisible();
  await expect(banner.getByRole('button', { name: '다시 올리기' })).toHaveCount(0);
  const another = banner.getByLabel('다른 사진 선택');
  await expect(another).toHaveCount(1);
  await banner.getByRole('alert').scrollIntoViewIfNeeded();
  await shots(page, 'pick-another');
  await another.setInputFiles({ name: 'good.png', mimeType: 'image/png', buffer: await solidPng(300, '#81b29a') });
  await expect(page.getByRole('img', { name: '배너 사진 1' })).toBeVisible();
  await expect(banner.getByRole('alert')).toHaveCount(0);
  // The profile picture too: the picker opens again instead.
  await page.goto('/edit/photographer');
  await hydrated(page);
  await page.locator('#edit-photographer-picture').setInputFiles(broken);
  await expect(page.getByRole('button', { name: '다른 사진 선택' })).toBeVisible();
  await expect(page.getByRole('button', { name: '다시 올리기' })).toHaveCount(0);
});

// --- item 20: save counts across tabs ---------------------------------------------------------------

test('20. a save refused as done in another tab shows the live count', async ({ page, baseURL }) => {
  const base = baseURL ?? '';
  const author = await newPhotographer(base);
  const { id } = await createEvent(base, author.token, { title: `두 탭 저장 ${Date.now().toString(36)}` });
  const member = await newUser(base);
  await useSession(page, member);
  await page.goto(`/event/${id}`);
  await saveButtonsReady(page);
  const button = page.locator(`button[data-save="promotion"][data-save-id="${id}"]`).first();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(button.locator('[data-count]')).toHaveText('0');
  // Another tab of this member saves it, and someone else does too.
  for (const token of [member.token, (await newUser(base)).token]) {
    expect((await call(base, 'POST', `/api/v1/promotions/${id}/save`, { token })).status).toBeLessThan(300);
  }
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(button.locator('[data-count]')).toHaveText('2');
});

// --- item 21: cuts that look broken -----------------------------------------------------------------

test('21. an 8-character name keeps no ellipsis; a cut title never ends on a space', async ({ page, baseURL }) => {
  test.slow();
  const base = baseURL ?? '';
  await skipFirstVisit(page);
  // A photographer whose name is exactly 8 characters: the spec cuts at 8, so nothing is cut.
  const member = await newMember(base);
  const [profileImage] = await upload(base, member.token, 'USER_PROFILE_IMAGE');
  const name = `담아봐 ${freshNickname('s').slice(-4)}`;
  const registered = await call(base, 'POST', '/api/v1/photographers/me/registration', {
    token: member.token,
    body: {
      nickname: name,
      gender: 'MALE',
      instagramId: null,
      profileImage,
      mainPhotographyTypes: ['SNAP'],
      activeRegions: [{ category: '서울', name: '강남구' }],
    },
  });
  expect(registered.status).toBe(200);
  const portfolio = await upload(base, member.token, 'PHOTOGRAPHER_PORTFOLIO_IMAGE');
  const pageSaved = await call(base, 'PUT', '/api/v1/photographers/me/page', {
    token: member.token,
    body: { portfolio, address: null, instagramId: null, contactLink: null, description: '자연광 스냅 작가예요.' },
  });
  expect(pageSaved.status).toBe(200);
  await page.goto(`/search?${new URLSearchParams({ searchKeyword: name, state: 'PHOTOGRAPHER' })}`);
  const card = page.getByRole('heading', { name, exact: true });
  await expect(card).toBeVisible();
  await expect(card).toHaveText(name);
  // A title whose 8th character is a space: cut before it, not after.
  const title = `봄맞이 프로필 촬영 ${freshNickname('t')}`;
  await createEvent(base, member.token, { title });
  const heading = page.getByRole('heading', { name: title, exact: true }).first();
  // Home is a shared copy: a new event may take up to its max age (60 s) to show there.
  await expect
    .poll(
      async () => {
        await page.goto('/');
        return heading.isVisible();
      },
      { timeout: 80_000, intervals: [0, 5_000] },
    )
    .toBe(true);
  await expect(heading.locator('[aria-hidden="true"]')).toHaveText('봄맞이 프로필...');
  await shots(page, 'cut-title');
});

// --- item 22: the wrong member is moved at once, with word -------------------------------------------

test('22. a USER opening the event form or the photographer editor is moved at once and told why', async ({
  page,
  baseURL,
}) => {
  await useSession(page, await newUser(baseURL ?? ''));
  // Remembers in this tab whether a form field ever showed.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('#event-title, #edit-photographer-name')) sessionStorage.setItem('sawForm', '1');
    }).observe(document, { childList: true, subtree: true });
  });
  for (const [path, lands, message] of [
    ['/new/event', /\/events$/, '사진작가 회원만 이벤트를 등록할 수 있어요.'],
    ['/edit/photographer', /\/mypage$/, '사진작가 회원만 이용할 수 있는 페이지예요.'],
  ] as const) {
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page).toHaveURL(lands);
    await expect(toasts(page).getByText(message)).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('sawForm'))).toBeNull();
  }
  await shots(page, 'denied-arrival');
});

// --- item 23: toasts do not cover what the member came for -------------------------------------------

test('23. a toast stays clear of my page’s last rows, under the top bar, and closes with its ✕', async ({
  page,
  baseURL,
}) => {
  // A photographer with saved events closing soon: my page scrolls, 회원 탈퇴 is its last row, over the
  // bottom navigation.
  const base = baseURL ?? '';
  const owner = await newPhotographer(base, { withPage: true });
  for (let i = 0; i < 3; i++) {
    const { id } = await createEvent(base, owner.token, { title: `곧 마감 스냅 ${i + 1}차`, endedAt: day(1) });
    expect((await call(base, 'POST', `/api/v1/promotions/${id}/save`, { token: owner.token })).status).toBeLessThan(
      300,
    );
  }
  await useSession(page, owner);
  await page.goto('/mypage');
  await hydrated(page);
  await expect(page.getByText('곧 마감 스냅 3차')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.route('**/api/v1/users/me', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'INTERNAL_ERROR', message: '오류' }),
        })
      : route.continue(),
  );
  const withdraw = page.getByRole('button', { name: '회원 탈퇴' });
  await withdraw.click();
  await page.getByRole('alertdialog').getByRole('button', { name: '탈퇴하기' }).click();
  const toast = toasts(page).getByText('회원 탈퇴를 하지 못했어요. 잠시 후 다시 시도해 주세요.');
  await expect(toast).toBeVisible();
  // The member may try again at once: the row is not under the toast.
  await expect(withdraw).toBeInViewport();
  const a = await toast.boundingBox();
  const b = await withdraw.boundingBox();
  const bar = await page.locator('header').first().boundingBox();
  if (!a || !b || !bar) throw new Error('no boxes');
  expect(a.y + a.height <= b.y || b.y + b.height <= a.y).toBe(true);
  expect(a.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  await shots(page, 'toast-mypage');
  await toasts(page).getByRole('button', { name: '알림 닫기' }).click();
  await expect(toast).toHaveCount(0);
});

// --- item 7: the owner of hidden content ---------------------------------------------------------------

test('7. the owner of a hidden event is told on my page and acts from the hidden view; /admin answers', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const author = await newPhotographer(base, { withPage: true });
  const admin = await signIn(base, 'demo-admin');
  const title = `숨겨진 내 이벤트 ${Date.now().toString(36)}`;
  const { id } = await createEvent(base, author.token, { title });
  const hidden = await call(base, 'POST', `/api/v1/admin/promotions/${id}/hide`, {
    token: admin.accessToken.value,
    body: { reason: '연락처가 다른 사람의 것이에요.' },
  });
  expect(hidden.status).toBe(204);

  await useSession(page, author);
  await page.goto('/mypage');
  await hydrated(page);
  const notice = page.getByRole('region', { name: '숨겨진 게시물이 있어요' });
  await expect(notice).toBeVisible();
  await shots(page, 'mypage-hidden-notice');
  await notice.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/event/${id}$`));
  await expect(page.getByText('연락처가 다른 사람의 것이에요.')).toBeVisible();
  await expect(page.getByRole('link', { name: '수정하기' })).toHaveAttribute('href', `/new/event?edit=${id}`);
  await expect(page.getByRole('button', { name: '삭제하기' })).toBeVisible();
  await page.getByRole('button', { name: '다시 검토 요청' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '다시 검토 요청' }).click();
  await expect(toasts(page).getByText('다시 검토를 요청했어요.', { exact: true })).toBeVisible();
  await expect(page.getByText(/다시 검토를 요청했어요\. 관리자가 확인하고 있어요\./)).toBeVisible();
  await expect(page.getByRole('button', { name: '다시 검토 요청' })).toHaveCount(0);
  await shots(page, 'hidden-view-owner');
  // The hidden event opens in the form, to be fixed while it waits.
  await page.getByRole('link', { name: '수정하기' }).click();
  await expect(page.getByLabel('이벤트 제목')).toHaveValue(title);

  // The request waits on /admin; the admin keeps the event hidden.
  const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const adminPage = await adminContext.newPage();
  await useSession(adminPage, admin);
  await adminPage.goto('/admin');
  const requests = adminPage.getByRole('region', { name: '다시 검토 요청' });
  const item = requests.locator(`[data-review-request="PROMOTION:${id}"]`);
  await expect(item).toContainText(title);
  await item.getByRole('button', { name: '숨김 유지' }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: '숨김 유지' }).click();
  await expect(item).toHaveCount(0);
  await adminContext.close();

  // The owner may delete it: it leaves my page's notice.
  await page.goto(`/event/${id}`);
  await page.getByRole('button', { name: '삭제하기' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '삭제하기' }).click();
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(toasts(page).getByText('삭제했어요.')).toBeVisible();
  await expect(page.getByRole('region', { name: '숨겨진 게시물이 있어요' })).toHaveCount(0);
});
