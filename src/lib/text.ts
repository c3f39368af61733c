/**
 * Text lengths in user-perceived characters (grapheme clusters): a Hangul syllable, a lone emoji, a flag
 * or a letter with combining marks each count as one. Every length rule and every cut uses these.
 */

let segmenter: Intl.Segmenter | null | undefined;

function getSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined) {
    segmenter =
      typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('ko', { granularity: 'grapheme' }) : null;
  }
  return segmenter;
}

/** The text split into grapheme clusters (code points where `Intl.Segmenter` is missing). */
export function graphemes(text: string): string[] {
  const s = getSegmenter();
  if (!s) return Array.from(text);
  const out: string[] = [];
  for (const part of s.segment(text)) out.push(part.segment);
  return out;
}

export function graphemeLength(text: string): number {
  const s = getSegmenter();
  if (!s) return Array.from(text).length;
  let n = 0;
  // Counting without building the array: this runs on every keystroke of a 500-character field.
  for (const _ of s.segment(text)) n++;
  return n;
}

/** The first `max` graphemes; used to ignore input beyond a field's limit. */
export function sliceGraphemes(text: string, max: number): string {
  if (text.length <= max) return text;
  return graphemes(text).slice(0, Math.max(0, max)).join('');
}

export const ELLIPSIS = '...';

/** `text` cut to its first `max` graphemes plus `...` when it has more than `whenLongerThan` graphemes. */
export function cutText(text: string, max: number, whenLongerThan: number): string {
  const parts = graphemes(text);
  if (parts.length <= whenLongerThan) return text;
  return parts.slice(0, max).join('') + ELLIPSIS;
}

/** Event card title: 8 characters plus `...` when longer than 9. */
export function cutEventTitle(title: string): string {
  return cutText(title, 8, 9);
}

/** Photographer card nickname: 8 characters plus `...` when it has 8 or more. */
export function cutPhotographerNickname(nickname: string): string {
  return cutText(nickname, 8, 7);
}

/** Welcome screen greeting name: 10 characters plus `...` when longer than 10. */
export function cutWelcomeName(nickname: string): string {
  return cutText(nickname, 10, 10);
}

/** Saved counts: `99+` above 99. */
export function formatCount(n: number): string {
  return n > 99 ? '99+' : String(Math.max(0, Math.trunc(n)));
}
