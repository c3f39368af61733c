import { describe, expect, it } from 'vitest';
import { VISIBLE_TEXT_MESSAGES as V, checkVisibleText, hasVisibleText } from '#lib/rules/visible-text';
import { validatePromotionContent, validatePromotionTitle, validateHashtag } from '#lib/rules/promotion';
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
