/** Helpers of the member journeys: signing in through the Kakao stand-in, images made with sharp, problems. */
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { bearer, signIn, uniqueAccount, type LoginAnswer } from '../../support/auth';

/** Signs in through the login page and the stand-in's form (an unknown account name lands on /signup). */
export async function kakaoLogin(page: Page, account: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: '카카오 로그인' }).click();
  await expect(page).toHaveURL(/\/dev\/kakao\/oauth\/authorize\?/);
  await page.getByLabel('새 계정 이름').fill(account);
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();
}

/** Every island on the page has hydrated (Astro drops the `ssr` attribute then). */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** Puts a session made over HTTP where the browser keeps it (before any page script runs). */
export async function useSession(page: Page, answer: LoginAnswer, roles?: string[]): Promise<void> {
  await page.addInitScript(
    ([access, refresh, user]) => {
      if (sessionStorage.getItem('e2e-session') === access) return;
      sessionStorage.setItem('e2e-session', access);
      sessionStorage.setItem('visited', 'true');
      localStorage.setItem('accessToken', access);
      localStorage.setItem('refreshToken', refresh);
      localStorage.setItem('sessionUser', user);
    },
    [
      answer.accessToken.value,
      answer.refreshToken.value,
      JSON.stringify({ id: answer.user.id, roles: roles ?? answer.user.roles }),
    ] as const,
  );
}

let seq = 0;
/** A fresh valid user nickname (2–7 characters). */
export function freshNickname(prefix = '회원'): string {
  seq++;
  return `${prefix}${(Date.now() % 100_000).toString(36)}${seq}`.slice(0, 7);
}

/** A new USER registered over HTTP. */
export async function registeredUser(baseURL: string, nickname = freshNickname()): Promise<LoginAnswer> {
  const login = await signIn(baseURL, uniqueAccount('member-user'));
  const res = await fetch(`${baseURL}/api/v1/users/me/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(login) },
    body: JSON.stringify({ nickname, gender: 'FEMALE', instagramId: null }),
  });
  expect(res.status).toBe(200);
  const user = (await res.json()) as LoginAnswer['user'];
  return { ...login, user };
}

/** A small solid PNG. */
/** The n-th of a series of clearly different colours (pictures that are not duplicates of each other). */
export function shade(n: number): string {
  const hex = (v: number) => (v % 256).toString(16).padStart(2, '0');
  return `#${hex(40 + n * 37)}${hex(200 - n * 13)}${hex(90 + n * 71)}`;
}

export function solidPng(size: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/**
 * A photo-like PNG: colour gradients with random grain. The grain defeats PNG compression, so
 * 3000×3000 is far over 3 MB (about 25 MB), while a JPEG of it is small enough to reach 3 MB.
 */
export function noisyPng(width: number, height: number, grain = 64): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let x = 0x2545f491;
  for (let y = 0; y < height; y++) {
    for (let i = 0; i < width; i++) {
      const o = (y * width + i) * 3;
      const base = [(i * 255) / width, (y * 255) / height, 160];
      for (let c = 0; c < 3; c++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        pixels[o + c] = Math.max(0, Math.min(255, (base[c] ?? 0) + ((x >>> 0) % grain) - grain / 2));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Collects CSP violations, hydration errors and uncaught errors. */
export function watchPage(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Refused to|Content Security Policy|hydrat|Minified React error/i.test(m.text())) {
      problems.push(m.text());
    }
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

export async function session(page: Page) {
  return page.evaluate(() => ({
    user: JSON.parse(localStorage.getItem('sessionUser') ?? 'null') as { id: number; roles: string[] } | null,
    accessToken: localStorage.getItem('accessToken'),
  }));
}
