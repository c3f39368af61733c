/**
 * What the search field offers as one types (issue 45): event titles and photographer names that hold
 * every word typed, and the photography types and regions the words name; and the searches most made
 * in the last 7 days, counted per day and keyword, never with who searched.
 */
import { PHOTOGRAPHY_TYPES, PHOTOGRAPHY_TYPE_LABELS } from '#lib/domain';
import { todayKst } from '#lib/deadline';
import { REGION_GROUPS, regionKey } from '#lib/regions';
import { SEARCH_WORDS } from '#lib/search-words';
import type { SqlParam } from '#server/db/client';
import type { Queryable } from '#server/db/index';
import { queryJsonParts, type JsonRowsPart } from '#server/db/json-rows';
import { joinMemberOf } from './list-parts';
import { compactSearchText, normaliseSearchText } from '#server/search/grams';
import {
  headCondition,
  headGramsCondition,
  parseSearchQuery,
  searchConditions,
  SUGGEST_MAX_LENGTH,
  suggestionQuery,
  type SearchTerm,
} from '#server/search/query';

export type SuggestionKind = 'EVENT' | 'PHOTOGRAPHER' | 'TYPE' | 'REGION';

export interface Suggestion {
  kind: SuggestionKind;
  /** What the field is filled with when it is chosen (and searched). */
  text: string;
}

export const SUGGESTION_LIMITS = { events: 5, photographers: 3, words: 3 } as const;

/** Types and regions whose names (or table words) hold the typed text, without asking the database. */
export function wordSuggestions(query: string): Suggestion[] {
  const q = compactSearchText(query);
  if (!q) return [];
  const out: Suggestion[] = [];
  const seen = new Set<string>();
  const push = (kind: SuggestionKind, text: string) => {
    if (seen.has(text) || out.length >= SUGGESTION_LIMITS.words) return;
    seen.add(text);
    out.push({ kind, text });
  };
  // One word per type and per place: the label when it fits, else the table's first word that does.
  const named = new Set<string>();
  for (const t of PHOTOGRAPHY_TYPES) {
    if (!PHOTOGRAPHY_TYPE_LABELS[t].startsWith(q)) continue;
    named.add(t);
    push('TYPE', PHOTOGRAPHY_TYPE_LABELS[t]);
  }
  for (const [word, target] of Object.entries(SEARCH_WORDS)) {
    if (!word.startsWith(q)) continue;
    const what = target.types?.length === 1 ? target.types[0] : target.regions?.join();
    if (!what || named.has(what)) continue;
    named.add(what);
    push(target.types?.length === 1 ? 'TYPE' : 'REGION', word);
  }
  for (const g of REGION_GROUPS) {
    for (const name of g.regions) {
      if (name.startsWith(q) || compactSearchText(regionKey(g.category, name)).startsWith(q)) {
        push('REGION', regionKey(g.category, name));
      }
    }
  }
  return out;
}

/**
 * How far a suggestion looks (issue 45, at 1M events and 100k photographers). A syllable (`가`) holds in
 * half of all titles: sorting every match took seconds. So the newest open events (the most saved
 * photographers) are walked first, at most `walk` rows, stopping at the suggestions wanted; only a word
 * rare among them is looked up through the grams index, at most `fallback` matches, then ordered.
 */
export const SUGGESTION_READS = { walk: 1_000, fallback: 200 } as const;

interface Found {
  events: string[];
  photographers: string[];
}

/**
 * Suggestions for what is typed: at most 5 event titles (open events first, newest first), 3
 * photographer names (most saved first) whose title or name holds every word, then types and regions.
 * One statement (a second, through the grams indexes, for a word the walk did not find enough of);
 * nothing for an empty or over-long text.
 */
export async function suggest(
  db: Queryable,
  typed: string,
  now = Date.now(),
  reads: { walk: number; fallback: number } = SUGGESTION_READS,
): Promise<Suggestion[]> {
  const query = suggestionQuery(typed);
  if (!query) return [];
  const terms = parseSearchQuery(query).map((t) => ({ texts: t.texts, types: [], regions: [] }));
  if (terms.length === 0) return [];
  // Titles repeat (a series of events): twice the titles shown, made unique after.
  const wanted = { events: SUGGESTION_LIMITS.events * 2, photographers: SUGGESTION_LIMITS.photographers };
  const walked = await read(db, terms, { now, how: 'walk', rows: reads.walk }, wanted);
  const short = {
    events: walked.events.length < wanted.events ? wanted.events : 0,
    photographers: walked.photographers.length < wanted.photographers ? wanted.photographers : 0,
  };
  const looked =
    short.events || short.photographers
      ? await read(db, terms, { now, how: 'index', rows: reads.fallback }, short)
      : null;
  // The index's answer is whole and ordered: it stands for the walk's wherever it found as many.
  const better = (part: keyof Found) =>
    looked && looked[part].length >= walked[part].length ? looked[part] : walked[part];
  const titles = [...new Set(short.events ? better('events') : walked.events)];
  const names = short.photographers ? better('photographers') : walked.photographers;
  return [
    ...titles.slice(0, SUGGESTION_LIMITS.events).map((text): Suggestion => ({ kind: 'EVENT', text })),
    ...names.map((text): Suggestion => ({ kind: 'PHOTOGRAPHER', text })),
    ...wordSuggestions(query),
  ];
}

