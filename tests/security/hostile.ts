/**
 * Generators of hostile input for the fuzzer (tests/integration/security-fuzz.test.ts): strings,
 * numbers, JSON bodies, raw bodies, query strings, path segments and multipart bodies.
 */
import fc from 'fast-check';
import { DIRECTION_CONTROLS, ZERO_WIDTH, directionalText, invisibleText, longName, rawUtf8Query } from './hostile-text';

/** Characters and snippets that break naive code: controls, encodings, SQL, LIKE, templates, markup. */
export const SPECIALS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u202e',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\uffff',
  '\ufffd',
  '\u0301',
  '\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308',
  '👍🏽',
  '👨‍👩‍👧‍👦',
  '🇰🇷',
  'ﷺ',
  '１２３',
  'ㄱㄴㄷ',
  '한글'.normalize('NFD'),
  "'",
  '"',
  '`',
  '\\',
  '%',
  '_',
  '%%',
  '\\%',
  '\\_',
  '[a-z]',
  '^$.*+?()|{}',
  "' OR '1'='1",
  "'; DROP TABLE members; --",
  '1; SELECT pg_sleep(5)--',
  '$1',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '\r\n',
  '\t',
  'NaN',
  'null',
  'undefined',
  '-0',
  '1e309',
  '9007199254740993',
  '__proto__',
  'constructor',
  // Direction controls (embeddings, overrides, isolates) and characters that show nothing.
  ...DIRECTION_CONTROLS,
  ...ZERO_WIDTH,
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SPECIALS), weight: 4 },
  {
    arbitrary: fc.array(fc.constantFrom(...SPECIALS), { minLength: 2, maxLength: 6 }).map((a) => a.join('')),
    weight: 3,
  },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  // Plausible text: what a validator may accept, so it reaches the database.
  {
    arbitrary: fc.string({
      unit: fc.constantFrom('가', '힣', 'ㄱ', 'a', 'Z', '0', ' ', '.', '_', '👍', 'e\u0301'),
      minLength: 1,
      maxLength: 24,
    }),
    weight: 4,
  },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('가', 'a', 'e\u0301', '👍🏽', '\u0000', 'ㄱ', '%'), fc.integer({ min: 31, max: 30_000 }))
      .map(([c, n]) => c.repeat(n)),
    weight: 1,
  },
  { arbitrary: directionalText, weight: 2 },
  { arbitrary: invisibleText, weight: 2 },
  { arbitrary: longName, weight: 1 },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 1, 1e308, -1e308, 2 ** 53 + 1, 2_147_483_648, -2_147_483_649, 0.5, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value of a wrong or odd type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileString, { maxLength: 12 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 4 }),
);

/** Percent-encodes the UTF-8 bytes of a string (lone surrogates become U+FFFD, as a browser would). */
export function pct(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Escapes that are themselves broken: invalid UTF-8, overlong NUL, an encoded surrogate, bad hex. */
export const BROKEN_ESCAPES = [
  '%ZZ',
  '%',
  '%4',
  '%C0%80',
  '%ED%A0%80',
  '%FF%FE',
  '%E0%A4%A',
  '%00',
  '%0A',
  '%0D%0A',
  '%25',
  '%2F',
  '%5C',
  '%2e%2e',
];

export const queryValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileString.map(pct), weight: 4 },
  { arbitrary: rawUtf8Query(hostileString), weight: 2 },
  { arbitrary: fc.constantFrom(...BROKEN_ESCAPES), weight: 2 },
  {
    arbitrary: fc.constantFrom(
      'FREE',
      'DISCOUNT',
      'ALL',
      'UPCOMING',
      'ONGOING',
      'ENDED',
      'LATEST',
      'POPULAR',
      'SNAP',
      'SNAP,PROFILE',
      pct('서울'),
      pct('서울 강남구'),
      pct('서울 송파구/강동구'),
      pct('서울,부산'),
      '',
      '0',
      '1',
      '10',
      '100',
      '101',
      '-1',
      '1.5',
      '1e3',
      '0x10',
      '999999999999',
      '9999999999999999999999',
    ),
    weight: 3,
  },
  { arbitrary: hostileNumber.map((n) => pct(String(n))), weight: 1 },
  // A plausible value with a NUL or a broken escape inside: passes a naive check, then reaches SQL.
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom('SNAP', pct('서울'), pct('서울 강남구'), 'FREE', '1', 'abc'),
        fc.constantFrom('%00', '%00', '%00', '%C0%80', '%FF', '%ED%A0%80'),
      )
      .map(([v, bad]) => `${v}${bad}${v}`),
    weight: 3,
  },
);

