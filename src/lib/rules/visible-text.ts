/**
 * Invisible and direction-changing text (one rule for every text a member writes: event titles, content,
 * keywords, nicknames, photographer names and page descriptions). Embedding and override controls
 * (U+202A–U+202E) and isolates (U+2066–U+2069) can make text read differently from how it is stored —
 * `‮gnp.exe` shows as `exe.png` — so they are refused. Zero-width and other invisible characters are
 * allowed inside visible text (emoji sequences need U+200D), but required text needs at least one
 * visible character.
 */
import type { RuleResult } from './result';

export const VISIBLE_TEXT_MESSAGES = {
  direction: '글자 방향을 바꾸는 보이지 않는 문자는 쓸 수 없어요. 지우고 다시 입력해 주세요.',
  invisible: '보이는 글자를 한 글자 이상 입력해 주세요.',
} as const;

const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

// White space, zero-width and other characters that take no room: ZWSP/ZWNJ/ZWJ, LRM/RLM and the Arabic
// letter mark, word joiner and invisible operators, BOM, soft hyphen, combining grapheme joiner, the
// Mongolian vowel separator and the Hangul fillers (which render blank).
// (The joiner, a combining mark, stands outside the class: inside it would read as joined to the one before.)
const INVISIBLE =
  /[\s\u200B-\u200F\u061C\u2060-\u2064\u206A-\u206F\uFEFF\u00AD\u180E\u115F\u1160\u3164\uFFA0\u202A-\u202E\u2066-\u2069]|\u034F/gu;

export function hasDirectionControls(text: string): boolean {
  return DIRECTION_CONTROLS.test(text);
}

/** True when the text has at least one character that shows. */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, '').length > 0;
}

/**
 * The shared check: direction controls refused, and (unless `optional`) at least one visible character.
 * Empty text passes when optional; the field's own rule decides whether empty is allowed.
 */
export function checkVisibleText(text: string, options: { optional?: boolean } = {}): RuleResult<string> {
  if (hasDirectionControls(text)) return { ok: false, message: VISIBLE_TEXT_MESSAGES.direction };
  if (!options.optional && text !== '' && !hasVisibleText(text))
    return { ok: false, message: VISIBLE_TEXT_MESSAGES.invisible };
  return { ok: true, value: text };
}
