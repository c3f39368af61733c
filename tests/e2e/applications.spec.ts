/**
 * Issue 40, applications on 담아봐, at 390×844 in Korean: the photographer posts an event that takes
 * them (the event form's new choices), a new USER applies with two photos and the consent, the
 * photographer finds it in 신청 관리 and selects it with a date and place, the USER confirms it and saves
 * the shoot's calendar file, and the photographer marks it 촬영 완료 on the shoot's date. Then: an edit
 * and a withdrawal, a decline with a message, a full event (capacity 1), an ended one, and who sees what
 * on the event page (a visitor, an unfinished sign-up, the author).
 * Set APPLICATIONS_SHOTS=/some/dir to keep 390 px screenshots of each new screen.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { bearer, signIn, uniqueAccount, type LoginAnswer } from '../support/auth';
import { call, createEvent, day, freshNickname, upload } from '../support/api';
import { todayKst } from './support/browse';
import { solidPng, useSession, watchPage } from './support/member';

const shotsDir = process.env['APPLICATIONS_SHOTS'];
async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}-390.png`, fullPage });
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'ko-KR' } as const;

/** A page of its own for one more person, in Korea at the phone size. */
async function personPage(browser: Browser, baseURL: string, session: LoginAnswer | null): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL, timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await page.addInitScript(() => sessionStorage.setItem('visited', 'true'));
  if (session) await useSession(page, session);
  return page;
}

/** A USER registered over HTTP, with an Instagram id on the profile. */
async function newUser(base: string, instagramId: string | null = null): Promise<LoginAnswer> {
  const login = await signIn(base, uniqueAccount('apply-user'));
  const res = await call(base, 'POST', '/api/v1/users/me/registration', {
    token: login.accessToken.value,
    body: { nickname: freshNickname('신'), gender: 'FEMALE', instagramId },
  });
  expect(res.status).toBe(200);
  return { ...login, user: res.body as LoginAnswer['user'] };
}

