/**
 * Text that looks harmless and is not (issue 19): direction controls inside plausible text, text made
 * only of invisible characters, names far past every limit, and strings as raw UTF-8 request-line bytes.
 * Mixed into the fuzzer's hostile strings and query values (./hostile.ts).
 */
import fc from 'fast-check';

export const DIRECTION_CONTROLS = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
export const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u3164', '\u200e', '\u200f'];

const plausibleText = fc.string({
  unit: fc.constantFrom('가', '힣', 'ㄱ', 'a', 'Z', '0', ' ', '.', '_', '👍', 'e\u0301'),
  minLength: 1,
  maxLength: 24,
});

/** Otherwise plausible text with direction controls around or inside it (`‮gnp.exe` reads `exe.png`). */
export const directionalText: fc.Arbitrary<string> = fc
  .tuple(plausibleText, fc.constantFrom(...DIRECTION_CONTROLS), fc.nat(), plausibleText)
  .map(([a, c, at, b]) => {
    const i = at % (a.length + 1);
    return `${a.slice(0, i)}${c}${a.slice(i)}${c === '\u202e' || c === '\u202d' ? '' : b}`;
  });

/** Text made only of zero-width and other invisible characters (and spaces). */
export const invisibleText: fc.Arbitrary<string> = fc
  .array(fc.constantFrom(...ZERO_WIDTH, ' '), { minLength: 1, maxLength: 12 })
  .map((a) => a.join(''));

/** Names far past every name limit: Hangul, letters and single spaces, 19 to 5,000 characters. */
export const longName: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('가', '힣', 'a', 'Z', '0', '작가 ', 'Kim '), fc.integer({ min: 19, max: 5_000 }))
  .map(
    ([c, n]) =>
      c
        .repeat(Math.ceil(n / c.length))
        .slice(0, n)
        .trim() || '가'.repeat(n),
  );

/**
 * A string as raw UTF-8 bytes in a request line (`?searchKeyword=서울` unescaped, as some clients send):
 * each byte one latin1 character, which node:http writes out byte for byte.
 */
export function rawUtf8(s: string): string {
  return Buffer.from(s, 'utf8').toString('latin1');
}

/**
 * Query values as raw UTF-8, not percent-encoded: plausible words (so they reach the search) and `strings`.
 * Bytes a request line cannot hold (controls, space, DEL) and the separators stay escaped.
 */
export function rawUtf8Query(strings: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .oneof(fc.constantFrom('서울', '서울 강남구', '스냅', '한강 야경', '👍', 'café', '１２３'), strings)
    .map((v) =>
      // eslint-disable-next-line no-control-regex
      rawUtf8(v).replace(/[\u0000-\u0020\u007f#&]/g, (c) => encodeURIComponent(c)),
    );
}