/**
 * The titles and names that hold every word in their head, `wanted` of each (0: that part is not read).
 * `walk`: down the newest open events and the most saved pages, at most `rows` rows each; `index`:
 * through the grams indexes, at most `rows` matches each, then ordered.
 */
async function read(
  db: Queryable,
  terms: readonly SearchTerm[],
  { now, how, rows: most }: { now: number; how: 'walk' | 'index'; rows: number },
  wanted: { events: number; photographers: number },
): Promise<Found> {
  const params: SqlParam[] = [];
  const add = (v: SqlParam) => `$${params.push(v)}`;
  const indexes = how === 'index';
  // Every word in the title (or name) itself: a suggestion names what the field will find first. The
  // index read finds them through the heads' grams (migration 024), not every line's.
  const holds = (alias: string) =>
    [
      indexes
        ? headGramsCondition(terms, `${alias}.search_text`, add)
        : searchConditions(
            terms,
            { text: `${alias}.search_text`, grams: `${alias}.search_grams`, types: '', regions: '' },
            add,
            false,
          ).join(' and '),
      ...terms.map((t) => headCondition([t], `${alias}.search_text`, add)),
    ].join(' and ');
  const rows = add(most);
  const parts: Record<string, JsonRowsPart<string>> = {};
  if (wanted.events > 0) {
    const today = add(todayKst(now));
    parts['events'] = {
      sql: indexes
        ? `select x.title, x.open, x.id from (
             select p.title, p.ended_at >= ${today}::date as open, p.id from promotions p
              where p.deleted_at is null and ${holds('p')} limit ${rows}) x
            order by x.open desc, x.id desc limit ${add(wanted.events)}`
        : `select w.title, true as open, w.id from (
             select p.title, p.id, p.search_text from promotions p
              where p.deleted_at is null and p.ended_at >= ${today}::date order by p.id desc limit ${rows}) w
            where ${holds('w')} order by w.id desc limit ${add(wanted.events)}`,
      orderBy: 'r.open desc, r.id desc',
      map: (row) => (row as { title: string }).title,
    };
  }
  if (wanted.photographers > 0) {
    const pages = `select pp.member_id, pp.save_count, pp.search_text, pp.search_grams from photographer_pages pp
                    where pp.description <> '' and pp.hidden_at is null`;
    parts['photographers'] = {
      sql: `select m.nickname, w.save_count, w.member_id as id from (
              ${indexes ? `${pages} and ${holds('pp')} limit ${rows}` : `${pages} order by pp.save_count desc, pp.member_id desc limit ${rows}`}
            ) w ${joinMemberOf('w.member_id')}
            ${indexes ? '' : `where ${holds('w')}`}
            order by w.save_count desc, w.member_id desc limit ${add(wanted.photographers)}`,
      orderBy: 'r.save_count desc, r.id desc',
      map: (row) => (row as { nickname: string }).nickname,
    };
  }
  const found = await queryJsonParts<Record<string, string>>(db, parts, params);
  return { events: found['events'] ?? [], photographers: found['photographers'] ?? [] };
}

export const POPULAR_DAYS = 7;
export const POPULAR_LIMIT = 10;

/**
 * Counts a search of `keyword` today (KST): only a keyword that finds some event or photographer, so
 * what is listed as popular is something the site has. Days before the window are removed as it goes.
 * Answers whether it counted.
 */
export async function recordSearch(db: Queryable, keyword: string, now = Date.now()): Promise<boolean> {
  const k = normaliseSearchText(keyword);
  if (!k || Array.from(k).length > SUGGEST_MAX_LENGTH) return false;
  const terms = parseSearchQuery(k);
  if (terms.length === 0) return false;
  const params: SqlParam[] = [];
  const add = (v: SqlParam) => `$${params.push(v)}`;
  const events = searchConditions(
    terms,
    { text: 'p.search_text', grams: 'p.search_grams', types: 'p.photography_types', regions: 'p.regions' },
    add,
  ).join(' and ');
  const people = searchConditions(
    terms,
    { text: 'pp.search_text', grams: 'pp.search_grams', types: 'pp.main_photography_types', regions: 'pp.regions' },
    add,
  ).join(' and ');
  const today = todayKst(now);
  const rows = await db.query<{ counted: boolean }>(
    `with found as (
       select exists (select 1 from promotions p where p.deleted_at is null and ${events})
           or exists (select 1 from photographer_pages pp where pp.description <> '' and pp.hidden_at is null and ${people})
              as yes
     ), counted as (
       insert into search_counts (day, keyword, count)
       select ${add(today)}::date, ${add(k)}, 1 from found where yes
       on conflict (day, keyword) do update set count = search_counts.count + 1
       returning true as counted
     )
     select counted from counted`,
    params,
  );
  if (rows.length > 0 && Math.random() < 0.01) {
    await db.query(`delete from search_counts where day < $1::date - ${POPULAR_DAYS}`, [today]);
  }
  return rows.length > 0;
}

/** The keywords searched most in the last 7 days (today included), most first. */
export async function popularSearches(db: Queryable, now = Date.now(), limit = POPULAR_LIMIT): Promise<string[]> {
  const rows = await db.query<{ keyword: string }>(
    `select keyword from search_counts where day > $1::date - ${POPULAR_DAYS}
      group by keyword order by sum(count) desc, keyword limit $2`,
    [todayKst(now), limit],
  );
  return rows.map((r) => r.keyword);
}