/** Applies over HTTP (for the applicants a test only needs to exist). */
async function applyOverHttp(base: string, who: LoginAnswer, eventId: number, photos = 1): Promise<number> {
  const token = who.accessToken.value;
  const images = photos > 0 ? await upload(base, token, 'APPLICATION_IMAGE', photos) : [];
  const res = await call(base, 'POST', `/api/v1/promotions/${eventId}/applications`, {
    token,
    body: {
      introduction: '함께 촬영하고 싶어요.',
      preferredDates: [day(1)],
      photos: images,
      contact: '010-0000-0000',
      consent: true,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: number }).id;
}

const shared = {
  photographer: null as LoginAnswer | null,
  photographerName: '',
  eventId: 0,
  title: `담아봐 신청 스냅 ${Date.now().toString(36).slice(-5)}`,
  applicant: null as LoginAnswer | null,
  applicantName: '',
};

const photographerOf = () => {
  if (!shared.photographer) throw new Error('no photographer session');
  return shared.photographer;
};

test.describe.serial('applications on 담아봐', () => {
  // Each test walks several pages (and people): more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });
  test.beforeAll(async ({ baseURL }) => {
    const base = baseURL ?? '';
    shared.photographer = await signIn(base, 'demo-photographer');
    shared.photographerName = shared.photographer.user.nickname;
    shared.applicant = await newUser(base, 'apply.tester');
    shared.applicantName = shared.applicant.user.nickname;
  });

  test('the photographer posts an event that takes applications on 담아봐', async ({ page, request }) => {
    const problems = watchPage(page);
    await useSession(page, photographerOf());
    await page.goto('/new/event');
    // A new event takes applications on 담아봐: no link field, 모집 인원 instead.
    await expect(page.getByLabel('담아봐로 받기')).toBeChecked();
    await expect(page.getByLabel('신청 링크', { exact: true })).toHaveCount(0);
    await page.getByLabel('이벤트 제목').fill(shared.title);
    await page.getByText('스냅', { exact: true }).click();
    await page.getByText('강남구', { exact: true }).click();
    await page.getByText('무료', { exact: true }).click();
    await page.getByLabel('시작일').fill(todayKst());
    await page.getByLabel('종료일').fill(day(7));
    await page.getByLabel('모집 인원').fill('0');
    await page.getByLabel('모집 인원').blur();
    await expect(page.getByText('모집 인원을 1~50명 사이로 입력해 주세요.')).toBeVisible();
    await page.getByLabel('모집 인원').fill('3');
    await page.getByLabel('남은 자리 보여주기').check();
    await page.getByLabel('참고 사진 필수').check();
    // Both ways: the link is back, and required.
    await page.getByText('둘 다', { exact: true }).click();
    await expect(page.getByLabel('신청 링크', { exact: true })).toBeVisible();
    await page.getByText('담아봐로 받기', { exact: true }).click();
    await expect(page.getByLabel('신청 링크', { exact: true })).toHaveCount(0);
    await page
      .locator('#event-banner')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await solidPng(400, '#c3a6ef') });
    await expect(page.getByRole('img', { name: '배너 사진 1' })).toBeVisible();
    await page.getByLabel('키워드 입력').fill('모델모집');
    await page.getByRole('button', { name: '추가', exact: true }).click();
    await page.getByLabel('상세 설명').fill('담아봐로 신청을 받아요.\n참고 사진을 꼭 첨부해 주세요.');
    await page.getByText('신청 받는 방법').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -60));
    await shot(page, '01-event-form-apply');
    await page.getByRole('button', { name: '등록하기' }).click();
    await expect(page).toHaveURL(/\/events$/);

    const inbox = await request.get('/api/v1/users/me/application-inbox', { headers: bearer(photographerOf()) });
    const event = (
      (await inbox.json()) as { items: { promotionId: number; title: string; capacity: number }[] }
    ).items.find((e) => e.title === shared.title);
    expect(event?.capacity).toBe(3);
    shared.eventId = event?.promotionId ?? 0;
    expect(problems).toEqual([]);
  });

  test('who sees what: a visitor logs in first, an unfinished sign-up finishes it, the author manages', async ({
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const visitor = await personPage(browser, base, null);
    await visitor.goto(`/event/${shared.eventId}`);
    await expect(visitor.getByText('남은 자리 3명')).toBeVisible();
    const apply = visitor.getByRole('button', { name: '담아봐로 신청하기' });
    await expect(apply).toBeEnabled();
    await apply.click();
    await expect(visitor.getByText('로그인이 필요한 서비스입니다.')).toBeVisible();
    await visitor.getByRole('button', { name: '로그인하기' }).click();
    await expect(visitor).toHaveURL(new RegExp(`/login\\?next=%2Fevent%2F${shared.eventId}$`));
    await visitor.context().close();

    const unregistered = await personPage(browser, base, await signIn(base, uniqueAccount('apply-unregistered')));
    await unregistered.goto(`/event/${shared.eventId}`);
    await unregistered.getByRole('button', { name: '담아봐로 신청하기' }).click();
    await expect(unregistered).toHaveURL(/\/signup$/);
    await expect(unregistered.getByText('담아봐로 신청하려면 회원가입을 먼저 마쳐 주세요.')).toBeVisible();
    await unregistered.context().close();

    const author = await personPage(browser, base, photographerOf());
    await author.goto(`/event/${shared.eventId}`);
    const mine = author.getByRole('link', { name: '내 이벤트예요 · 신청 관리' });
    await expect(mine).toHaveAttribute('href', `/my/inbox/${shared.eventId}`);
    await author.context().close();
  });

  test('a new USER applies with two photos and the consent', async ({ page }) => {
    const problems = watchPage(page);
    await useSession(page, shared.applicant ?? (await Promise.reject(new Error('no applicant'))));
    await page.goto(`/event/${shared.eventId}`);
    await expect(page.getByText('모집 인원')).toBeVisible();
    await page.getByRole('button', { name: '담아봐로 신청하기' }).click();
    const sheet = page.getByRole('dialog', { name: '담아봐로 신청하기' });
    await expect(sheet).toBeVisible();
    // The Instagram id comes from the profile; the consent names the photographer.
    await expect(sheet.getByLabel('인스타그램 아이디')).toHaveValue('apply.tester');
    await expect(sheet.getByText(`제공받는 자: ${shared.photographerName} (이 이벤트의 작가)`)).toBeVisible();
    await sheet.getByLabel('자기소개').fill('자연광 프로필을 남기고 싶어요. 주말 오후가 좋아요.');
    await expect(sheet.getByText('29/300')).toBeVisible();
    await sheet.getByRole('textbox', { name: /^희망 촬영일/ }).fill(day(1));
    await sheet.getByRole('textbox', { name: /^희망 촬영일/ }).fill(day(2));
    await expect(sheet.getByRole('list', { name: '고른 희망 촬영일' }).getByRole('listitem')).toHaveCount(2);
    await sheet.getByLabel('참고 사진 추가').setInputFiles([
      { name: 'ref-1.png', mimeType: 'image/png', buffer: await solidPng(300, '#f6d365') },
      { name: 'ref-2.png', mimeType: 'image/png', buffer: await solidPng(300, '#84fab0') },
    ]);
    await expect(sheet.getByRole('img', { name: /^참고 사진 \d$/ })).toHaveCount(2);
    await expect(sheet.locator('[data-phase="done"]')).toHaveCount(2);
    await sheet.getByLabel('연락처').fill('카카오톡 apply01');
    // Without the consent: the rule's message, nothing sent.
    await sheet.getByRole('button', { name: '신청하기' }).click();
    await expect(sheet.getByText('개인정보 제3자 제공에 동의해야 신청할 수 있어요.')).toBeVisible();
    await expect(sheet.getByRole('alert')).toHaveText('빠진 항목을 채워 주세요.');
    await sheet.getByLabel('개인정보 제3자 제공에 동의해요').check();
    await shot(page, '02-apply-sheet');
    await sheet.getByRole('button', { name: '신청하기' }).click();
    await expect(page.getByText('신청했어요', { exact: true })).toBeVisible();
    await expect(sheet).toHaveCount(0);
    const done = page.getByRole('link', { name: '신청 완료 · 내 신청 보기' });
    await expect(done).toHaveAttribute('href', '/my/applications');
    await shot(page, '03-event-applied');
    // Coming back later: the page (the same for everyone) learns it from the member's applications.
    await page.reload();
    await expect(done).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the photographer finds it in 신청 관리 and selects it with a date and place', async ({ page }) => {
    const problems = watchPage(page);
    await useSession(page, photographerOf());
    await page.goto('/mypage');
    await expect(page.getByRole('link', { name: '내 신청' })).toBeVisible();
    await shot(page, '04a-mypage-links');
    await page.getByRole('link', { name: '신청 관리' }).click();
    await expect(page).toHaveURL(/\/my\/inbox$/);
    const row = page.getByRole('link').filter({ hasText: shared.title });
    await expect(row).toContainText('신청 1 · 선정 0/모집 3');
    await expect(row).toContainText('새 신청 1');
    await shot(page, '04-inbox');
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/my/inbox/${shared.eventId}$`));
    const card = page.locator('[data-application]').filter({ hasText: shared.applicantName });
    await expect(card).toContainText('자연광 프로필을 남기고 싶어요.');
    await expect(card).toContainText('신청함');
    await expect(card).toContainText('@apply.tester');
    await expect(card).toContainText('연락처는 선정한 뒤에 보여요.');
    // The private photos load with the token, as blobs.
    const photos = card.getByRole('img', { name: new RegExp(`^${shared.applicantName}님의 참고 사진 \\d$`) });
    await expect(photos).toHaveCount(2);
    await expect(photos.first()).toHaveAttribute('src', /^blob:/);
    await shot(page, '05-inbox-event', true);

    await card.getByRole('button', { name: '선정하기' }).click();
    const sheet = page.getByRole('dialog', { name: '선정하기' });
    await sheet.getByLabel('촬영 날짜').fill(todayKst());
    await sheet.getByLabel('시간').fill('10:00');
    await sheet.getByRole('button', { name: '선정하기' }).click();
    await expect(sheet.getByText('촬영 장소를 입력해 주세요.')).toBeVisible();
    await sheet.getByLabel('장소').fill('서울숲 2번 출구 앞');
    await sheet.getByLabel('메시지').fill('편한 옷으로 와 주세요.');
    await shot(page, '06-select-sheet');
    await sheet.getByRole('button', { name: '선정하기' }).click();
    await expect(page.getByText('선정했어요. 신청자에게 일정이 보여요.')).toBeVisible();
    await expect(card).toContainText('선정됨');
    await expect(card).toContainText('카카오톡 apply01');
    await expect(card).toContainText('서울숲 2번 출구 앞');
    await expect(card.getByRole('button', { name: '선정 취소' })).toBeVisible();
    await expect(page.getByText('신청 1 · 선정 1/모집 3')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the USER confirms it and saves the shoot to the calendar', async ({ page }) => {
    const problems = watchPage(page);
    await useSession(page, shared.applicant ?? (await Promise.reject(new Error('no applicant'))));
    await page.goto('/mypage');
    await page.getByRole('link', { name: '내 신청' }).click();
    await expect(page).toHaveURL(/\/my\/applications$/);
    const card = page.locator('[data-application]').filter({ hasText: shared.title });
    await expect(card).toContainText('선정됨');
    await expect(card).toContainText('서울숲 2번 출구 앞');
    await expect(card).toContainText('오전 10:00');
    await expect(card).toContainText('편한 옷으로 와 주세요.');
    await expect(card.getByRole('link', { name: /인스타그램 @/ })).toBeVisible();
    await card.getByRole('button', { name: '참여 확정' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '참여 확정' }).click();
    await expect(page.getByText('참여를 확정했어요.')).toBeVisible();
    await expect(card.locator('[data-status]').first()).toHaveText('참여 확정');
    await expect(card.getByRole('button', { name: '신청 취소' })).toHaveCount(0);
    await shot(page, '07-my-applications', true);

    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: '캘린더에 추가' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.ics$/);
    const text = await readFile((await file.path()) ?? '', 'utf8');
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('서울숲 2번 출구 앞');
    expect(problems).toEqual([]);
  });

  test('the photographer marks it 촬영 완료 on the shoot’s date', async ({ page }) => {
    await useSession(page, photographerOf());
    await page.goto(`/my/inbox/${shared.eventId}`);
    const card = page.locator('[data-application]').filter({ hasText: shared.applicantName });
    await expect(card).toContainText('참여 확정');
    await expect(card.getByRole('button', { name: '불참' })).toBeVisible();
    await card.getByRole('button', { name: '촬영 완료' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '촬영 완료' }).click();
    await expect(page.getByText('촬영 완료로 표시했어요.')).toBeVisible();
    await expect(card.locator('[data-status]').first()).toHaveText('촬영 완료');
    // No move is left (only 이 신청 신고하기).
    await expect(card.getByRole('button').filter({ hasNotText: '신고' })).toHaveCount(0);
  });

  test('an applicant edits, then withdraws; another is declined with a message', async ({ page, browser, baseURL }) => {
    const base = baseURL ?? '';
    const editor = await newUser(base);
    await applyOverHttp(base, editor, shared.eventId);
    const declined = await newUser(base);
    await applyOverHttp(base, declined, shared.eventId);

    await useSession(page, editor);
    await page.goto('/my/applications');
    const card = page.locator('[data-application]').filter({ hasText: shared.title });
    await expect(card).toContainText('신청함');
    await shot(page, '07a-my-application-applied');
    // The kept photo is not uploaded again: the edit names it by the URL the application gave.
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/files') uploads.push(r.url());
    });
    await card.getByRole('button', { name: '수정' }).click();
    const sheet = page.getByRole('dialog', { name: '신청 수정하기' });
    await expect(sheet.getByLabel('자기소개')).toHaveValue('함께 촬영하고 싶어요.');
    // The kept photo is there, shown (the event asks for one).
    await expect(sheet.locator('[data-phase="done"]')).toHaveCount(1);
    await expect(sheet.locator('[data-phase="done"] img')).toHaveJSProperty('complete', true);
    await expect(sheet.getByText('개인정보 제3자 제공에 동의해요')).toHaveCount(0);
    await shot(page, '07b-edit-sheet');
    await sheet.getByLabel('자기소개').fill('일정이 바뀌어 평일 저녁도 괜찮아요.');
    await sheet.getByRole('button', { name: '수정하기' }).click();
    await expect(page.getByText('신청을 수정했어요')).toBeVisible();
    expect(uploads).toEqual([]);
    await card.getByRole('button', { name: '신청 취소' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '신청 취소' }).click();
    await expect(page.getByText('신청을 취소했어요.')).toBeVisible();
    await expect(card.locator('[data-status]').first()).toHaveText('신청 취소');
    // No move is left (only 이 신청 신고하기).
    await expect(card.getByRole('button').filter({ hasNotText: '신고' })).toHaveCount(0);

    const author = await personPage(browser, base, photographerOf());
    await author.goto(`/my/inbox/${shared.eventId}`);
    const other = author.locator('[data-application]').filter({ hasText: declined.user.nickname });
    await other.getByRole('button', { name: '미선정' }).click();
    const dialog = author.getByRole('dialog', { name: '미선정' });
    await dialog.getByLabel('메시지 (선택)').fill('이번에는 함께하지 못하게 됐어요.');
    await dialog.getByRole('button', { name: '미선정' }).click();
    await expect(author.getByText('미선정으로 표시했어요.')).toBeVisible();
    // Filtered by state: the withdrawn one is there, the declined one is not.
    const filters = author.getByRole('group', { name: '상태별 보기' });
    await filters.getByText('신청 취소', { exact: true }).click();
    await expect(author.locator('[data-application]')).toHaveCount(1);
    await expect(author.locator('[data-application]')).toContainText(editor.user.nickname);
    await filters.getByText('미선정', { exact: true }).click();
    await expect(author.locator('[data-application]')).toHaveCount(1);
    await expect(author.locator('[data-application]')).toContainText(declined.user.nickname);
    await shot(author, '08-inbox-filtered');
    await author.context().close();

    const applicant = await personPage(browser, base, declined);
    await applicant.goto('/my/applications');
    const mine = applicant.locator('[data-application]').filter({ hasText: shared.title });
    await expect(mine).toContainText('미선정');
    await expect(mine).toContainText('이번에는 함께하지 못하게 됐어요.');
    await applicant.context().close();
  });

  test('a full event: the second applicant is told, what they typed kept', async ({ page, baseURL }) => {
    const base = baseURL ?? '';
    const token = photographerOf().accessToken.value;
    const { id } = await createEvent(base, token, {
      title: `한 자리 스냅 ${Date.now().toString(36).slice(-5)}`,
      applyMode: 'BOTH',
      capacity: 1,
      showPlacesLeft: true,
    });
    const first = await newUser(base);
    const firstId = await applyOverHttp(base, first, id, 0);
    const second = await newUser(base);

    await useSession(page, second);
    await page.goto(`/event/${id}`);
    await expect(page.getByText('남은 자리 1명')).toBeVisible();
    // Both ways: the link stays, second (through the apply address that counts the click, issue 43).
    await expect(page.getByRole('link', { name: '링크로 신청 (새 창)' })).toHaveAttribute(
      'href',
      `/api/v1/promotions/${id}/apply`,
    );
    await expect(page.getByRole('button', { name: '담아봐로 신청하기' })).toBeEnabled();
    await shot(page, '09a-event-both');
    await page.getByRole('button', { name: '담아봐로 신청하기' }).click();
    const sheet = page.getByRole('dialog', { name: '담아봐로 신청하기' });
    await sheet.getByLabel('자기소개').fill('꼭 참여하고 싶어요!');
    await sheet.getByLabel('개인정보 제3자 제공에 동의해요').check();
    // Meanwhile the photographer fills the one place.
    const selected = await call(base, 'POST', `/api/v1/applications/${firstId}/transitions`, {
      token,
      body: { to: 'SELECTED', shootAt: new Date(Date.now() + 86_400_000).toISOString(), place: '성수동 스튜디오' },
    });
    expect(selected.status).toBe(200);
    await sheet.getByRole('button', { name: '신청하기' }).click();
    await expect(sheet.getByRole('alert')).toHaveText('모집 인원이 다 찼어요.');
    await expect(sheet.getByLabel('자기소개')).toHaveValue('꼭 참여하고 싶어요!');
    await shot(page, '09-apply-full');
    await sheet.getByRole('button', { name: '닫기' }).click();
    // The page, the same for everyone, says so once its copy is rendered again (a stale copy may be
    // answered while that render runs).
    await expect(async () => {
      await page.reload();
      await expect(page.getByText('남은 자리 없음')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: '모집 인원이 다 찼어요' })).toBeDisabled();
    await expect(page.getByRole('button', { name: '담아봐로 신청하기' })).toHaveCount(0);
  });

  test('an ended event takes no application', async ({ page, request, baseURL }) => {
    const base = baseURL ?? '';
    // New events cannot start in the past: one of the seeded ended events, by its own (demo) author.
    const ended = await request.get('/api/v1/promotions/list?progressStatus=ENDED&pageSize=100');
    const items = ((await ended.json()) as { items: { id: number; author: { id: number } | null }[] }).items;
    const first = photographerOf().user.id;
    let found: { id: number; author: LoginAnswer } | null = null;
    for (const e of items) {
      if (!e.author || e.author.id <= first) continue;
      // The seeded photographers were made in order: demo-photographer, demo-photographer-2, …
      const author = await signIn(base, `demo-photographer-${e.author.id - first + 1}`);
      if (author.user.id === e.author.id) {
        found = { id: e.id, author };
        break;
      }
    }
    if (!found) throw new Error('no seeded ended event whose author signs in');
    const token = found.author.accessToken.value;
    // Its author turns it to applications on 담아봐 (its past dates kept).
    const current = (await call(base, 'GET', `/api/v1/promotions/${found.id}`, { token })).body as Record<
      string,
      unknown
    >;
    const put = await call(base, 'PUT', `/api/v1/promotions/${found.id}`, {
      token,
      body: { ...current, applyMode: 'BOTH', capacity: 5, showPlacesLeft: true },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const user = await newUser(base);
    await useSession(page, user);
    await page.goto(`/event/${found.id}`);
    await expect(page.getByRole('button', { name: '마감된 이벤트예요' })).toBeDisabled();
    await expect(page.getByRole('button', { name: '담아봐로 신청하기' })).toHaveCount(0);
    await expect(page.getByText('남은 자리 5명')).toHaveCount(0);
    await shot(page, '10-event-ended');
    const refused = await call(base, 'POST', `/api/v1/promotions/${found.id}/applications`, {
      token: user.accessToken.value,
      body: { introduction: '신청해요', preferredDates: [], photos: [], consent: true },
    });
    expect(refused).toMatchObject({ status: 409, body: { code: 'PROMOTION_CLOSED', message: '마감된 이벤트예요.' } });
  });
});
