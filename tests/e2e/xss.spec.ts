/**
 * Stored and reflected XSS (issue 11). A corpus of payloads (tests/security/xss-payloads.ts) is stored
 * through the API in every text field that takes text — event titles, contents, hashtags, links and
 * image names; photographer descriptions, addresses, links, Instagram ids and image names; upload file
 * names — and sent as search keywords. Then every page that shows them is opened in Chromium, signed
 * out and signed in: no payload runs (`window.__xss` stays unset, no dialog opens, the CSP reports no
 * blocked script), no payload becomes markup (no `data-xss` element, no inline event-handler attribute,
 * no javascript:/data:/vbscript: link in the DOM), and the payload shows as text. Nicknames cannot hold
 * markup and links with a dangerous scheme are refused by the API (422).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { bearer, signIn, uniqueAccount, type LoginAnswer } from '../support/auth';
import { LINK_PAYLOADS, LONG_PAYLOADS, REFUSED_LINKS, SHORT_PAYLOADS } from '../security/xss-payloads';

test.describe.configure({ mode: 'serial' });

type Img = { name: string; url: string };
interface Member extends LoginAnswer {
  token: string;
}

let base = '';
const photographers: Member[] = [];
const events: { id: number; title: string }[] = [];
const stored = { fields: 0, refused: 0 };
const pageVisits: string[] = [];
let picture = 0;
let setupSeconds = 0;

async function api(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? bearer(token) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** Uploads one small picture under a hostile file name. */
async function uploadNamed(token: string, fileType: string, fileName: string): Promise<Img> {
  picture++;
  const png = await sharp({
    // Colours far apart: stored pictures are re-encoded and content-addressed, so two near colours could
    // become one picture, and one list may not hold the same picture twice.
    create: {
      width: 8,
      height: 8,
      channels: 3,
      background: { r: (picture * 37) % 256, g: (picture * 91) % 256, b: (picture * 53) % 256 },
    },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('fileType', fileType);
  form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), fileName);
  const res = await fetch(`${base}/api/v1/files`, { method: 'POST', headers: bearer(token), body: form });
  expect(res.status, `upload named ${JSON.stringify(fileName)}`).toBe(201);
  stored.fields++;
  return ((await res.json()) as { files: Img[] }).files[0] as Img;
}

