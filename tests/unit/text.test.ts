import { describe, expect, it, vi } from 'vitest';
import {
  cutEventTitle,
  cutPhotographerNickname,
  cutText,
  cutWelcomeName,
  formatCount,
  graphemeCut,
  graphemeLength,
  sliceGraphemes,
} from '#lib/text';

describe('graphemeLength', () => {
  it.each([
    ['', 0],
    ['가나다', 3],
    ['abc', 3],
    ['😀', 1],
    ['👍🏽', 1],
    ['👨‍👩‍👧‍👦', 1],
    ['🇰🇷', 1],
    ['e\u0301', 1],
    // 가 written as conjoining jamo (NFD) is still one character.
    ['\u1100\u1161', 1],
    ['사진 📸 찍기', 7],
  ])('%j has %i', (text, n) => {
    expect(graphemeLength(text)).toBe(n);
    expect(graphemeCut(text, n)).toEqual({ head: text, more: false });
    if (n > 0) expect(graphemeCut(text, n - 1).more).toBe(true);
  });
});

describe('graphemeCut', () => {
  it('cuts at a grapheme boundary and says whether more followed', () => {
    expect(graphemeCut('👨‍👩‍👧‍👦👍🏽abc', 2)).toEqual({ head: '👨‍👩‍👧‍👦👍🏽', more: true });
    expect(graphemeCut('\u1100\u1161\u1100\u1161', 1)).toEqual({ head: '\u1100\u1161', more: true });
    expect(graphemeCut('🇰🇷🇰🇷', 1)).toEqual({ head: '🇰🇷', more: true });
    expect(graphemeCut('가나다', 3)).toEqual({ head: '가나다', more: false });
    expect(graphemeCut('가나다', -1)).toEqual({ head: '', more: true });
  });

  it('a long text: the same head as splitting all of it', () => {
    const long = '사진 📸 찍기 e\u0301 '.repeat(400);
    const all = [...new Intl.Segmenter('ko', { granularity: 'grapheme' }).segment(long)].map((p) => p.segment);
    expect(graphemeCut(long, 150)).toEqual({ head: all.slice(0, 150).join(''), more: true });
  });
});

describe('plain text (ASCII, Hangul syllables and letters)', () => {
  const segments = (text: string) =>
    [...new Intl.Segmenter('ko', { granularity: 'grapheme' }).segment(text)].map((p) => p.segment);

  it('is measured and cut without the segmenter, as the segmenter would', () => {
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    try {
      for (const text of ['스튜디오 라온 Photo', 'ㅋㅋㅋ 사진 좋아요!', 'studio_raon.2026']) {
        expect(graphemeLength(text)).toBe(segments(text).length);
        expect(graphemeCut(text, 5)).toEqual({ head: segments(text).slice(0, 5).join(''), more: true });
      }
      // segments() above called it directly, once per text; the rules themselves never did.
      expect(segment).toHaveBeenCalledTimes(6);
    } finally {
      segment.mockRestore();
    }
  });

  it('still segments what joins: a syllable and a trailing jamo, CR LF, a combining mark', () => {
    for (const text of ['가\u11a8나다', 'ab\r\ncd', 'cafe\u0301s']) {
      expect(graphemeLength(text)).toBe(segments(text).length);
      expect(graphemeCut(text, 2).head).toBe(segments(text).slice(0, 2).join(''));
    }
  });
});

describe('sliceGraphemes', () => {
  it('never splits an emoji or a combining sequence', () => {
    expect(sliceGraphemes('👨‍👩‍👧‍👦👍🏽abc', 2)).toBe('👨‍👩‍👧‍👦👍🏽');
    expect(sliceGraphemes('e\u0301e\u0301', 1)).toBe('e\u0301');
    expect(sliceGraphemes('가나다', 5)).toBe('가나다');
    expect(sliceGraphemes('가나다', 0)).toBe('');
  });
});

describe('cutText', () => {
  it.each([
    ['가나다라마바사아자', 8, 9, '가나다라마바사아자'],
    ['가나다라마바사아자차', 8, 9, '가나다라마바사아...'],
    ['😀😀😀😀😀😀😀😀😀😀', 8, 9, '😀😀😀😀😀😀😀😀...'],
  ])('%j cut(%i, >%i) → %j', (text, max, over, out) => {
    expect(cutText(text, max, over)).toBe(out);
  });
});

describe('cutEventTitle: 8 characters plus ... when longer than 9', () => {
  it.each([
    ['12345678', '12345678'],
    ['123456789', '123456789'],
    ['1234567890', '12345678...'],
    // Never ends on a space (issue 44, item 21).
    ['봄맞이 프로필 촬영 이벤트', '봄맞이 프로필...'],
    ['가나다 라마바사 아자차', '가나다 라마바사...'],
    ['🌸🌸🌸🌸🌸🌸🌸🌸🌸', '🌸🌸🌸🌸🌸🌸🌸🌸🌸'],
    ['🌸🌸🌸🌸🌸🌸🌸🌸🌸🌸', '🌸🌸🌸🌸🌸🌸🌸🌸...'],
  ])('%j → %j', (title, out) => {
    expect(cutEventTitle(title)).toBe(out);
  });
});

describe('cutPhotographerNickname: 8 characters plus ... when it has 8 or more', () => {
  it.each([
    ['1234567', '1234567'],
    // Nothing cut, nothing added (issue 44, item 21).
    ['12345678', '12345678'],
    ['담아봐 스튜디오', '담아봐 스튜디오'],
    ['123456789', '12345678...'],
    ['담아봐 스튜디오 강남', '담아봐 스튜디오...'],
    ['사진관', '사진관'],
  ])('%j → %j', (name, out) => {
    expect(cutPhotographerNickname(name)).toBe(out);
  });
});

describe('cutWelcomeName: 10 characters plus ... when longer than 10', () => {
  it.each([
    ['1234567890', '1234567890'],
    ['12345678901', '1234567890...'],
    ['가나', '가나'],
    // Between words, never in one (issue 44, item 21); one long word is still cut.
    ['담아봐 스튜디오 강남점', '담아봐 스튜디오...'],
    ['담아봐스튜디오강남점이에요', '담아봐스튜디오강남점...'],
    ['담아봐 스튜디오강남 점', '담아봐 스튜디오강남...'],
    ['담아봐 스튜디오강남점', '담아봐...'],
    ['담아봐 스튜디오 강 남점', '담아봐 스튜디오 강...'],
  ])('%j → %j', (name, out) => {
    expect(cutWelcomeName(name)).toBe(out);
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
  ])('%i → %s', (n, out) => {
    expect(formatCount(n)).toBe(out);
  });
});
