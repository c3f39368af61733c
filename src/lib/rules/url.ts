/**
 * Every URL we store and later put into an `href` (apply links, contact links) is an absolute http or
 * https address. Anything else — `javascript:`, `data:`, `vbscript:`, relative paths, scheme-relative
 * `//host` — is refused, as is any whitespace or control character, since browsers and URL parsers
 * silently drop those (`java\tscript:` is `javascript:` to them).
 */
import type { RuleResult } from './result';

export const URL_MAX_LENGTH = 2048;

const HTTP_PREFIX = /^https?:\/\//i;
// C0 and C1 controls, every Unicode space and the zero-width / bidi format characters.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0020\u007F-\u00A0\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\uFEFF]/;

/** True only for an absolute `http:`/`https:` URL with a host, no credentials and nothing hidden in it. */
export function isSafeHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > URL_MAX_LENGTH) return false;
  if (FORBIDDEN.test(value) || value.includes('\\')) return false;
  if (!HTTP_PREFIX.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // `https://example.com@evil.example` reads as example.com but goes to evil.example.
  if (url.username !== '' || url.password !== '') return false;
  return url.hostname !== '';
}

// A host as people type it: labels of letters, digits and hyphens (any script), at least one dot, an optional port.
const PLAUSIBLE_HOST =
  /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)+(?::\d{1,5})?$/u;

/**
 * A link typed without a scheme (`open.kakao.com/o/abc`, `www.instagram.com/studio`) as the https address
 * people mean; anything else unchanged. Only text whose part before the first `/`, `?` or `#` is a
 * plausible host gets `https://`, so `javascript:…`, `//host`, `mailto:…` and plain words stay as they are
 * (and are refused by `isSafeHttpUrl`).
 */
export function withDefaultScheme(value: string): string {
  if (HTTP_PREFIX.test(value)) return value;
  const host = value.split(/[/?#]/, 1)[0] ?? '';
  return PLAUSIBLE_HOST.test(host) ? `https://${value}` : value;
}

export const URL_MESSAGES = {
  invalid: 'http:// 또는 https:// 로 시작하는 올바른 주소를 입력해 주세요.',
  tooLong: `주소는 ${URL_MAX_LENGTH}자 이내로 입력해 주세요.`,
} as const;

/**
 * A user-typed link: surrounding spaces are trimmed, a plausible host without a scheme gets `https://`
 * (`withDefaultScheme`), then it must be a safe http(s) URL. Empty gives
 * `emptyMessage` as the failure (a required link) or null (an optional one, when `emptyMessage` is null).
 */
export function validateHttpUrl(input: string | null | undefined, emptyMessage: string): RuleResult<string>;
export function validateHttpUrl(input: string | null | undefined, emptyMessage: null): RuleResult<string | null>;
export function validateHttpUrl(
  input: string | null | undefined,
  emptyMessage: string | null,
): RuleResult<string | null> {
  const typed = (input ?? '').trim();
  if (typed === '') return emptyMessage === null ? { ok: true, value: null } : { ok: false, message: emptyMessage };
  const value = withDefaultScheme(typed);
  if (value.length > URL_MAX_LENGTH) return { ok: false, message: URL_MESSAGES.tooLong };
  if (!isSafeHttpUrl(value)) return { ok: false, message: URL_MESSAGES.invalid };
  return { ok: true, value };
}
