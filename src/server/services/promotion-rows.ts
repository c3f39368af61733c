/**
 * The one way an event row is written: the column/value builder and the parameterised insert used by the
 * service (`createPromotion`), the demo seed and the bulk generator of benchmark data. The search
 * document and the region columns come from the same functions for every writer (decision 002).
 */
import type { PromotionPayload } from '#lib/rules/promotion';
import { regionColumns } from '#lib/regions';
import type { SqlParam } from '#server/db/client';
import type { Queryable } from '#server/db/index';
import { storedImages } from '#server/media/pictures';
import { eventSearchDocument } from '#server/search/grams';

/** An event as the create endpoint takes it (the payload rules), by its author; only the seed adds views. */
export type EventRow = PromotionPayload & { authorId: number; viewCount?: number };

/** Column, and the cast its parameter needs. */
const COLUMNS: readonly (readonly [string, string])[] = [
  ['author_id', ''],
  ['promotion_type', ''],
  ['title', ''],
  ['content', ''],
  ['external_link', ''],
  ['started_at', ''],
  ['ended_at', ''],
  ['photography_types', ''],
  ['regions', ''],
  ['region_categories', ''],
  ['hashtags', ''],
  ['images', '::jsonb'],
  ['is_author_hidden', ''],
  ['view_count', ''],
  ['search_text', ''],
  ['search_grams', ''],
  ['apply_mode', ''],
  ['capacity', '::int'],
  ['show_places_left', ''],
  ['asks_instagram', ''],
  ['asks_photos', ''],
];

/** The parameters of one row, in the order of `COLUMNS`. */
export function eventRowValues(e: EventRow): SqlParam[] {
  const regions = regionColumns(e.activeRegions);
  const search = eventSearchDocument({ ...e, regions: e.activeRegions });
  return [
    e.authorId,
    e.promotionType,
    e.title,
    e.content,
    e.externalLink,
    e.startedAt,
    e.endedAt,
    [...e.photographyTypes],
    regions.keys,
    regions.categories,
    [...e.hashtags],
    JSON.stringify(storedImages(e.images)),
    e.isAuthorHidden,
    e.viewCount ?? 0,
    search.text,
    search.grams,
    e.applyMode ?? 'LINK',
    e.applyMode && e.applyMode !== 'LINK' ? (e.capacity ?? null) : null,
    e.showPlacesLeft ?? false,
    e.asksInstagram ?? false,
    e.asksPhotos ?? false,
  ];
}

/**
 * The statement that inserts the rows (every value a parameter), answering `returning` of each when given
 * (the table is named `promotions p`, so a column list of a read serves).
 */
export function insertEventsStatement(
  rows: readonly EventRow[],
  returning?: string,
): { sql: string; params: SqlParam[] } {
  const params: SqlParam[] = [];
  const tuples = rows.map((row) => {
    const placeholders = eventRowValues(row).map((value, i) => {
      params.push(value);
      return `$${params.length}${(COLUMNS[i] as readonly [string, string])[1]}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  const sql = `insert into promotions as p (${COLUMNS.map(([column]) => column).join(', ')})
     values ${tuples.join(',\n            ')}
     ${returning ? `returning ${returning}` : ''}`;
  return { sql, params };
}

/** Inserts the rows in one statement; answers `returning` of each when given. */
export async function insertEvents<R>(db: Queryable, rows: readonly EventRow[], returning?: string): Promise<R[]> {
  const { sql, params } = insertEventsStatement(rows, returning);
  return db.query<R>(sql, params);
}
