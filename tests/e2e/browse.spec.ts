/**
 * Browsing as a visitor (issue 7), on the seeded demo data at 390×844: home, lists, details, search,
 * filters in the address, the save toggle without a session, pages without JavaScript, link previews.
 * Set BROWSE_SHOTS=/some/dir to keep a 390px screenshot of every page.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  daysUntil,
  events,
  islandReady,
  photographers,
  portfolioReady,
  saveButtonsReady,
  shareReady,
  skipFirstVisit,
  todayKst,
  watchPage,
} from './support/browse';
import { registeredUser, useSession } from './support/member';

const shotsDir = process.env['BROWSE_SHOTS'];
async function shot(page: Page, name: string): Promise<void> {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

test.describe('home', () => {
  test('banner, events strip, photographers grid, footer; the banner advances by itself', async ({ page, request }) => {
    const problems = watchPage(page);
    await skipFirstVisit(page);
    await page.goto('/');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#622AA9');

    const banner = page.getByRole('region', { name: '추천 배너' });
    await expect(banner.locator('[data-carousel-current]')).toHaveText('1');
    const slides = banner.getByRole('group');
    await expect(slides).toHaveCount(2);
    await expect(slides.nth(0).locator('a')).toHaveCount(0);
    await expect(slides.nth(1).locator('a')).toHaveAttribute('href', '/event/8');
    await expect(banner.locator('[data-carousel-current]')).toHaveText('2', { timeout: 6000 });
    await expect(banner.locator('[data-carousel-current]')).toHaveText('1', { timeout: 6000 });

    // Events strip: ONGOING and UPCOMING, 5 each, merged, the first 5.
    const ongoing = await events(request, 'progressStatus=ONGOING');
    const upcoming = await events(request, 'progressStatus=UPCOMING');
    const expected = [...ongoing.slice(0, 5), ...upcoming.slice(0, 5)].slice(0, 5);
    const strip = page.getByRole('region', { name: 'Event로 담아봐!' });
    await expect(strip.getByRole('link', { name: '이벤트 전체보기' })).toHaveAttribute('href', '/events');
    const cards = strip.locator('article a[data-detail-link]');
    await expect(cards).toHaveCount(5);
    for (const [i, e] of expected.entries()) await expect(cards.nth(i)).toHaveAttribute('href', `/event/${e.id}`);
    // Titles cut to 8 characters plus '...' when longer than 9.
    const long = expected.find((e) => [...e.title].length > 9);
    if (long) await expect(strip.getByText(`${[...long.title].slice(0, 8).join('')}...`).first()).toBeVisible();

    const grid = page.getByRole('region', { name: '사진작가를 만나보세요' });
    await expect(grid.locator('article')).toHaveCount(4);
    const box = await grid.locator('article').nth(1).boundingBox();
    const first = await grid.locator('article').nth(0).boundingBox();
    expect(box && first && Math.abs(box.y - first.y) < 1 && box.x > first.x).toBe(true);

    await expect(page.locator('footer')).toContainText('통신판매중개자');
    await shot(page, 'home');
    expect(problems).toEqual([]);
  });

  test('the first-visit dialog shows once per session to a visitor without a token', async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await shot(page, 'home-first-visit');
    await dialog.getByRole('button').click();
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await islandReady(page, 'FirstVisitDialog');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the my-page icon opens the login-required dialog without a token', async ({ page }) => {
    await skipFirstVisit(page);
    await page.goto('/');
    await islandReady(page, 'DialogHost');
    await page.getByRole('link', { name: '마이페이지' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('로그인 후 이용할 수 있는 기능이에요.');
    await expect(page).toHaveURL(/\/$/);
    await dialog.getByRole('button', { name: '로그인하기' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('details open in the same window on a phone and in a new one on a desktop', async ({
    page,
    browser,
    baseURL,
  }) => {
    await skipFirstVisit(page);
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('isMobile'))).toBe('true');
    await expect(page.locator('a[data-detail-link]').first()).not.toHaveAttribute('target', '_blank');

    const desktop = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      screen: { width: 1280, height: 800 },
      isMobile: false,
      hasTouch: false,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    });
    const d = await desktop.newPage();
    await d.addInitScript(() => sessionStorage.setItem('visited', 'true'));
    await d.goto(`${baseURL}/`);
    await expect(d.locator('a[data-detail-link]').first()).toHaveAttribute('target', '_blank');
    expect(await d.evaluate(() => sessionStorage.getItem('isMobile'))).toBe('false');
    await desktop.close();
  });
});

test.describe('events list', () => {
  test('filters are in the address and survive reload and back', async ({ page }) => {
    const problems = watchPage(page);
    await page.goto('/events');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#622AA9');
    await expect(page.getByRole('link', { name: '검색' })).toHaveAttribute('href', '/search');
    await expect(page.getByRole('link', { name: '홈' })).toHaveAttribute('href', '/');
    await islandReady(page, 'FilterBar');

    await page.getByRole('link', { name: '무료', exact: true }).click();
    await expect(page).toHaveURL(/\/events\?type=FREE$/);
    await islandReady(page, 'FilterBar');
    await page.getByLabel('정렬').selectOption('POPULAR');
    await expect(page).toHaveURL(/\/events\?type=FREE&sortType=POPULAR$/);
    await islandReady(page, 'FilterBar');
    await page.getByLabel('진행 상태').selectOption('ONGOING');
    await expect(page).toHaveURL(/progressStatus=ONGOING/);
    await islandReady(page, 'FilterBar');

    await page.getByRole('button', { name: '지역' }).click();
    const sheet = page.getByRole('dialog', { name: '지역 선택' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: '서울', exact: true }).click();
    await sheet.getByLabel('서울 전체').check();
    await shot(page, 'events-region-sheet');
    await sheet.getByRole('button', { name: '1개 지역 적용하기' }).click();
    await expect(page).toHaveURL(/regions=%EC%84%9C%EC%9A%B8(&|$)/);
    const filtered = page.url();

    await page.reload();
    await islandReady(page, 'FilterBar');
    await expect(page.getByRole('link', { name: '무료 선택됨' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByLabel('정렬')).toHaveValue('POPULAR');
    await expect(page.getByLabel('진행 상태')).toHaveValue('ONGOING');
    await expect(page.getByRole('button', { name: /서울 전체/ })).toBeVisible();
    const rows = page.getByRole('list', { name: '이벤트 목록' }).locator('article');
    const n = await rows.count();
    for (let i = 0; i < n; i++) {
      await expect(rows.nth(i)).toContainText('무료');
      await expect(rows.nth(i)).toContainText('서울');
    }
    await shot(page, 'events-filtered');

    await page.goBack();
    await expect(page).toHaveURL(/\/events\?type=FREE&progressStatus=ONGOING&sortType=POPULAR$/);
    await expect(page.getByRole('button', { name: '지역', exact: true })).toBeVisible();
    await page.goForward();
    await expect(page).toHaveURL(filtered);

    await page.getByRole('link', { name: '스냅', exact: true }).click();
    await expect(page).toHaveURL(/photographyTypes=SNAP/);
    await page.getByRole('link', { name: '필터 초기화' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await islandReady(page, 'FilterBar');
    await expect(page.getByLabel('정렬')).toHaveValue('LATEST');
    await expect(page.getByLabel('진행 상태')).toHaveValue('ALL');
    expect(problems).toEqual([]);
  });

  test('paging links and the empty state', async ({ page }) => {
    await page.goto('/events');
    const list = page.getByRole('list', { name: '이벤트 목록' });
    await expect(list.locator('article')).toHaveCount(10);
    const firstPage = await list.locator('article a').first().getAttribute('href');
    await page.getByRole('link', { name: '다음', exact: true }).click();
    await expect(page).toHaveURL(/\/events\?page=1$/);
    await expect(list.locator('article a').first()).not.toHaveAttribute('href', firstPage ?? '');
    await page.getByRole('link', { name: '이전', exact: true }).click();
    await expect(page).toHaveURL(/\/events$/);

    // No event in 세종 in the demo data.
    await page.goto('/events?regions=%EC%84%B8%EC%A2%85');
    await expect(page.getByText('앗! 조건에 맞는 이벤트가 없어요.')).toBeVisible();
    await expect(page.getByText('더 많은 이벤트 소식을 곧 준비할게요!')).toBeVisible();
    await expect(page.getByRole('button', { name: /세종 전체/ })).toBeVisible();
    await shot(page, 'events-empty');
  });

  test('the save toggle without a token opens the dialog and calls nothing', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/(promotions|photographers)\/\d+\/(save|unsave)|\/users\/me\/saves/.test(r.url()))
        calls.push(r.url());
    });
    await page.goto('/events');
    await islandReady(page, 'DialogHost');
    const toggle = page.getByRole('button', { name: /저장하기/ }).first();
    await saveButtonsReady(page);
    const before = await toggle.textContent();
    await toggle.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('로그인이 필요한 서비스입니다.');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await toggle.textContent()).toBe(before);
    await dialog.getByRole('button', { name: '취소' }).click();
    await expect(dialog).toHaveCount(0);
    expect(calls).toEqual([]);
  });

  test('no post-event button for a visitor', async ({ page }) => {
    await page.goto('/events');
    await islandReady(page, 'PostEventButton');
    await expect(page.getByRole('link', { name: '이벤트 등록하기' })).toHaveCount(0);
  });
});

test.describe('deadline labels', () => {
  test('ended, last-day, upcoming and ongoing events on the cards and the detail page', async ({ page, request }) => {
    const today = todayKst();
    const ended = (await events(request, 'progressStatus=ENDED'))[0];
    const upcoming = (await events(request, 'progressStatus=UPCOMING'))[0];
    const ongoingAll = await events(request, 'progressStatus=ONGOING');
    const lastDay = ongoingAll.find((e) => e.endedAt === today);
    const ongoing = ongoingAll.find((e) => e.endedAt > today);
    if (!ended || !upcoming || !lastDay || !ongoing) throw new Error('demo data lacks an event of each kind');

    const cases = [
      { e: ended, status: 'ENDED', card: '마감된 이벤트', detail: '마감된 이벤트' },
      { e: lastDay, status: 'ONGOING', card: '오늘 마감', detail: '오늘 마감되는 이벤트' },
      {
        e: upcoming,
        status: 'UPCOMING',
        card: '진행 예정',
        detail: `이벤트 마감까지 D-${daysUntil(upcoming.endedAt)}`,
      },
      {
        e: ongoing,
        status: 'ONGOING',
        card: `마감까지 D-${daysUntil(ongoing.endedAt)}`,
        detail: `이벤트 마감까지 D-${daysUntil(ongoing.endedAt)}`,
      },
    ];
    for (const c of cases) {
      const ids = (await events(request, `progressStatus=${c.status}`)).map((e) => e.id);
      const pageNo = Math.floor(ids.indexOf(c.e.id) / 10);
      await page.goto(`/events?progressStatus=${c.status}${pageNo > 0 ? `&page=${pageNo}` : ''}`);
      const card = page.locator('article', { has: page.locator(`a[href="/event/${c.e.id}"]`) });
      await expect(card.locator('[data-deadline]')).toHaveText(c.card);
      await page.goto(`/event/${c.e.id}`);
      await expect(page.locator('[data-deadline="detail"]')).toHaveText(c.detail);
    }
  });
});

test.describe('event detail', () => {
  test('carousel, info card, author, description, hashtags, bottom bar, link previews; a view is counted', async ({
    page,
    request,
    baseURL,
  }) => {
    const problems = watchPage(page);
    const all = await events(request);
    const event = all.find((e) => !e.isAuthorHidden && e.author !== null && e.progressStatus === 'ONGOING');
    if (!event) throw new Error('no ongoing event with a visible author');
    const before = ((await (await request.get(`/api/v1/promotions/${event.id}`)).json()) as { viewCount: number })
      .viewCount;

    const details = page.waitForResponse((r) => r.url().endsWith(`/api/v1/promotions/${event.id}/details`));
    await page.goto(`/event/${event.id}`);
    expect((await details).status()).toBe(200);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#FFFFFF');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.title);

    // The first picture is in the HTML with its size: no layout shift.
    const first = page.locator('[data-swiper-gallery] img').first();
    await expect(first).toHaveAttribute('width', '1200');
    await expect(first).toHaveAttribute('height', '1200');
    await expect(first).not.toHaveAttribute('loading', 'lazy');

    await expect(page.getByText('이벤트 기간')).toBeVisible();
    await expect(page.getByRole('region', { name: '작성자' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '상세 설명' })).toBeVisible();
    await expect(page.getByRole('list', { name: '대표 키워드' }).locator('li').first()).toHaveText(/^#/);
    const content = page.locator('.content');
    expect(await content.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-line');

    const apply = page.getByRole('link', { name: /신청하기/ });
    await expect(apply).toHaveAttribute('target', '_blank');
    await expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
    // Through the apply address, which counts the click and redirects to the event's link (issue 43).
    await expect(apply).toHaveAttribute('href', `/api/v1/promotions/${event.id}/apply`);
    await expect(page.getByRole('button', { name: /이벤트 관리 메뉴|더보기/ })).toHaveCount(0);

    // Link previews and structured data.
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(event.title));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http.*\/media\//);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/event/${event.id}`);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/event/${event.id}`);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(ld).toMatchObject({
      '@type': 'Event',
      name: event.title,
      startDate: event.startedAt,
      endDate: event.endedAt,
    });

    await shot(page, 'event-detail');
    // A viewer counts once a day, and every anonymous visitor of this suite shares one address (which may
    // have viewed this event already): the page's view is checked as a new member's.
    const viewCount = async () =>
      ((await (await request.get(`/api/v1/promotions/${event.id}`)).json()) as { viewCount: number }).viewCount;
    expect(await viewCount()).toBeGreaterThanOrEqual(before);
    const anonymousAfter = await viewCount();
    await useSession(page, await registeredUser(baseURL ?? ''));
    const counted = page.waitForResponse((r) => r.url().endsWith(`/api/v1/promotions/${event.id}/details`));
    await page.reload();
    expect((await counted).status()).toBe(200);
    expect(await viewCount()).toBe(anonymousAfter + 1);
    expect(problems).toEqual([]);
  });

  test('the author section is hidden when the author is hidden', async ({ page, request }) => {
    const hidden = (await events(request)).find((e) => e.isAuthorHidden);
    if (!hidden) throw new Error('demo data has no event with a hidden author');
    await page.goto(`/event/${hidden.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hidden.title);
    await expect(page.getByRole('region', { name: '작성자' })).toHaveCount(0);
  });

  test('a missing event shows the Not Found behaviour', async ({ page }) => {
    await page.goto('/event/999999');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/event/abc');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('photographers', () => {
  test('grid with filters and the empty state', async ({ page }) => {
    await page.goto('/photographers');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#622AA9');
    const grid = page.getByRole('list', { name: '사진작가 목록' });
    await expect(grid.locator('article')).toHaveCount(12);
    const [a, b] = [
      await grid.locator('article').nth(0).boundingBox(),
      await grid.locator('article').nth(1).boundingBox(),
    ];
    expect(a && b && Math.abs(a.y - b.y) < 1).toBe(true);
    await expect(page.getByRole('link', { name: '무료', exact: true })).toHaveCount(0);
    await expect(page.getByLabel('진행 상태')).toHaveCount(0);
    await shot(page, 'photographers');

    await page.getByRole('link', { name: '증명', exact: true }).click();
    await expect(page).toHaveURL(/\/photographers\?photographyTypes=ID_PHOTO$/);
    await page.goto('/photographers?regions=%EC%84%B8%EC%A2%85');
    await expect(page.getByText('앗! 조건에 맞는 사진작가가 없어요.')).toBeVisible();
  });

  test('detail: profile, save toggle, portfolio viewer, intro, address, links, share', async ({
    page,
    context,
    request,
  }) => {
    const problems = watchPage(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // A photographer whose page has everything this test looks at (earlier suites add bare pages).
    let target: Awaited<ReturnType<typeof photographers>>[number] | undefined;
    for (const p of await photographers(request)) {
      const full = (await (await request.get(`/api/v1/photographers/${p.id}`)).json()) as {
        address: { sido: string } | null;
        instagramId: string | null;
        contactLink: string | null;
      };
      if (full.address?.sido && full.instagramId && full.contactLink) {
        target = p;
        break;
      }
    }
    if (!target) throw new Error('no photographer with an address, an Instagram id and a link');
    await page.goto(`/photographer/${target.id}`);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#622AA9');
    await expect(page.getByRole('heading', { name: target.nickname })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`${target.nickname} 저장하기`) })).toBeVisible();
    await expect(page.getByRole('heading', { name: '소개' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '주소' })).toBeVisible();
    await expect(page.getByRole('link', { name: /인스타그램 @/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.instagram\.com\//,
    );
    await expect(page.getByRole('link', { name: /문의하기/ })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'profile');

    await shareReady(page);
    await page.getByRole('button', { name: '공유하기' }).click();
    await expect(page.getByText('URL이 복사되었어요!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`/photographer/${target.id}$`),
    );
    await expect(page.getByText('URL이 복사되었어요!')).toHaveCount(0, { timeout: 3000 });

    await page.getByRole('heading', { name: '포트폴리오' }).scrollIntoViewIfNeeded();
    await portfolioReady(page);
    await page
      .getByRole('link', { name: /크게 보기/ })
      .first()
      .click();
    const viewer = page.getByRole('dialog');
    await expect(viewer).toBeVisible();
    await expect(viewer.locator('img')).toBeVisible();
    await shot(page, 'photographer-viewer');
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await shot(page, 'photographer-detail');
    expect(problems).toEqual([]);
  });

  test('a member who is not a photographer has no page: Not Found behaviour', async ({ page }) => {
    await page.goto('/photographer/1');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('search', () => {
  test('overview, more, list states with filters, back, reload; empty term does nothing', async ({ page }) => {
    await page.goto('/search');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#FFFFFF');
    const input = page.getByRole('combobox', { name: '검색어' });
    await expect(input).toHaveAttribute('placeholder', '검색어를 입력해 주세요');
    await page.waitForLoadState('networkidle');
    await input.fill('   ');
    await input.press('Enter');
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/search$/);

    await input.fill('스냅');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/search\?searchKeyword=%EC%8A%A4%EB%83%85$/);
    const eventsSection = page.getByRole('region', { name: '이벤트 한눈에 보기' });
    const photographersSection = page.getByRole('region', { name: '사진작가를 만나보세요' });
    await expect(eventsSection.locator('article')).toHaveCount(1);
    await expect(photographersSection.locator('article')).toHaveCount(2);
    await shot(page, 'search-overview');

    await eventsSection.getByRole('link', { name: '검색된 이벤트 더보기' }).click();
    await expect(page).toHaveURL(/state=PROMOTION/);
    await expect(page.getByRole('combobox', { name: '검색어' })).toHaveValue('스냅');
    await islandReady(page, 'FilterBar');
    await page.getByRole('link', { name: '할인', exact: true }).click();
    await expect(page).toHaveURL(/searchKeyword=%EC%8A%A4%EB%83%85&state=PROMOTION&type=DISCOUNT/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: '검색어' })).toHaveValue('스냅');
    await expect(page.getByRole('link', { name: '할인 선택됨' })).toHaveAttribute('aria-current', 'true');
    await shot(page, 'search-events');

    // A new keyword keeps the state and the filters.
    await page.getByRole('combobox', { name: '검색어' }).fill('프로필');
    await page.getByRole('button', { name: '검색하기' }).click();
    await expect(page).toHaveURL(/searchKeyword=%ED%94%84%EB%A1%9C%ED%95%84&state=PROMOTION&type=DISCOUNT/);

    await page.getByRole('link', { name: '뒤로 가기' }).click();
    await expect(page).toHaveURL(/\/search\?searchKeyword=%ED%94%84%EB%A1%9C%ED%95%84$/);
    await page.getByRole('link', { name: '검색된 사진작가 더보기' }).click();
    await expect(page).toHaveURL(/state=PHOTOGRAPHER/);
    await expect(page.getByLabel('진행 상태')).toHaveCount(0);
    await shot(page, 'search-photographers');
  });

  test('no match shows both empty texts', async ({ page }) => {
    await page.goto('/search?searchKeyword=%EC%97%86%EB%8A%94%EA%B2%80%EC%83%89%EC%96%B4zz');
    await expect(page.getByText('앗! 조건에 맞는 이벤트가 없어요.')).toBeVisible();
    await expect(page.getByText('앗! 조건에 맞는 사진작가가 없어요.')).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home, lists and details show their content', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Event로 담아봐!' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Event로 담아봐!' }).locator('article')).toHaveCount(5);
    await expect(page.getByRole('region', { name: '사진작가를 만나보세요' }).locator('article')).toHaveCount(4);
    await expect(page.locator('[data-carousel] [role="group"]').first()).toBeVisible();

    await page.goto('/events');
    await expect(page.getByRole('list', { name: '이벤트 목록' }).locator('article')).toHaveCount(10);
    // The sort and region controls need the script; the chips are links and work without it.
    await expect(page.getByRole('combobox', { name: '정렬' })).toBeDisabled();
    await expect(page.getByRole('button', { name: '지역' })).toBeDisabled();
    await page.getByRole('link', { name: '무료', exact: true }).click();
    await expect(page).toHaveURL(/type=FREE/);
    await page.getByRole('link', { name: '다음', exact: true }).click();
    await expect(page).toHaveURL(/type=FREE&page=1/);
    await expect(page.getByRole('list', { name: '이벤트 목록' }).locator('article').first()).toBeVisible();

    // An open one: an ended event shows a disabled "마감된 이벤트예요" instead of 신청하기 (issue 20).
    const event = (await events(request)).find((e) => e.progressStatus !== 'ENDED');
    if (!event) throw new Error('no event');
    await page.goto(`/event/${event.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.title);
    await expect(page.locator('[data-swiper-gallery] img').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /신청하기/ })).toBeVisible();
    // The save toggle does nothing without its script, so it is not offered as if it did.
    await expect(page.getByRole('button', { name: /저장하기/ })).toBeDisabled();

    await page.goto('/photographers');
    await expect(page.getByRole('list', { name: '사진작가 목록' }).locator('article')).toHaveCount(12);

    const photographer = (await photographers(request))[0];
    if (!photographer) throw new Error('no photographer');
    await page.goto(`/photographer/${photographer.id}`);
    await expect(page.getByRole('heading', { name: photographer.nickname })).toBeVisible();
    await expect(page.getByRole('link', { name: /크게 보기/ }).first()).toHaveAttribute('href', /\/media\//);
    await expect(page.getByRole('heading', { name: '소개' })).toBeVisible();

    await page.goto('/search?searchKeyword=%EC%8A%A4%EB%83%85');
    await expect(page.getByRole('region', { name: '이벤트 한눈에 보기' }).locator('article')).toHaveCount(1);
  });
});

test.describe('theme colour per route', () => {
  const cases: [string, string][] = [
    ['/', '#622AA9'],
    ['/events', '#622AA9'],
    ['/photographers', '#622AA9'],
    ['/search', '#FFFFFF'],
    ['/login', '#7B35D3'],
  ];
  for (const [path, colour] of cases) {
    test(`${path} is ${colour}`, async ({ page }) => {
      await skipFirstVisit(page);
      await page.goto(path);
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', colour);
    });
  }
});

test.describe('crawlers', () => {
  test('sitemap.xml lists the events and photographers; robots.txt points to it', async ({ request, baseURL }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('xml');
    const xml = await sitemap.text();
    const first = (await events(request))[0];
    expect(xml).toContain(`<loc>${baseURL}/event/${first?.id}</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/photographers</loc>`);
    expect(xml).toMatch(/\/photographer\/\d+<\/loc>/);
    const robots = await request.get('/robots.txt');
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

test('the event gallery is a swiper: swiping moves to the next picture and the counter follows', async ({
  page,
  request,
}) => {
  const list = (await (await request.get('/api/v1/promotions/list?pageSize=100')).json()) as {
    items: { id: number; images: unknown[] }[];
  };
  const event = list.items.find((i) => i.images.length >= 2);
  if (!event) throw new Error('no event with two pictures in the demo data');
  await page.goto(`/event/${event.id}`);
  const gallery = page.locator('[data-swiper-gallery]');
  await expect(gallery).toHaveClass(/swiper-initialized/);
  await expect(gallery.locator('[data-gallery-current]')).toHaveText('1');
  const box = await gallery.boundingBox();
  if (!box) throw new Error('no gallery box');
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(gallery.locator('[data-gallery-current]')).toHaveText('2');
});
