import { describe, expect, it } from 'vitest';
import { isSafeHttpUrl, validateHttpUrl, withDefaultScheme } from '#lib/rules/url';

describe('isSafeHttpUrl', () => {
  it.each([
    'https://instagram.com/p/abc',
    'http://example.com',
    'HTTPS://EXAMPLE.COM/path?q=1#x',
    'https://open.kakao.com/o/sAbCdEf',
    'https://예시.한국/신청',
    'https://example.com:8443/a%20b',
  ])('accepts %j', (url) => {
    expect(isSafeHttpUrl(url)).toBe(true);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    [' javascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['java\nscript:alert(1)'],
    ['\u0000javascript:alert(1)'],
    [' data:text/html,<script>alert(1)</script>'],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['vbscript:msgbox(1)'],
    ['VBSCRIPT:msgbox(1)'],
    ['file:///etc/passwd'],
    ['ftp://example.com'],
    ['mailto:a@example.com'],
    ['//evil.example'],
    ['/relative/path'],
    ['relative'],
    ['https:/example.com'],
    ['https:\\\\evil.example'],
    ['https://'],
    ['https://example.com@evil.example'],
    ['https://user:pass@example.com'],
    [' https://example.com'],
    ['https://example.com '],
    ['https://exa mple.com'],
    ['https://example.com/\u200Bx'],
    ['https://example.com/\u202Etxt.exe'],
    ['\uFEFFhttps://example.com'],
    ['https://example.com/\u0085'],
    [`https://example.com/${'a'.repeat(2100)}`],
    [''],
  ])('rejects %j', (url) => {
    expect(isSafeHttpUrl(url)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isSafeHttpUrl(null)).toBe(false);
    expect(isSafeHttpUrl(42)).toBe(false);
    expect(isSafeHttpUrl(new URL('https://example.com'))).toBe(false);
  });
});

describe('validateHttpUrl', () => {
  it('trims what the member typed and keeps it as typed', () => {
    expect(validateHttpUrl('  https://example.com/a  ', '필수')).toEqual({ ok: true, value: 'https://example.com/a' });
  });

  it('gives the empty message for a required link and null for an optional one', () => {
    expect(validateHttpUrl('  ', '신청 링크를 입력해 주세요.')).toEqual({
      ok: false,
      message: '신청 링크를 입력해 주세요.',
    });
    expect(validateHttpUrl(null, null)).toEqual({ ok: true, value: null });
    expect(validateHttpUrl('', null)).toEqual({ ok: true, value: null });
  });

  it('refuses unsafe schemes with a Korean message', () => {
    const r = validateHttpUrl('javascript:alert(1)', null);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/https?:\/\//);
  });
});

describe('links typed without a scheme', () => {
  it.each([
    ['open.kakao.com/o/abc', 'https://open.kakao.com/o/abc'],
    ['www.instagram.com/studio', 'https://www.instagram.com/studio'],
    ['  forms.gle/apply?x=1  ', 'https://forms.gle/apply?x=1'],
    ['예시.한국/신청', 'https://예시.한국/신청'],
    ['example.com:8080', 'https://example.com:8080'],
    ['https://example.com', 'https://example.com'],
  ])('%j is stored as %j', (typed, stored) => {
    expect(validateHttpUrl(typed, null)).toEqual({ ok: true, value: stored });
  });

  it.each([
    'javascript:alert(1)',
    'javascript:foo.bar',
    'mailto:me@example.com',
    'open kakao.com',
    'localhost',
    'localhost:3000',
    '//evil.example/x',
    'user@evil.example',
    '.com',
    'example..com',
    'ftp.example.com:abc',
  ])('%j is still refused', (typed) => {
    expect(validateHttpUrl(typed, null).ok).toBe(false);
    expect(isSafeHttpUrl(withDefaultScheme(typed))).toBe(false);
  });
});
