/**
 * A search query as SQL (decision 024): the keyword is split into words at its spaces; every word must
 * match, in any order, anywhere in the row's document with the spaces taken out, so spacing on either
 * side does not matter. A word (or a run of up to three words) that is in the table of search words
 * (`#lib/search-words`) also matches the rows of the types and regions it names, and the other words it
 * stands for. A word of initial consonants only (`ㄱㅈㅅㄴ`) matches the initials line of the document
 * (titles and names). Every condition is served by an index (the grams, the types', the regions'), then
 * re-checked literally.
 */
import type { PhotographyType } from '#lib/domain';
import { searchWordTarget } from '#lib/search-words';
import type { SqlParam } from '#server/db/client';
import { keywordGrams, normaliseSearchText } from './grams';

/** One word of a query: the row matches it when its text holds any of `texts`, or it has a type or region listed. */
export interface SearchTerm {
  texts: string[];
  types: PhotographyType[];
  regions: string[];
}

/** More words than anyone types; the rest are dropped (the field holds 100 characters). */
const MAX_TERMS = 8;
const MAX_PHRASE = 3;

/** The words of a keyword, with the table's words recognised (a phrase such as `id photo` as one). */
export function parseSearchQuery(keyword: string): SearchTerm[] {
  const tokens = normaliseSearchText(keyword).split(' ').filter(Boolean);
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < tokens.length && terms.length < MAX_TERMS;) {
    let taken = 1;
    for (let n = Math.min(MAX_PHRASE, tokens.length - i); n >= 2; n--) {
      if (searchWordTarget(tokens.slice(i, i + n).join(''))) {
        taken = n;
        break;
      }
    }
    const word = tokens.slice(i, i + taken).join('');
    i += taken;
    if (seen.has(word)) continue;
    seen.add(word);
    const target = searchWordTarget(word);
    terms.push({
      texts: [...new Set([word, ...(target?.words ?? [])])],
      types: [...(target?.types ?? [])],
      regions: [...(target?.regions ?? [])],
    });
  }
  return terms;
}

/** Typed keywords longer than this (characters) are not suggested for nor counted as popular. */
export const SUGGEST_MAX_LENGTH = 30;

/** A syllable being composed (`가족ㅅ`): its trailing jamo is left out of what is looked up. */
const TRAILING_JAMO = /(?<=[가-힣a-z0-9])[\u3131-\u3163]+$/u;

/**
 * What is typed, as suggestions look it up: normalised, without a jamo being composed after a whole
 * syllable; '' when it is over `SUGGEST_MAX_LENGTH`. The suggestions' whole input: their cache key is
 * made from it (`cache/routes.ts`), so `가족ㅅ` and ` 가족` share an answer.
 */
export function suggestionQuery(typed: string): string {
  const q = normaliseSearchText(typed).replace(TRAILING_JAMO, '').trim();
  return Array.from(q).length > SUGGEST_MAX_LENGTH ? '' : q;
}

export interface SearchColumns {
  /** `p.search_text`, `pp.search_text`. */
  text: string;
  grams: string;
  types: string;
  regions: string;
}

const NL = 'chr(10)';

/**
 * The conditions of `terms` over a row's columns. `indexes: false` (a walk down an ordered index, which
 * tests each row) leaves the grams out and writes array tests as `coalesce(…, false)`, as the lists do.
 */
export function searchConditions(
  terms: readonly SearchTerm[],
  c: SearchColumns,
  add: (v: SqlParam) => string,
  indexes = true,
): string[] {
  const conditions: string[] = [];
  const arrays = (t: SearchTerm): string[] => {
    const parts: string[] = [];
    const test = (column: string, values: string[]) => {
      const sql = `${column} && ${add(values)}::text[]`;
      return indexes ? sql : `coalesce(${sql}, false)`;
    };
    if (t.types.length > 0) parts.push(test(c.types, t.types));
    if (t.regions.length > 0) parts.push(test(c.regions, t.regions));
    return parts;
  };
  const key = `search_grams_key(${c.grams})`;
  if (indexes) {
    // The words that only match text share one grams test; the others are each an OR the index serves.
    const plain = terms.filter((t) => t.texts.length === 1 && t.types.length === 0 && t.regions.length === 0);
    const grams = [...new Set(plain.flatMap((t) => keywordGrams(t.texts[0] as string)))];
    if (grams.length > 0) conditions.push(`${key} @> ${add(grams)}::text[]`);
    for (const t of terms.filter((x) => !plain.includes(x))) {
      const alternatives = [...t.texts.map((w) => `${key} @> ${add(keywordGrams(w))}::text[]`), ...arrays(t)];
      conditions.push(`(${alternatives.join(' or ')})`);
    }
  }
  const compact = `replace(${c.text}, ' ', '')`;
  for (const t of terms) {
    // The array tests first: PostgreSQL tries an OR's arms in order, and a row its type or region
    // matches is then not read whole (its document, out of line, costs most of a count at 1M events).
    const alternatives = [...arrays(t), ...t.texts.map((w) => `strpos(${compact}, ${add(w)}) > 0`)];
    conditions.push(alternatives.length === 1 ? (alternatives[0] as string) : `(${alternatives.join(' or ')})`);
  }
  return conditions;
}

/**
 * Whether any word matches the row's head (its first two lines: an event's title, a photographer's
 * name, and their initials): such rows rank first. Never null.
 */
/**
 * What the heads' grams index (migration 024) tests for `headCondition` of every term: each word's grams
 * among those of the head's lines (any of a term's words). It only narrows: `headCondition` still decides.
 */
export function headGramsCondition(terms: readonly SearchTerm[], text: string, add: (v: SqlParam) => string): string {
  const each = terms
    .filter((t) => t.texts.length > 0)
    .map(
      (t) => `(${t.texts.map((w) => `search_head_grams(${text}) @> ${add(keywordGrams(w))}::text[]`).join(' or ')})`,
    );
  return each.length > 0 ? each.join(' and ') : 'true';
}

export function headCondition(terms: readonly SearchTerm[], text: string, add: (v: SqlParam) => string): string {
  const head = `replace(split_part(${text}, ${NL}, 1) || ${NL} || split_part(${text}, ${NL}, 2), ' ', '')`;
  const words = [...new Set(terms.flatMap((t) => t.texts))];
  if (words.length === 0) return 'false';
  return `(${words.map((w) => `strpos(${head}, ${add(w)}) > 0`).join(' or ')})`;
}
