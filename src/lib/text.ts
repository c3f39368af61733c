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

/**
 * Text in which every UTF-16 unit is a grapheme of its own: printable ASCII, precomposed Hangul
 * syllables and Hangul compatibility letters (ㅋ, ㅠ) never join their neighbours. Most nicknames and
 * titles are such text, and a regular expression reads it in a fraction of a segmenter's time
 * (a page of twenty cards spent 0.06 ms segmenting their nicknames).
 */
const ONE_UNIT_GRAPHEMES = /^[\x20-\x7e\u3131-\u318e\uac00-\ud7a3]*$/;

export function graphemeLength(text: string): number {
  if (ONE_UNIT_GRAPHEMES.test(text)) return text.length;
  const s = getSegmenter();
  if (!s) return Array.from(text).length;
  let n = 0;
  // Counting without building the array: this runs on every keystroke of a 500-character field.
  for (const _ of s.segment(text)) n++;
  return n;
}

/**
 * Characters that take no room (not white space, which counts): zero-width space, non-joiner and joiner,
 * the direction marks, the word joiner and invisible operators, the BOM, the soft hyphen, the Mongolian
 * vowel separator and the Hangul fillers (which render blank). The combining grapheme joiner (U+034F) is
 * matched beside the class: inside it would read as joined to the character before.
 */
const ZERO_WIDTH_CLASS = '[\u200B-\u200F\u061C\u2060-\u2064\u206A-\u206F\uFEFF\u00AD\u180E\u115F\u1160\u3164\uFFA0]';
const HAS_ZERO_WIDTH = new RegExp(`${ZERO_WIDTH_CLASS}|\u034F`, 'u');
const ONLY_ZERO_WIDTH = new RegExp(`^(?:${ZERO_WIDTH_CLASS}|\u034F)+$`, 'u');

/**
 * The length a minimum counts: graphemes, leaving out those made only of characters that take no room.
 * `가` and three zero-width spaces is 1, not 4; an emoji joined with U+200D is still one.
 */
export function visibleLength(text: string): number {
  if (!HAS_ZERO_WIDTH.test(text)) return graphemeLength(text);
  const s = getSegmenter();
  const graphemes = s ? Array.from(s.segment(text), (g) => g.segment) : Array.from(text);
  return graphemes.filter((g) => !ONLY_ZERO_WIDTH.test(g)).length;
}

/**
 * The first `max` graphemes of `text`, and whether it has more. Reads no further than it needs: a cut
 * of a 2,000-character description segments 150 graphemes, not the whole text.
 */
export function graphemeCut(text: string, max: number): { head: string; more: boolean } {
  const n = Math.max(0, max);
  // A grapheme is at least one UTF-16 unit: a text no longer than `n` units has at most `n` graphemes.
  if (text.length <= n) return { head: text, more: false };
  if (ONE_UNIT_GRAPHEMES.test(text)) return { head: text.slice(0, n), more: true };
  const s = getSegmenter();
  if (!s) {
    const points = Array.from(text);
    return { head: points.slice(0, n).join(''), more: points.length > n };
  }
  let count = 0;
  for (const { index } of s.segment(text)) {
    if (count === n) return { head: text.slice(0, index), more: true };
    count++;
  }
  return { head: text, more: false };
}

/** The first `max` graphemes; used to ignore input beyond a field's limit. */
export function sliceGraphemes(text: string, max: number): string {
  return graphemeCut(text, max).head;
}

export const ELLIPSIS = '...';

/**
 * `text` cut to its first `max` graphemes plus `...` when it has more than `whenLongerThan` graphemes.
 * A cut that would keep the whole text adds nothing (an 8-character name stays as it is), and the kept
 * part never ends in white space (`봄맞이 프로필...`, not `봄맞이 프로필 ...`). With `atWord`, a cut inside
 * a word goes back to the end of the word before it, when there is one.
 */
export function cutText(text: string, max: number, whenLongerThan: number, atWord = false): string {
  if (!graphemeCut(text, whenLongerThan).more) return text;
  const { head, more } = graphemeCut(text, max);
  if (!more) return text;
  let kept = head;
  if (atWord && !/^\s/u.test(text.slice(head.length))) {
    const lastSpace = head.search(/\s\S*$/u);
    if (lastSpace > 0 && head.slice(0, lastSpace).trim() !== '') kept = head.slice(0, lastSpace);
  }
  kept = kept.trimEnd();
  return (kept === '' ? head : kept) + ELLIPSIS;
}

/** Event card title: 8 characters plus `...` when longer than 9. */
export function cutEventTitle(title: string): string {
  return cutText(title, 8, 9);
}

/** Photographer card nickname: 8 characters plus `...` when longer than that (the spec: 8 or more). */
export function cutPhotographerNickname(nickname: string): string {
  return cutText(nickname, 8, 7);
}

/** Welcome screen greeting name: 10 characters plus `...` when longer than 10, cut between words. */
export function cutWelcomeName(nickname: string): string {
  return cutText(nickname, 10, 10, true);
}

/** Saved counts: `99+` above 99. */
export function formatCount(n: number): string {
  return n > 99 ? '99+' : String(Math.max(0, Math.trunc(n)));
}