const at = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
const today = (offset = 0) => new Date(Date.now() + 9 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/** Payloads packed into text of at most `max` characters. */
function packed(from: number, max: number): string {
  let text = '';
  for (let i = from; ; i++) {
    const next = `${text}${text ? '\n' : ''}${at(LONG_PAYLOADS, i)}`;
    if ([...next].length > max) return text || at(LONG_PAYLOADS, i).slice(0, max);
    text = next;
  }
}

async function newPhotographer(i: number): Promise<Member> {
  const login = await signIn(base, uniqueAccount('xss'));
  const token = login.accessToken.value;
  // A nickname cannot carry markup: the rule refuses it.
  const refused = await api('POST', '/api/v1/photographers/me/registration', token, {
    nickname: at(SHORT_PAYLOADS, i),
    gender: 'MALE',
    instagramId: null,
    profileImage: await uploadNamed(token, 'USER_PROFILE_IMAGE', at(LONG_PAYLOADS, i)),
    mainPhotographyTypes: ['SNAP'],
    activeRegions: [{ category: '서울', name: '강남구' }],
  });
  expect(refused.status).toBe(422);
  stored.refused++;
  const profileImage = {
    ...(await uploadNamed(token, 'USER_PROFILE_IMAGE', at(LONG_PAYLOADS, i + 7))),
    name: at(LONG_PAYLOADS, i + 3),
  };
  const registered = await api('POST', '/api/v1/photographers/me/registration', token, {
    nickname: `엑스에스 작가 ${i} ${Date.now() % 10_000}`,
    gender: 'MALE',
    instagramId: at(SHORT_PAYLOADS, i + 1),
    profileImage,
    mainPhotographyTypes: ['SNAP', 'PROFILE'],
    activeRegions: [{ category: '서울', name: '강남구' }],
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  stored.fields += 2;
  const portfolio = [
    {
      ...(await uploadNamed(token, 'PHOTOGRAPHER_PORTFOLIO_IMAGE', at(LONG_PAYLOADS, i + 11))),
      name: at(LONG_PAYLOADS, i + 13),
    },
    {
      ...(await uploadNamed(token, 'PHOTOGRAPHER_PORTFOLIO_IMAGE', at(LONG_PAYLOADS, i + 17))),
      name: at(LONG_PAYLOADS, i + 19),
    },
  ];
  const page = await api('PUT', '/api/v1/photographers/me/page', token, {
    portfolio,
    address: {
      sido: at(LONG_PAYLOADS, i + 23),
      sigungu: at(LONG_PAYLOADS, i + 29),
      roadAddress: at(LONG_PAYLOADS, i + 31),
      jibunAddress: at(LONG_PAYLOADS, i + 37),
    },
    instagramId: at(SHORT_PAYLOADS, i + 2),
    contactLink: at(LINK_PAYLOADS, i),
    description: packed(i * 5, 500),
  });
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  stored.fields += 9;
  return { ...login, token, user: registered.body as LoginAnswer['user'] };
}

// eslint-disable-next-line no-empty-pattern -- no fixtures needed, only the configured base URL
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(240_000);
  base = String(testInfo.project.use.baseURL);
  const started = Date.now();
  for (let i = 0; i < 10; i++) photographers.push(await newPhotographer(i));

  // Every long payload is the content of one event; titles, hashtags, links and image names rotate.
  for (let i = 0; i < LONG_PAYLOADS.length; i++) {
    const author = at(photographers, i);
    const image = {
      ...(await uploadNamed(author.token, 'PROMOTION_IMAGE', at(LONG_PAYLOADS, i + 5))),
      name: at(LONG_PAYLOADS, i + 1),
    };
    const title = at(SHORT_PAYLOADS, i);
    const res = await api('POST', '/api/v1/promotions', author.token, {
      promotionType: i % 2 ? 'FREE' : 'DISCOUNT',
      title,
      content: at(LONG_PAYLOADS, i),
      externalLink: at(LINK_PAYLOADS, i),
      startedAt: today(0),
      endedAt: today(7),
      photographyTypes: ['SNAP'],
      images: [image],
      activeRegions: [{ category: '서울', name: '마포구' }],
      hashtags: [at(SHORT_PAYLOADS, i + 1), at(SHORT_PAYLOADS, i + 2), at(SHORT_PAYLOADS, i + 3)],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    stored.fields += 7;
    events.push({ id: (res.body as { id: number }).id, title: title.trim() });
  }
  // The first photographer saves some events and photographers, so the member pages list them.
  const saver = photographers[0] as Member;
  for (const e of events.slice(0, 12))
    expect((await api('POST', `/api/v1/promotions/${e.id}/save`, saver.token)).status).toBe(204);
  for (const p of photographers.slice(1, 6))
    expect((await api('POST', `/api/v1/photographers/${p.user.id}/save`, saver.token)).status).toBe(204);
  setupSeconds = (Date.now() - started) / 1000;
});

test.afterAll(() => {
  console.log(
    `xss: ${LONG_PAYLOADS.length} payloads (${SHORT_PAYLOADS.length} short, ${LINK_PAYLOADS.length} links), ${stored.fields} fields stored, ` +
      `${stored.refused + REFUSED_LINKS.length * 2} refused by the API, ${pageVisits.length} page visits; setup ${setupSeconds.toFixed(0)} s`,
  );
});

/**
 * Traps in a browser context, set before any page script: dialogs are recorded and dismissed, and the
 * CSP's reports of blocked content are collected in the page.
 */
async function arm(context: BrowserContext): Promise<{ dialogs: string[] }> {
  const dialogs: string[] = [];
  context.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __cspReports: string[] };
    w.__cspReports = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspReports.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`);
    });
    sessionStorage.setItem('visited', 'true');
  });
  return { dialogs };
}

async function signedIn(context: BrowserContext, who: Member): Promise<void> {
  await context.addInitScript(
    ([access, refresh, user]) => {
      localStorage.setItem('accessToken', access);
      localStorage.setItem('refreshToken', refresh);
      localStorage.setItem('sessionUser', user);
    },
    [
      who.accessToken.value,
      who.refreshToken.value,
      JSON.stringify({ id: who.user.id, roles: who.user.roles }),
    ] as const,
  );
}

/** Inspects `paths` in a few tabs of the context at once; returns every problem found. */
async function inspectAll(
  context: BrowserContext,
  dialogs: string[],
  paths: { path: string; show?: string }[],
  tabs = 3,
): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(tabs, paths.length) }, async () => {
      const page = await context.newPage();
      for (;;) {
        const item = paths[next++];
        if (!item) break;
        problems.push(...(await inspect(page, item.path, dialogs, item.show)));
      }
      await page.close();
    }),
  );
  return problems;
}

/** Opens a page and lists everything that shows a payload ran or became markup. */
async function inspect(page: Page, path: string, dialogs: string[], mustShow?: string): Promise<string[]> {
  pageVisits.push(path);
  await page.goto(path, { waitUntil: 'load' });
  // Islands hydrate and fetch; give them their turn.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  const found = await page.evaluate((show) => {
    const w = window as unknown as { __xss?: unknown; __cspReports?: string[] };
    const all = [...document.querySelectorAll('*')];
    const handlers = all.flatMap((el) =>
      [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `<${el.tagName.toLowerCase()} ${a.name}>`),
    );
    const marked = [...document.querySelectorAll('[data-xss]')].map((el) => el.outerHTML.slice(0, 120));
    const urls = [
      ...document.querySelectorAll(
        'a[href], area[href], iframe[src], frame[src], form[action], object[data], embed[src], base[href], link[href], img[src], source[src]',
      ),
    ]
      .map(
        (el) =>
          el.getAttribute('href') ??
          el.getAttribute('src') ??
          el.getAttribute('action') ??
          el.getAttribute('data') ??
          '',
      )
      .filter((u) => /^\s*(javascript|data:text|vbscript)/i.test(u));
    const bases = [...document.querySelectorAll('base')].map((b) => b.outerHTML);
    const refresh = [...document.querySelectorAll('meta[http-equiv]')].map((m) => m.outerHTML);
    const blocked = (w.__cspReports ?? []).filter((r) =>
      /^(script-src|object-src|frame-src|base-uri|form-action|child-src|default-src)/.test(r),
    );
    return {
      ran: w.__xss !== undefined,
      handlers,
      marked,
      urls,
      bases,
      refresh,
      blocked,
      shown: show === null ? true : (document.body.textContent ?? '').includes(show),
    };
  }, mustShow ?? null);
  const p: string[] = [];
  if (found.ran) p.push('window.__xss was set: a payload ran');
  if (dialogs.length > 0) p.push(`dialog opened: ${dialogs.splice(0).join(' | ')}`);
  if (found.marked.length > 0) p.push(`payload became markup: ${found.marked.join(' | ')}`);
  if (found.handlers.length > 0) p.push(`inline event handler attributes: ${found.handlers.join(' ')}`);
  if (found.urls.length > 0) p.push(`dangerous URLs in the DOM: ${found.urls.join(' ')}`);
  if (found.bases.length > 0) p.push(`<base> element: ${found.bases.join(' ')}`);
  if (found.refresh.length > 0) p.push(`meta http-equiv: ${found.refresh.join(' ')}`);
  if (found.blocked.length > 0) p.push(`CSP blocked injected content: ${found.blocked.join(' | ')}`);
  if (!found.shown) p.push(`the stored text ${JSON.stringify(mustShow)} is not shown`);
  return p.map((x) => `${path}: ${x}`);
}

test('the API refuses javascript:, data: and vbscript: links everywhere a link is stored', async () => {
  const author = photographers[0] as Member;
  const image = await uploadNamed(author.token, 'PROMOTION_IMAGE', 'link.png');
  const problems: string[] = [];
  for (const link of REFUSED_LINKS) {
    const event = await api('POST', '/api/v1/promotions', author.token, {
      promotionType: 'FREE',
      title: '링크 검사 이벤트',
      content: '링크 검사',
      externalLink: link,
      startedAt: today(0),
      endedAt: today(1),
      photographyTypes: ['SNAP'],
      images: [image],
      activeRegions: [{ category: '서울', name: '마포구' }],
      hashtags: ['링크'],
    });
    if (event.status !== 422) problems.push(`externalLink ${JSON.stringify(link)}: ${event.status}`);
    const page = await api('PUT', '/api/v1/photographers/me/page', author.token, {
      portfolio: [image],
      address: null,
      instagramId: null,
      contactLink: link,
      description: '링크 검사',
    });
    if (page.status !== 422) problems.push(`contactLink ${JSON.stringify(link)}: ${page.status}`);
  }
  expect(problems).toEqual([]);
  // User nicknames cannot carry markup either.
  const fresh = await signIn(base, uniqueAccount('xss-user'));
  for (const nickname of SHORT_PAYLOADS.slice(0, 5)) {
    expect(
      (
        await api('POST', '/api/v1/users/me/registration', fresh.accessToken.value, {
          nickname,
          gender: 'FEMALE',
          instagramId: null,
        })
      ).status,
    ).toBe(422);
  }
});

test('lists, home and search show the payloads as text', async ({ context }) => {
  test.setTimeout(180_000);
  const { dialogs } = await arm(context);
  const paths = [{ path: '/' }, { path: '/photographers' }, { path: '/photographers?page=1' }];
  for (let p = 0; p * 10 < events.length + 10; p++) paths.push({ path: `/events?page=${p}` });
  // Reflected: the keyword is echoed in the page (title, search box) and matches stored payloads.
  for (const keyword of [
    ...SHORT_PAYLOADS.slice(0, 6),
    ...LONG_PAYLOADS.slice(SHORT_PAYLOADS.length, SHORT_PAYLOADS.length + 4),
  ]) {
    const q = encodeURIComponent(keyword.slice(0, 100));
    paths.push({ path: `/search?searchKeyword=${q}` }, { path: `/search?searchKeyword=${q}&state=PROMOTION` });
  }
  paths.push({ path: `/search?searchKeyword=${encodeURIComponent(at(SHORT_PAYLOADS, 0))}&state=PHOTOGRAPHER` });
  expect(await inspectAll(context, dialogs, paths)).toEqual([]);
});

test('every event page', async ({ context }) => {
  test.setTimeout(240_000);
  const { dialogs } = await arm(context);
  expect(
    await inspectAll(
      context,
      dialogs,
      events.map((e) => ({ path: `/event/${e.id}`, show: e.title })),
    ),
  ).toEqual([]);
});

test('every photographer page', async ({ context }) => {
  test.setTimeout(120_000);
  const { dialogs } = await arm(context);
  expect(
    await inspectAll(
      context,
      dialogs,
      photographers.map((p) => ({ path: `/photographer/${p.user.id}` })),
    ),
  ).toEqual([]);
});

test('signed in: lists, details and the member pages that show the stored text', async ({ context }) => {
  test.setTimeout(180_000);
  const { dialogs } = await arm(context);
  await signedIn(context, photographers[0] as Member);
  // Member pages render the caller's own stored text (profile, saved lists, edit forms filled in).
  const paths = [
    '/',
    '/events',
    `/event/${(events[0] as { id: number }).id}`,
    `/photographer/${(photographers[1] as Member).user.id}`,
    '/mypage',
    '/my/saved/promotion',
    '/my/saved/photographer',
    '/edit/user',
    '/edit/photographer',
    '/edit/photographer/detail',
    '/new/event',
  ];
  expect(
    await inspectAll(
      context,
      dialogs,
      paths.map((path) => ({ path })),
    ),
  ).toEqual([]);
});
