/**
 * Keyword search that works for Korean (decision 002, and 024 for spacing, words and initials). Most
 * Korean search words are two syllables, which a trigram index cannot serve, so each searchable row
 * stores the set of its unigrams and bigrams (by code point, on normalised text with the spaces taken
 * out) in a GIN-indexed text[]. A query is split into words; a row must hold every word's grams, then
 * the literal words are re-checked in its text with the spaces taken out: `%` and `_` are plain
 * characters, Latin letters match case-insensitively, and `가족스냅` finds `가족 스냅` and the reverse.
 */
import type { Region } from '#lib/domain';
import { regionKeyOf } from '#lib/regions';

/**
 * Characters that show nothing: zero-width spaces and joiners, direction marks, the soft hyphen, the
 * byte-order mark and the Hangul fillers. They are taken out of documents and queries alike, so a title
 * padded with them is found by what it shows. Migration 013 takes the same set out in SQL.
 */
export const INVISIBLE =
  /[\u00AD\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFEFF\uFFA0]/gu;

/** NFC, invisible characters taken out, lower-case, runs of white space as one space, trimmed. */
export function normaliseSearchText(text: string): string {
  return text.normalize('NFC').replace(INVISIBLE, '').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** The text as the search compares it: without spaces (line breaks between fields stay). */
export const compactSearchText = (normalised: string): string => normalised.replace(/ /gu, '');

/** Every unigram and bigram of the normalised text with its spaces taken out. */
export function searchGrams(normalised: string): string[] {
  const chars = Array.from(compactSearchText(normalised));
  const grams = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    grams.add(c);
    const next = chars[i + 1];
    if (next !== undefined) grams.add(c + next);
  }
  return [...grams];
}

/** The grams a word (no spaces) requires: its bigrams, or the character itself for a one-character word. */
export function keywordGrams(word: string): string[] {
  const chars = Array.from(word);
  if (chars.length === 1) return chars;
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) grams.add((chars[i] as string) + (chars[i + 1] as string));
  return [...grams];
}

const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const FIRST_SYLLABLE = 0xac00;
const LAST_SYLLABLE = 0xd7a3;

/** Each Hangul syllable as its initial consonant (`가족 스냅` → `ㄱㅈㅅㄴ`), other characters kept, no spaces. */
export function initialsOf(normalised: string): string {
  let out = '';
  for (const c of compactSearchText(normalised)) {
    const code = c.codePointAt(0) ?? 0;
    out += code >= FIRST_SYLLABLE && code <= LAST_SYLLABLE ? INITIALS[Math.floor((code - FIRST_SYLLABLE) / 588)] : c;
  }
  return out;
}

/** A query of initial consonants only (`ㄱㅈㅅㄴ`): it is matched against the initials of titles and names. */
export const isInitialsQuery = (word: string): boolean => /^[\u3131-\u314e]+$/u.test(word);

/** The searchable document of a row: its fields joined with a separator no keyword can span. */
export function searchDocument(parts: readonly string[]): { text: string; grams: string[] } {
  const text = parts
    .map(normaliseSearchText)
    .filter((p) => p.length > 0)
    .join('\n');
  return { text, grams: [...new Set(text.split('\n').flatMap(searchGrams))] };
}

/**
 * A document whose first line is its head (an event's title, a photographer's name) and second the
 * head's initials: matches there rank first, and an initials query finds them.
 */
export function headedSearchDocument(head: string, rest: readonly string[]): { text: string; grams: string[] } {
  const h = normaliseSearchText(head);
  const body = searchDocument(rest);
  // The head's two lines stay even when empty: the head is always lines 1 and 2.
  const text = [h, initialsOf(h), ...(body.text ? [body.text] : [])].join('\n');
  return { text, grams: [...new Set([...searchGrams(h), ...searchGrams(initialsOf(h)), ...body.grams])] };
}

/**
 * What a row's regions add to its document: each region's name and its key (`강남구`, `서울 강남구`).
 * Every writer of `search_text`/`search_grams` uses this, so a keyword finds the same rows whoever wrote
 * them (decision 002).
 */
export function regionSearchParts(regions: readonly Region[]): string[] {
  return regions.flatMap((r) => [r.name, regionKeyOf(r)]);
}

/** The searchable document of an event: title (and its initials), content, hashtags and regions. */
export function eventSearchDocument(e: {
  title: string;
  content: string;
  hashtags: readonly string[];
  regions: readonly Region[];
}): { text: string; grams: string[] } {
  return headedSearchDocument(e.title, [e.content, ...e.hashtags, ...regionSearchParts(e.regions)]);
}

/** The searchable document of a photographer: name (and its initials), description and regions. */
export function photographerSearchDocument(p: { nickname: string; description: string; regions: readonly Region[] }): {
  text: string;
  grams: string[];
} {
  return headedSearchDocument(p.nickname, [p.description, ...regionSearchParts(p.regions)]);
}
