/**
 * Kakao adapter: verifies a Kakao access token with the user-info call and returns the account id.
 * Connect timeout 3 s, total 5 s. Any Kakao error or timeout is 400 KAKAO_API, never a 500.
 */
import http from 'node:http';
import https from 'node:https';
import { getConfig } from '#server/config';
import { DomainError } from '#server/services/errors';

export interface KakaoAccount {
  id: string;
  nickname: string | null;
  /** Kakao's age range (`1~9`, `10~14`, `15~19`, `20~29`, …) when the account shares it, else null. */
  ageRange: string | null;
}

/** Kakao's `kakao_account.age_range`: kept only in its documented shape. */
export function readAgeRange(raw: unknown): string | null {
  return typeof raw === 'string' && /^\d{1,3}~(\d{1,3})?$/.test(raw) ? raw : null;
}

const CONNECT_TIMEOUT_MS = 3_000;
const TOTAL_TIMEOUT_MS = 5_000;

export const kakaoError = (message = '카카오 로그인 확인에 실패했어요. 다시 시도해 주세요.') =>
  new DomainError('KAKAO_API', message);

export async function fetchKakaoAccount(
  accessToken: string,
  apiBase = getConfig().kakao.apiBase,
): Promise<KakaoAccount> {
  let body: string;
  let status: number;
  try {
    ({ status, body } = await getJson(`${apiBase}/v2/user/me`, { Authorization: `Bearer ${accessToken}` }));
  } catch {
    throw kakaoError('카카오 서버에 연결할 수 없어요. 잠시 후 다시 시도해 주세요.');
  }
  if (status !== 200) throw kakaoError();
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    throw kakaoError();
  }
  const id = (data as { id?: unknown } | null)?.id;
  if ((typeof id !== 'number' && typeof id !== 'string') || !/^\d{1,20}$/.test(String(id))) throw kakaoError();
  const account = (data as { kakao_account?: { profile?: { nickname?: unknown }; age_range?: unknown } }).kakao_account;
  const nickname = account?.profile?.nickname;
  return {
    id: String(id),
    nickname: typeof nickname === 'string' ? nickname : null,
    ageRange: readAgeRange(account?.age_range),
  };
}

function getJson(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const lib = target.protocol === 'https:' ? https : http;
    const req = lib.request(target, { method: 'GET', headers: { Accept: 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > 64 * 1024) req.destroy(new Error('response too large'));
        else chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    const total = setTimeout(() => req.destroy(new Error('timeout')), TOTAL_TIMEOUT_MS);
    const connect = setTimeout(() => req.destroy(new Error('connect timeout')), CONNECT_TIMEOUT_MS);
    req.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connect);
      else socket.once('connect', () => clearTimeout(connect));
    });
    req.on('close', () => {
      clearTimeout(total);
      clearTimeout(connect);
    });
    req.on('error', reject);
    req.end();
  });
}
