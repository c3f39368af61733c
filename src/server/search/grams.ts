/**
 * Keyword search that works for Korean. Most Korean search words are two syllables, which a trigram
 * index cannot serve, so each searchable row stores the set of its unigrams and bigrams (by code point,
 * on normalised text) in a GIN-indexed text[]. A query asks for rows containing all the keyword's
 * bigrams (or its single character), then re-checks the literal substring: `%` and `_` are plain
 * characters, Latin letters match case-insensitively.
 */
import type { Region } from '#lib/domain';
import { regionKeyOf } from '#lib/regions';

/** NFC, lower-case, runs of white space as one space, trimmed. */
export function normaliseSearchText(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** Every unigram and bigram of the normalised text, without white-space-only grams. */
export function searchGrams(normalised: string): string[] {
  const chars = Array.from(normalised);
  const grams = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    if (c !== ' ') grams.add(c);
    const next = chars[i + 1];
    if (next !== undefined) grams.add(c + next);
  }
  grams.delete(' ');
  return [...grams];
}

/** The grams a keyword requires: its bigrams, or the character itself for a one-character keyword. */
export function keywordGrams(normalisedKeyword: string): string[] {
  const chars = Array.from(normalisedKeyword);
  if (chars.length === 1) return chars;
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) grams.add((chars[i] as string) + (chars[i + 1] as string));
  return [...grams];
}

/** The searchable document of a row: its fields joined with a separator no keyword can span. */
export function searchDocument(parts: readonly string[]): { text: string; grams: string[] } {
  const text = parts
    .map(normaliseSearchText)
    .filter((p) => p.length > 0)
    .join('\n');
  return { text, grams: [...new Set(text.split('\n').flatMap(searchGrams))] };
}

/**
 * What a row's regions add to its document: each region's name and its key (`강남구`, `서울 강남구`).
 * Every writer of `search_text`/`search_grams` uses this, so a keyword finds the same rows whoever wrote
 * them (decision 002).
 */
export function regionSearchParts(regions: readonly Region[]): string[] {
  return regions.flatMap((r) => [r.name, regionKeyOf(r)]);
}

/** The searchable document of an event: title, content, hashtags and regions. */
export function eventSearchDocument(e: {
  title: string;
  content: string;
  hashtags: readonly string[];
  regions: readonly Region[];
}): { text: string; grams: string[] } {
  return searchDocument([e.title, e.content, ...e.hashtags, ...regionSearchParts(e.regions)]);
}
