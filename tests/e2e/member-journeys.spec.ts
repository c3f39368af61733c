/**
 * Member journeys (issue 9) in demo mode at 390×844, through the Kakao and postcode stand-ins:
 * a new PHOTOGRAPHER signs up, fills the page editor (3 portfolio pictures made here, one over 3 MB,
 * an address from the postcode stand-in), appears in /photographers, posts an event with 2 banner
 * photos and 3 keywords, sees it first in /events, edits its title, deletes it; a USER saves an event
 * and the photographer and finds both in /my/saved/* with the counts on /mypage; the photographer
 * withdraws, the session ends and their events vanish. Set MEMBER_SHOTS=/some/dir for screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import type { LoginAnswer } from '../support/auth';
import {
  freshNickname,
  kakaoLogin,
  noisyPng,
  registeredUser,
  session,
  shade,
  solidPng,
  useSession,
  watchPage,
} from './support/member';

const shotsDir = process.env['MEMBER_SHOTS'];
async function shot(page: Page, name: string): Promise<void> {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

const next = (page: Page) => page.getByRole('button', { name: '다음', exact: true });

interface StoredSession {
  accessToken: string;
  refreshToken: string;
  sessionUser: string;
}

interface Shared {
  photographerSession: StoredSession | null;
  photographerName: string;
  photographerId: number;
  keptEventId: number;
  keptEventTitle: string;
  user: LoginAnswer | null;
}
const shared: Shared = {
  photographerSession: null,
  photographerName: '',
  photographerId: 0,
  keptEventId: 0,
  keptEventTitle: '',
  user: null,
};

async function storedSession(page: Page): Promise<StoredSession> {
  return page.evaluate(() => ({
    accessToken: localStorage.getItem('accessToken') ?? '',
    refreshToken: localStorage.getItem('refreshToken') ?? '',
    sessionUser: localStorage.getItem('sessionUser') ?? '',
  }));
}

/** Puts a session kept from an earlier test back (the tests run in fresh browser contexts). */
async function restoreSession(page: Page, stored: StoredSession | null): Promise<void> {
  if (!stored) throw new Error('no session to restore');
  await page.addInitScript((s) => {
    if (sessionStorage.getItem('e2e-session')) return;
    sessionStorage.setItem('e2e-session', '1');
    sessionStorage.setItem('visited', 'true');
    localStorage.setItem('accessToken', s.accessToken);
    localStorage.setItem('refreshToken', s.refreshToken);
    localStorage.setItem('sessionUser', s.sessionUser);
  }, stored);
}

/** Fills every field of the event form but the banner photos. */
async function fillEventForm(page: Page, title: string): Promise<void> {
  await page.getByLabel('이벤트 제목').fill(title);
  await page.getByText('스냅', { exact: true }).click();
  await page.getByText('프로필', { exact: true }).click();
  await expect(page.getByLabel('컨셉', { exact: true })).toBeDisabled();
  await page.getByText('강남구', { exact: true }).click();
  await page.getByText('마포구', { exact: true }).click();
  await page.getByText('무료', { exact: true }).click();
  const start = page.getByLabel('시작일');
  const end = page.getByLabel('종료일');
  await expect(end).toBeDisabled();
  const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
  await expect(start).toHaveAttribute('min', today);
  await start.fill(today);
  await expect(end).toBeEnabled();
  await expect(end).toHaveAttribute('min', today);
  const later = new Date(Date.now() + 9 * 3_600_000 + 14 * 86_400_000).toISOString().slice(0, 10);
  await end.fill(later);
  // A new event takes applications on 담아봐 by default (issue 40): this one through its link.
  await page.getByText('신청 링크로 받기', { exact: true }).click();
  await page.getByLabel('신청 링크', { exact: true }).fill('https://www.instagram.com/p/damabwa-event/');
  await page.getByLabel('상세 설명').fill('담아봐 데모 이벤트입니다.\n신청 링크로 신청해 주세요.');
}

