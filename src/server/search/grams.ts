/**
 * Keyword search that works for Korean. Most Korean search words are two syllables, which a trigram
 * index cannot serve, so each searchable row stores the set of its unigrams and bigrams (by code point,
 * on normalised text) in a GIN-indexed text[]. A query asks for rows containing all the keyword's
 * bigrams (or its single character), then re-checks the literal substring: `%` and `_` are plain
 * characters, Latin letters match case-insensitively.
 */

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
