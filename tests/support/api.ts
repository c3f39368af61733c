/**
 * HTTP helpers for contract tests: uploads, registration, events, all through the public API.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { todayKst } from '#lib/deadline';
import { bearer, signIn, uniqueAccount, type LoginAnswer } from './auth';

export interface Session extends LoginAnswer {
  token: string;
}

export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.token ? bearer(options.token) : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : null,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

let pictureSeed = 0;
/** A small real PNG, different each call. */
export async function picture(): Promise<Buffer> {
  pictureSeed++;
  return sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: { r: (pictureSeed * 37) % 256, g: 120, b: (pictureSeed * 91) % 256 },
    },
  })
    .png()
    .toBuffer();
}

/**
 * A picture no other upload of any test process has: random pixels. Stored pictures are named by their
 * content, so a test that checks where one picture may be loaded must not share its bytes with another
 * test's public upload (the solid colours of `picture` repeat across processes).
 */
export async function uniquePicture(): Promise<Buffer> {
  return sharp(randomBytes(64 * 48 * 3), { raw: { width: 64, height: 48, channels: 3 } })
    .png()
    .toBuffer();
}

export async function upload(
  base: string,
  token: string,
  fileType: string,
  count = 1,
  make: () => Promise<Buffer> = picture,
): Promise<{ name: string; url: string }[]> {
  const form = new FormData();
  form.append('fileType', fileType);
  for (let i = 0; i < count; i++)
    form.append('files', new Blob([new Uint8Array(await make())], { type: 'image/png' }), `photo-${i}.png`);
  const res = await fetch(`${base}/api/v1/files`, { method: 'POST', headers: bearer(token), body: form });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { files: { name: string; url: string }[] }).files;
}

let nick = 0;
export function freshNickname(prefix = 'u'): string {
  nick++;
  const n = (Date.now() % 1_000_000) * 10 + (nick % 10);
  return `${prefix}${n.toString(36)}`.slice(0, 7);
}

export async function newMember(base: string): Promise<Session> {
  const s = await signIn(base, uniqueAccount());
  return { ...s, token: s.accessToken.value };
}

export async function newUser(base: string): Promise<Session> {
  const s = await newMember(base);
  const res = await call(base, 'POST', '/api/v1/users/me/registration', {
    token: s.token,
    body: { nickname: freshNickname(), gender: 'FEMALE', instagramId: null },
  });
  if (res.status !== 200) throw new Error(`registration answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { ...s, user: res.body as Session['user'] };
}

export async function newPhotographer(
  base: string,
  options: { withPage?: boolean; instagramId?: string } = {},
): Promise<Session> {
  const s = await newMember(base);
  const [profileImage] = await upload(base, s.token, 'USER_PROFILE_IMAGE');
  const res = await call(base, 'POST', '/api/v1/photographers/me/registration', {
    token: s.token,
    body: {
      nickname: `작가 ${freshNickname('p')}`,
      gender: 'MALE',
      instagramId: options.instagramId ?? null,
      profileImage,
      mainPhotographyTypes: ['SNAP'],
      activeRegions: [{ category: '서울', name: '강남구' }],
    },
  });
  if (res.status !== 200)
    throw new Error(`photographer registration answered ${res.status}: ${JSON.stringify(res.body)}`);
  if (options.withPage) {
    const portfolio = await upload(base, s.token, 'PHOTOGRAPHER_PORTFOLIO_IMAGE', 2);
    const page = await call(base, 'PUT', '/api/v1/photographers/me/page', {
      token: s.token,
      body: { portfolio, address: null, instagramId: null, contactLink: null, description: '자연광 스냅 작가입니다.' },
    });
    if (page.status !== 200) throw new Error(`page answered ${page.status}`);
  }
  return { ...s, user: res.body as Session['user'] };
}

export const day = (offset: number) => todayKst(Date.now() + offset * 86_400_000);

export async function eventBody(
  base: string,
  token: string,
  patch: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  return {
    promotionType: 'FREE',
    title: '한강 야경 스냅 이벤트',
    content: '무료로 촬영해 드려요.\n보정본 5장 제공',
    externalLink: 'https://forms.gle/apply',
    startedAt: day(0),
    endedAt: day(7),
    photographyTypes: ['SNAP'],
    images: await upload(base, token, 'PROMOTION_IMAGE'),
    activeRegions: [{ category: '서울', name: '마포구' }],
    hashtags: ['야경'],
    ...patch,
  };
}

export async function createEvent(
  base: string,
  token: string,
  patch: Record<string, unknown> = {},
): Promise<{ id: number }> {
  const res = await call(base, 'POST', '/api/v1/promotions', { token, body: await eventBody(base, token, patch) });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}