test.describe.serial('a photographer, a user and their saved lists', () => {
  test('a new PHOTOGRAPHER signs up and fills the page editor', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const problems = watchPage(page);
    await kakaoLogin(page, `member-photographer-${Date.now().toString(36)}`);
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByText('사진작가로 시작하기').click();
    await next(page).click();
    const name = `담아 스튜디오 ${freshNickname('작')}`;
    shared.photographerName = name;
    await page.getByLabel('상호명 또는 활동명').fill(name);
    await page.getByRole('button', { name: '중복 확인' }).click();
    await expect(page.locator('#signup-nickname-status')).toHaveText('사용 가능한 활동명입니다.');
    await page.getByText('여성', { exact: true }).click();
    await next(page).click();
    await page
      .locator('#signup-image')
      .setInputFiles({ name: 'profile.png', mimeType: 'image/png', buffer: await solidPng(320, '#7b35d3') });
    await expect(page.getByText('사진을 올렸어요.')).toBeVisible();
    await page.getByText('스냅', { exact: true }).click();
    await page.getByText('강남구', { exact: true }).click();
    await next(page).click();
    await page.getByText('촬영 이벤트', { exact: true }).click();
    await next(page).click();
    await page.getByLabel('전체 동의').check();
    await page.getByRole('button', { name: '가입 완료' }).click();
    await expect(page).toHaveURL(/\/success\/signup$/);
    shared.photographerId = (await session(page)).user?.id ?? 0;
    expect(shared.photographerId).toBeGreaterThan(0);

    // My page: the PHOTOGRAPHER view, nothing saved yet (counts are not links), an empty portfolio.
    await page.goto('/mypage');
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('link', { name: '프로필 수정' })).toHaveAttribute('href', '/edit/photographer');
    await expect(page.getByRole('link', { name: '작가 페이지 수정' })).toHaveAttribute(
      'href',
      '/edit/photographer/detail',
    );
    await expect(page.getByText('저장한 이벤트 0개')).toBeVisible();
    await expect(page.getByRole('link', { name: /저장한 이벤트/ })).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: '마이페이지' }),
    ).toHaveAttribute('aria-current', 'page');
    await shot(page, '01-mypage-photographer-empty');

    // The page editor.
    await page.getByRole('link', { name: '작가 페이지 수정' }).click();
    await expect(page).toHaveURL(/\/edit\/photographer\/detail$/);
    const save = page.getByRole('button', { name: '저장하기' });
    await expect(save).toBeDisabled();
    const input = page.locator('#page-portfolio');
    // Not an image: refused in Korean, nothing added.
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByRole('alert').filter({ hasText: '이미지 파일이 아니에요.' })).toBeVisible();
    const big = await noisyPng(3000, 3000);
    expect(big.length).toBeGreaterThan(3_145_728);
    const uploads: number[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/files') && r.method() === 'POST') uploads.push(r.postDataBuffer()?.length ?? 0);
    });
    await input.setInputFiles([
      { name: 'first.png', mimeType: 'image/png', buffer: await solidPng(800, '#e0c3fc') },
      { name: 'big-noise.png', mimeType: 'image/png', buffer: big },
      { name: 'third.png', mimeType: 'image/png', buffer: await solidPng(800, '#8ec5fc') },
    ]);
    // The large one is compressed in the browser first, with visible progress.
    await expect(page.getByText(/줄이는 중 \d+%/)).toBeVisible({ timeout: 20_000 });
    await shot(page, '02-page-editor-compressing');
    const items = page.locator('[data-phase]').filter({ has: page.locator('img') });
    await expect(page.getByRole('img', { name: /^포트폴리오 \d$/ })).toHaveCount(3, { timeout: 90_000 });
    expect(uploads).toHaveLength(3);
    // The 25 MB picture went up compressed (the multipart body adds a few hundred bytes).
    expect(Math.max(...uploads)).toBeLessThanOrEqual(3_145_728 + 4096);
    await expect(items).toHaveCount(3);
    // The 11th picture opens the limit modal; only what fits is taken.
    // Different pictures: the same one twice is dropped as a duplicate (issue 44).
    const extra = await Promise.all(Array.from({ length: 8 }, (_, i) => solidPng(64, shade(i))));
    await input.setInputFiles(extra.map((buffer, i) => ({ name: `extra-${i}.png`, mimeType: 'image/png', buffer })));
    const limit = page.getByRole('alertdialog');
    await expect(limit).toContainText('포트폴리오 이미지는 최대 10장까지 첨부할 수 있어요.');
    await limit.getByRole('button', { name: '확인' }).click();
    await expect(page.getByRole('img', { name: /^포트폴리오 \d+$/ })).toHaveCount(10);
    for (let n = 10; n > 3; n--) await page.getByRole('button', { name: `${n}번째 사진 삭제` }).click();
    await expect(page.getByRole('img', { name: /^포트폴리오 \d+$/ })).toHaveCount(3);
    // Reorder: the third picture becomes the main one.
    await page.getByRole('button', { name: '3번째 사진을 앞으로 이동' }).click();
    await page.getByRole('button', { name: '2번째 사진을 앞으로 이동' }).click();

    // Address through the postcode stand-in.
    await page.getByRole('button', { name: '주소 검색' }).click();
    const sheet = page.getByRole('dialog', { name: '주소 검색' });
    await expect(sheet).toBeVisible();
    await sheet.getByLabel('도로명, 건물명, 지번으로 검색').fill('테헤란로');
    await sheet.getByRole('button', { name: '검색', exact: true }).click();
    await shot(page, '03-postcode-stand-in');
    await sheet.getByRole('button', { name: /서울 강남구 테헤란로 152/ }).click();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTestId('address')).toContainText('서울 강남구 테헤란로 152');
    await expect(page.getByTestId('address')).toContainText('지번 서울 강남구 역삼동 737');

    await page.getByLabel(/인스타그램 아이디/).fill('Damabwa.Studio!');
    await expect(page.getByLabel(/인스타그램 아이디/)).toHaveValue('damabwa.studio');
    await page.getByLabel(/대표 링크/).fill('pf kakao.com/_damabwa');
    await expect(page.getByText('대표 링크는 http:// 또는 https:// 로 시작하는 주소로 입력해 주세요.')).toBeVisible();
    // Typed without a scheme, a plausible host is taken as https:// + it (stored so, checked below).
    await page.getByLabel(/대표 링크/).fill('pf.kakao.com/_damabwa');
    await expect(page.getByText('대표 링크는 http:// 또는 https:// 로 시작하는 주소로 입력해 주세요.')).toHaveCount(0);
    await expect(save).toBeDisabled();
    const intro = page.getByLabel('상세 소개');
    await intro.fill('가'.repeat(501));
    await expect(page.getByText('501/500')).toBeVisible();
    await expect(save).toBeDisabled();
    await intro.fill('자연광 스냅과 프로필 촬영을 하는 담아 스튜디오입니다.\n편하게 문의해 주세요.');
    await expect(save).toBeEnabled();
    await shot(page, '04-page-editor-filled');
    await save.click();

    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByText('작가 페이지를 저장했어요.')).toBeVisible();
    const portfolio = page.getByRole('region', { name: '포트폴리오' }).getByRole('img');
    await expect(portfolio).toHaveCount(3);
    await shot(page, '05-mypage-photographer-portfolio');

    const stored = (await (
      await page.request.get(`${baseURL}/api/v1/photographers/${shared.photographerId}`)
    ).json()) as {
      portfolio: { name: string }[];
      address: unknown;
      instagramId: string;
      contactLink: string;
    };
    expect(stored.portfolio.map((p) => p.name)).toEqual(['third.png', 'first.png', 'big-noise.png']);
    expect(stored.address).toEqual({
      sido: '서울',
      sigungu: '강남구',
      roadAddress: '서울 강남구 테헤란로 152',
      jibunAddress: '서울 강남구 역삼동 737',
    });
    expect(stored).toMatchObject({ instagramId: 'damabwa.studio', contactLink: 'https://pf.kakao.com/_damabwa' });

    // Now listed: the newest photographer comes first.
    await page.goto('/photographers');
    await expect(page.locator('main a[href^="/photographer/"]').first()).toHaveAttribute(
      'href',
      `/photographer/${shared.photographerId}`,
    );
    shared.photographerSession = await storedSession(page);
    expect(problems).toEqual([]);
  });

  test('the photographer edits the profile: name with its check, types and regions', async ({ page, request }) => {
    const problems = watchPage(page);
    await restoreSession(page, shared.photographerSession);
    await page.goto('/mypage');
    await page.getByRole('link', { name: '프로필 수정' }).click();
    await expect(page).toHaveURL(/\/edit\/photographer$/);
    const field = page.getByLabel('상호명 또는 활동명');
    await expect(field).toHaveValue(shared.photographerName);
    await expect(page.getByLabel('스냅', { exact: true })).toBeChecked();
    await expect(page.getByRole('button', { name: '서울 강남구 선택 해제' })).toBeVisible();
    const save = page.getByRole('button', { name: '수정 완료' });
    await expect(save).toBeEnabled();
    await expect(page.getByRole('button', { name: '중복 확인' })).toBeDisabled();

    const name = `담아 스냅 ${freshNickname('새')}`;
    await field.fill(`  ${name.replace(' ', '   ')} `);
    await expect(field).toHaveValue(`${name} `);
    await page.getByRole('button', { name: '중복 확인' }).click();
    await expect(page.locator('#edit-photographer-name-status')).toHaveText('사용 가능한 활동명입니다.');
    await page.getByText('프로필', { exact: true }).click();
    await page.getByText('컨셉', { exact: true }).click();
    await expect(page.getByLabel('증명', { exact: true })).toBeDisabled();
    // No types, no regions: the button is disabled.
    await page.getByRole('button', { name: '서울 강남구 선택 해제' }).click();
    await expect(save).toBeDisabled();
    await page.getByText('부산', { exact: true }).click();
    await page.getByText('해운대구', { exact: true }).click();
    await expect(save).toBeEnabled();
    await shot(page, '05b-edit-photographer');
    await save.click();
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('컨셉 · 프로필 · 스냅')).toBeVisible();
    const profile = (await (await request.get(`/api/v1/photographers/${shared.photographerId}`)).json()) as {
      nickname: string;
      activeRegions: unknown;
    };
    expect(profile).toMatchObject({ nickname: name, activeRegions: [{ category: '부산', name: '해운대구' }] });
    shared.photographerName = name;
    expect(problems).toEqual([]);
  });

  test('the photographer posts an event, sees it first in /events, edits its title and deletes it', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const problems = watchPage(page);
    await restoreSession(page, shared.photographerSession);
    await page.goto('/events');
    await page.getByRole('link', { name: '이벤트 등록하기' }).click();
    await expect(page).toHaveURL(/\/new\/event$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('이벤트 등록');
    await expect(page.getByLabel('상호명 또는 활동명')).toHaveValue(shared.photographerName);
    await expect(page.getByLabel('상호명 또는 활동명')).toHaveAttribute('readonly', '');
    const register = page.getByRole('button', { name: '등록하기' });
    await expect(register).toBeDisabled();

    // Title: input beyond 30 characters is ignored.
    await page.getByLabel('이벤트 제목').fill('가'.repeat(35));
    await expect(page.getByLabel('이벤트 제목')).toHaveValue('가'.repeat(30));
    const title = `담아봐 봄 스냅 ${Date.now().toString(36)}`;
    await fillEventForm(page, title);
    await expect(
      page.getByText('신청하기 버튼과 연결되는 링크예요. (예: 인스타그램 게시물, 카카오톡 채널)'),
    ).toBeVisible();

    // A new start date clears the end date.
    const tomorrow = new Date(Date.now() + 9 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('시작일').fill(tomorrow);
    await expect(page.getByLabel('종료일')).toHaveValue('');
    await expect(page.getByLabel('종료일')).toHaveAttribute('min', tomorrow);
    const end = new Date(Date.now() + 9 * 3_600_000 + 20 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('종료일').fill(end);

    // Two banner photos.
    await page.locator('#event-banner').setInputFiles([
      { name: 'banner-1.png', mimeType: 'image/png', buffer: await solidPng(600, '#f6d365') },
      { name: 'banner-2.png', mimeType: 'image/png', buffer: await solidPng(600, '#fda085') },
    ]);
    await expect(page.getByRole('img', { name: /^배너 사진 \d$/ })).toHaveCount(2);

    // Keywords: empty blocked, a duplicate silently ignored, the fourth opens the limit modal.
    const keyword = page.getByLabel('키워드 입력');
    const add = page.getByRole('button', { name: '추가', exact: true });
    await expect(add).toBeDisabled();
    await keyword.fill('   ');
    await expect(add).toBeDisabled();
    await keyword.fill('야외스냅');
    await keyword.press('Enter');
    await keyword.fill('무료촬영');
    await add.click();
    await keyword.fill('야외스냅');
    await add.click();
    await expect(keyword).toHaveValue('');
    const tags = page.getByRole('list', { name: '대표 키워드' }).getByRole('listitem');
    await expect(tags).toHaveCount(2);
    await keyword.fill('봄');
    await add.click();
    await keyword.fill('넷째');
    await add.click();
    const limit = page.getByRole('alertdialog');
    await expect(limit).toContainText('대표 키워드는 최대 3개까지 입력할 수 있어요.');
    await shot(page, '06-event-form-keyword-limit');
    await limit.getByRole('button', { name: '확인' }).click();
    await expect(tags).toHaveCount(3);
    await expect(page.getByText(/^\d+\/500$/)).toBeVisible();

    // An accidental reload keeps the draft.
    await page.reload();
    await expect(page.getByLabel('이벤트 제목')).toHaveValue(title);
    await expect(tags).toHaveCount(3);
    await expect(page.getByRole('img', { name: /^배너 사진 \d$/ })).toHaveCount(2);
    await expect(page.getByLabel('종료일')).toHaveValue(end);
    await expect(register).toBeEnabled();
    await shot(page, '07-event-form-filled');
    await register.click();

    // To /events with the history entry replaced; the new event is first.
    await expect(page).toHaveURL(/\/events$/);
    const first = page.locator('main ul li article').first();
    await expect(first).toContainText(title.slice(0, 8));
    const href = (await first.locator('a[href^="/event/"]').first().getAttribute('href')) ?? '';
    const id = Number(href.split('/').pop());
    expect(id).toBeGreaterThan(0);
    await page.goBack();
    await expect(page).not.toHaveURL(/\/new\/event/);

    const saved = (await (await request.get(`/api/v1/promotions/${id}`)).json()) as Record<string, unknown>;
    expect(saved).toMatchObject({
      title,
      promotionType: 'FREE',
      photographyTypes: ['PROFILE', 'SNAP'],
      activeRegions: [
        { category: '서울', name: '강남구' },
        { category: '서울', name: '마포구' },
      ],
      hashtags: ['야외스냅', '무료촬영', '봄'],
      startedAt: tomorrow,
      endedAt: end,
    });
    expect((saved['images'] as { name: string }[]).map((i) => i.name)).toEqual(['banner-1.png', 'banner-2.png']);

    // Edit from the event's options menu: prefilled; the new title is saved.
    await page.goto(`/event/${id}`);
    await page.getByRole('button', { name: '이벤트 관리 메뉴' }).click();
    await page.getByRole('menuitem', { name: '수정하기' }).click();
    await expect(page).toHaveURL(new RegExp(`/new/event\\?edit=${id}$`));
    await expect(page.getByLabel('이벤트 제목')).toHaveValue(title);
    await expect(page.getByRole('img', { name: /^배너 사진 \d$/ })).toHaveCount(2);
    const edited = `${title} 수정`;
    await page.getByLabel('이벤트 제목').fill(edited);
    await page.reload();
    await expect(page.getByLabel('이벤트 제목')).toHaveValue(edited);
    await shot(page, '08-event-form-edit');
    await page.getByRole('button', { name: '수정하기' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.locator('main ul li article').first()).toContainText(edited.slice(0, 8));
    expect(((await (await request.get(`/api/v1/promotions/${id}`)).json()) as { title: string }).title).toBe(edited);

    // Delete from the options menu.
    await page.goto(`/event/${id}`);
    await page.getByRole('button', { name: '이벤트 관리 메뉴' }).click();
    await page.getByRole('menuitem', { name: '삭제하기' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '삭제' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.locator(`main a[href="/event/${id}"]`)).toHaveCount(0);
    expect((await request.get(`/api/v1/promotions/${id}`)).status()).toBe(404);

    // A second event stays for the user's saved list.
    await page.goto('/new/event');
    shared.keptEventTitle = `작가 이벤트 ${Date.now().toString(36)}`;
    await fillEventForm(page, shared.keptEventTitle);
    await page
      .locator('#event-banner')
      .setInputFiles([{ name: 'kept.png', mimeType: 'image/png', buffer: await solidPng(400, '#a1c4fd') }]);
    await expect(page.getByRole('img', { name: '배너 사진 1' })).toBeVisible();
    for (const k of ['스냅', '데모']) {
      await page.getByLabel('키워드 입력').fill(k);
      await page.getByRole('button', { name: '추가', exact: true }).click();
    }
    await page.getByRole('button', { name: '등록하기' }).click();
    await expect(page).toHaveURL(/\/events$/);
    const keptHref = (await page.locator('main ul li article a[href^="/event/"]').first().getAttribute('href')) ?? '';
    shared.keptEventId = Number(keptHref.split('/').pop());
    expect(shared.keptEventId).toBeGreaterThan(id);
    expect(problems).toEqual([]);
  });

  test('a USER saves the event and the photographer and finds both in the saved lists', async ({ page, baseURL }) => {
    const problems = watchPage(page);
    const user = await registeredUser(baseURL ?? '');
    shared.user = user;
    await useSession(page, user);

    // Nothing saved: the counts are zero and open nothing.
    await page.goto('/mypage');
    await expect(page.getByRole('heading', { name: user.user.nickname })).toBeVisible();
    await expect(page.getByRole('link', { name: '프로필 수정' })).toHaveAttribute('href', '/edit/user');
    await expect(page.getByText('포트폴리오')).toHaveCount(0);
    await expect(page.getByText('저장한 작가 0개')).toBeVisible();
    await expect(page.getByRole('link', { name: /저장한/ })).toHaveCount(0);

    await page.goto(`/event/${shared.keptEventId}`);
    const saveEvent = page.getByRole('button', { name: `${shared.keptEventTitle} 저장하기` });
    await expect(saveEvent).toHaveAttribute('aria-pressed', 'false');
    await saveEvent.click();
    await expect(saveEvent).toHaveAttribute('aria-pressed', 'true');
    await page.goto(`/photographer/${shared.photographerId}`);
    const savePhotographer = page.getByRole('button', { name: `${shared.photographerName} 저장하기` });
    await savePhotographer.click();
    await expect(savePhotographer).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/mypage');
    await expect(page.getByRole('link', { name: '저장한 이벤트 1개' })).toBeVisible();
    await shot(page, '09-mypage-user-counts');
    await page.getByRole('link', { name: '저장한 이벤트 1개' }).click();
    await expect(page).toHaveURL(/\/my\/saved\/promotion$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('저장한 이벤트');
    const events = page.getByRole('list', { name: '저장한 이벤트 목록' });
    await expect(events.getByRole('link', { name: new RegExp(shared.keptEventTitle.slice(0, 8)) })).toHaveAttribute(
      'href',
      `/event/${shared.keptEventId}`,
    );
    // Works on a reload (loaded from the API); the toggle shows it saved and can undo it.
    await page.reload();
    const toggle = events.getByRole('button', { name: `${shared.keptEventTitle} 저장하기` });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await shot(page, '10-saved-events');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/mypage');
    await page.getByRole('link', { name: '저장한 작가 1개' }).click();
    await expect(page).toHaveURL(/\/my\/saved\/photographer$/);
    const photographers = page.getByRole('list', { name: '저장한 작가 목록' });
    await expect(photographers.locator(`a[href="/photographer/${shared.photographerId}"]`)).toBeVisible();
    await expect(photographers.getByRole('button', { name: `${shared.photographerName} 저장하기` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await shot(page, '11-saved-photographers');
    expect(problems).toEqual([]);
  });

  test('the USER edits the profile: nickname with its check, instagramId, picture', async ({ page }) => {
    const problems = watchPage(page);
    const user = shared.user;
    if (!user) throw new Error('no user');
    await useSession(page, user);
    await page.goto('/edit/user');
    const save = page.getByRole('button', { name: '수정 완료' });
    await expect(page.getByLabel('닉네임')).toHaveValue(user.user.nickname);
    await expect(page.getByLabel('성별')).toHaveValue('여성');
    await expect(page.getByLabel('성별')).toHaveAttribute('readonly', '');
    await expect(save).toBeDisabled();

    // A changed nickname needs 'available'.
    const nickname = freshNickname('새');
    await page.getByLabel('닉네임').fill(nickname);
    await expect(save).toBeDisabled();
    await page.getByRole('button', { name: '중복 확인' }).click();
    await expect(page.locator('#edit-user-nickname-status')).toHaveText('사용 가능한 닉네임입니다.');
    await expect(save).toBeEnabled();
    await page.getByLabel(/인스타그램 아이디/).fill('My.Insta!');
    await expect(page.getByLabel(/인스타그램 아이디/)).toHaveValue('my.insta');

    // A picture (with progress), then the delete-picture link.
    await page
      .locator('#edit-user-picture')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await solidPng(300, '#84fab0') });
    await expect(page.getByRole('img', { name: '프로필 사진 미리보기' })).toBeVisible();
    await shot(page, '12-edit-user');
    await page.getByRole('button', { name: '프로필 사진 삭제' }).click();
    await expect(page.getByRole('img', { name: '프로필 사진 미리보기' })).toHaveCount(0);
    await save.click();
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByText('프로필을 수정했어요.')).toBeVisible();
    await expect(page.getByRole('heading', { name: nickname })).toBeVisible();
    await expect(page.getByText('@my.insta')).toBeVisible();
    shared.user = { ...user, user: { ...user.user, nickname } };
    expect(problems).toEqual([]);
  });

  test('the photographer withdraws: the session ends and their events vanish', async ({ page, request }) => {
    const problems = watchPage(page);
    await restoreSession(page, shared.photographerSession);
    await page.goto('/mypage');
    await expect(page.getByRole('link', { name: '문의하기 (새 창)' })).toHaveAttribute('target', '_blank');
    await page.getByRole('button', { name: '회원 탈퇴' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('정말 탈퇴하시겠어요?');
    await expect(dialog).toContainText('다시 복구할 수 없어요');
    await shot(page, '13-withdraw-dialog');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/')) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await dialog.getByRole('button', { name: '탈퇴하기' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The first write is the withdrawal (the bell may still be reading its count after paint).
    expect(calls.filter((c) => !c.startsWith('GET '))[0]).toBe('DELETE /api/v1/users/me');
    expect((await session(page)).accessToken).toBeNull();
    expect((await session(page)).user?.id).toBe(-1);

    expect((await request.get(`/api/v1/promotions/${shared.keptEventId}`)).status()).toBe(404);
    await page.goto('/events');
    await expect(page.locator(`main a[href="/event/${shared.keptEventId}"]`)).toHaveCount(0);
    await page.goto('/photographers');
    await expect(page.locator(`main a[href="/photographer/${shared.photographerId}"]`)).toHaveCount(0);
    // The member pages now send the visitor to log in.
    await page.goto('/mypage');
    await expect(page).toHaveURL(/\/login$/);
    expect(problems).toEqual([]);
  });

  test("the USER's saved lists no longer hold them; log out ends the session", async ({ page }) => {
    const user = shared.user;
    if (!user) throw new Error('no user');
    await useSession(page, user);
    await page.goto('/mypage');
    await expect(page.getByText('저장한 이벤트 0개')).toBeVisible();
    await expect(page.getByText('저장한 작가 0개')).toBeVisible();
    await page.goto('/my/saved/promotion');
    await expect(page.getByText('저장한 이벤트가 없어요.')).toBeVisible();
    await shot(page, '14-saved-empty');
    await page.goto('/mypage');
    await page.getByRole('button', { name: '로그아웃' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('로그아웃 하시겠어요?');
    await page.getByRole('alertdialog').getByRole('button', { name: '로그아웃' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await session(page)).accessToken).toBeNull();
  });
});
