import { describe, expect, it } from 'vitest';
import { VISIBLE_TEXT_MESSAGES as V, checkVisibleText, hasVisibleText } from '#lib/rules/visible-text';
import {
  PROMOTION_MESSAGES,
  validatePromotionContent,
  validatePromotionTitle,
  validateHashtag,
} from '#lib/rules/promotion';
import { visibleLength } from '#lib/text';
import { validatePhotographerName, validatePhotographerDescription, validateUserNickname } from '#lib/rules/member';

const DIRECTION = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u3164', '\u200E'];

describe('visible text rule', () => {
  it('refuses every direction control, anywhere in the text', () => {
    for (const c of DIRECTION) {
      expect(checkVisibleText(`가나${c}다라`)).toEqual({ ok: false, message: V.direction });
      expect(checkVisibleText(`${c}abc`, { optional: true })).toEqual({ ok: false, message: V.direction });
    }
  });

  it('needs one visible character; invisible ones inside visible text are fine', () => {
    for (const c of ZERO_WIDTH) {
      expect(hasVisibleText(c.repeat(5))).toBe(false);
      expect(checkVisibleText(`${c} ${c}`)).toEqual({ ok: false, message: V.invisible });
    }
    expect(checkVisibleText('👨\u200D👩\u200D👧 가족 스냅')).toEqual({
      ok: true,
      value: '👨\u200D👩\u200D👧 가족 스냅',
    });
    expect(checkVisibleText('', { optional: true }).ok).toBe(true);
  });

  it('is the rule of titles, content, keywords, descriptions, nicknames and photographer names', () => {
    const fields = [
      (s: string) => validatePromotionTitle(s),
      (s: string) => validatePromotionContent(s),
      (s: string) => validateHashtag(s),
      (s: string) => validatePhotographerDescription(s),
      (s: string) => validateUserNickname(s),
      (s: string) => validatePhotographerName(s),
    ];
    for (const rule of fields) {
      expect(rule('담아\u202E스냅')).toEqual({ ok: false, message: V.direction });
      expect(rule('\u2067담아스냅\u2069')).toEqual({ ok: false, message: V.direction });
      expect(rule('\u200B\u200B\u200B\u200B')).toEqual({ ok: false, message: V.invisible });
      expect(rule('\u3164\u200D\u3164')).toEqual({ ok: false, message: V.invisible });
    }
    expect(validatePromotionTitle('가을 스냅 이벤트').ok).toBe(true);
    expect(validateHashtag('스냅').ok).toBe(true);
  });
});

describe('minimum lengths count what shows', () => {
  it('leaves zero-width characters out of a minimum, never out of the text', () => {
    expect(visibleLength('가\u200B\u200B\u200B')).toBe(1);
    expect(visibleLength('가 나')).toBe(3);
    expect(visibleLength('👨\u200D👩\u200D👧')).toBe(1);
    expect(visibleLength('가\u3164\u3164')).toBe(1);
    expect(visibleLength('가\u034F나')).toBe(2);
    expect(visibleLength('가을 스냅')).toBe(5);
  });

  it('refuses a title of one character padded with zero-width spaces, in the form and the API alike', () => {
    expect(validatePromotionTitle('가\u200B\u200B\u200B')).toEqual({
      ok: false,
      message: PROMOTION_MESSAGES.titleLength,
    });
    expect(validatePromotionTitle('가나\uFEFF')).toEqual({ ok: false, message: PROMOTION_MESSAGES.titleLength });
    expect(validatePromotionTitle('가 나')).toEqual({ ok: true, value: '가 나' });
    // The maximum still counts every stored grapheme.
    expect(validatePromotionTitle(`${'가'.repeat(29)}\u200B\u200B`).ok).toBe(false);
  });

  it('keeps the multi-line minimum on visible characters', () => {
    expect(validatePromotionContent('\u200B\u200B').ok).toBe(false);
    expect(validatePhotographerDescription('소\u200B').ok).toBe(true);
  });
});