const QUERY_KEYS = [
  'page',
  'pageSize',
  'type',
  'progressStatus',
  'regions',
  'photographyTypes',
  'searchKeyword',
  'sort',
  'sortType',
  'nickname',
  'promotionIds',
  'photographerIds',
];

const queryPart = fc.oneof(
  { arbitrary: fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValue).map(([k, v]) => `${k}=${v}`), weight: 8 },
  { arbitrary: fc.tuple(hostileString.map(pct), queryValue).map(([k, v]) => `${k}=${v}`), weight: 1 },
  { arbitrary: fc.constantFrom('page', '=', '&', '==x', 'regions', 'nickname=', '__proto__[x]=1'), weight: 1 },
);

/**
 * Repeated, missing, empty and unknown parameters with hostile values. Half the time one or two
 * parameters only: with many, one is usually refused (400) before the others reach the database.
 */
export const queryString: fc.Arbitrary<string> = fc
  .oneof(fc.array(queryPart, { maxLength: 10 }), fc.array(queryPart, { minLength: 1, maxLength: 2 }))
  .map((parts) => (parts.length === 0 ? '' : `?${parts.join('&')}`));

/** Path segments that are not ids (never decode to digits, so they never name a real row). */
export const badIdSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '01',
    '+1',
    '1.0',
    '1e3',
    '0x1F',
    '2147483648',
    '99999999999999999999999',
    'NaN',
    'null',
    'undefined',
    '%00',
    '1%00',
    '%20',
    '%2e%2e',
    '..',
    'abc',
    "1'%20OR%20'1'='1",
    '%F0%9F%98%80',
    '%ZZ',
    '%',
    '%C0%80',
    '%ED%A0%80',
    '%EF%BC%91',
    '1;2',
    '%3Cscript%3E',
  ),
  hostileString.map((s) => `x${pct(s)}`),
);

/** Bodies that are not a JSON object, or not UTF-8, or too deep, or cut short. */
export function brokenJsonBody(valid: string): fc.Arbitrary<Buffer> {
  return fc.oneof(
    fc.constantFrom(
      Buffer.from([0x7b, 0x22, 0x74, 0x69, 0x74, 0x6c, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0x80, 0x22, 0x7d]),
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0x22, 0x7d]),
      Buffer.from('[]'),
      Buffer.from('"x"'),
      Buffer.from('1'),
      Buffer.from('null'),
      Buffer.from('true'),
      Buffer.from(''),
      Buffer.from(' '),
      Buffer.from('\ufeff[]'),
      Buffer.from(`${valid}${valid}`),
      Buffer.from('{"a":1,}'),
      Buffer.from("{'a':1}"),
      Buffer.from('{"a":NaN}'),
      Buffer.from('{"a":1e999999}'),
    ),
    fc.integer({ min: 0, max: Math.max(0, valid.length - 1) }).map((n) => Buffer.from(valid.slice(0, n))),
    fc.integer({ min: 1_000, max: 120_000 }).map((n) => Buffer.from(`${'['.repeat(n)}${']'.repeat(n)}`)),
    fc.integer({ min: 1_000, max: 40_000 }).map((n) => Buffer.from(`${'{"a":'.repeat(n)}1${'}'.repeat(n)}`)),
    fc.constantFrom(300_000, 2_200_000).map((n) => Buffer.from(`{"title":"${'a'.repeat(n)}"}`)),
    fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
  );
}

export const contentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  '',
  undefined,
);

/** A tiny valid PNG (1×1). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface MultipartBody {
  contentType: string;
  body: Buffer;
  /** True when the body, as built, can never be a successful upload (false: it may succeed). */
  broken: boolean;
}

const filePayload = fc.oneof(
  fc.constant({ bytes: TINY_PNG, image: true }),
  fc.constant({ bytes: TINY_PNG.subarray(0, 30), image: false }),
  fc.constant({ bytes: Buffer.from('GIF89a'), image: false }),
  fc.constant({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), image: false }),
  fc.constant({ bytes: Buffer.from('<!doctype html><script>alert(1)</script>'), image: false }),
  fc.constant({ bytes: Buffer.alloc(0), image: false }),
  fc.uint8Array({ maxLength: 300 }).map((a) => ({ bytes: Buffer.from(a), image: false })),
);

/** Multipart bodies: valid, wrong field values, hostile file names, non-images, cut short, bad boundaries. */
export const multipartBody: fc.Arbitrary<MultipartBody> = fc
  .record({
    boundary: fc.constantFrom('----damabwa', 'x', '----WebKitFormBoundary7MA4YWxkTrZu0gW', 'a'.repeat(70)),
    fileType: fc.oneof(
      fc.constantFrom('PROMOTION_IMAGE', 'USER_PROFILE_IMAGE', 'PHOTOGRAPHER_PORTFOLIO_IMAGE'),
      hostileString,
    ),
    withFileType: fc.boolean(),
    files: fc.array(
      fc.record({
        name: fc.oneof(
          fc.constantFrom('photo.png', '../../etc/passwd', 'a"b.png', 'x\r\ny.png', '사진.png'),
          hostileString,
        ),
        partName: fc.constantFrom('files', 'files', 'file', 'files[]', ''),
        type: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
        payload: filePayload,
      }),
      { maxLength: 3 },
    ),
    cut: fc.option(fc.double({ min: 0, max: 0.97, noNaN: true }), { nil: undefined }),
    header: fc.constantFrom('ok', 'ok', 'ok', 'no-boundary', 'empty-boundary', 'other-boundary', 'not-multipart'),
  })
  .map(({ boundary, fileType, withFileType, files, cut, header }) => {
    const crlf = '\r\n';
    const parts: Buffer[] = [];
    if (withFileType) {
      parts.push(
        Buffer.from(
          `--${boundary}${crlf}Content-Disposition: form-data; name="fileType"${crlf}${crlf}${fileType}${crlf}`,
        ),
      );
    }
    for (const f of files) {
      const safeName = f.name.replace(/[\r\n"]/g, '_');
      parts.push(
        Buffer.from(
          `--${boundary}${crlf}Content-Disposition: form-data; name="${f.partName}"; filename="${safeName}"${crlf}` +
            `${f.type ? `Content-Type: ${f.type}${crlf}` : ''}${crlf}`,
        ),
        f.payload.bytes,
        Buffer.from(crlf),
      );
    }
    const closing = Buffer.from(`--${boundary}--${crlf}`);
    let body = Buffer.concat([...parts, closing]);
    // A cut always falls before the closing boundary: the body is certainly incomplete.
    if (cut !== undefined) body = body.subarray(0, Math.floor((body.length - closing.length) * cut));
    const contentTypeHeader = {
      ok: `multipart/form-data; boundary=${boundary}`,
      'no-boundary': 'multipart/form-data',
      'empty-boundary': 'multipart/form-data; boundary=',
      'other-boundary': 'multipart/form-data; boundary=nope',
      'not-multipart': 'application/json',
    }[header];
    const validFileType = ['PROMOTION_IMAGE', 'USER_PROFILE_IMAGE', 'PHOTOGRAPHER_PORTFOLIO_IMAGE'].includes(
      fileType.trim(),
    );
    const fileParts = files.filter((f) => f.partName === 'files');
    // Parts with other names are ignored by the server; every `files` part must be an image.
    const broken =
      header !== 'ok' ||
      cut !== undefined ||
      !withFileType ||
      !validFileType ||
      fileParts.length === 0 ||
      fileParts.some((f) => !f.payload.image);
    return { contentType: contentTypeHeader, body, broken };
  });
