/**
 * A member's own part of shared answers: which of a page's events and photographers they saved, with
 * the live save counts. Shared copies (pages, list answers) may show counts up to the cache's max age
 * old; what the member sees of their own saves comes from here, so it is right at once.
 * One indexed query per kind (primary keys and the saves' primary key).
 */
import type { PhotographerListItem, PromotionListItem } from '#lib/contract';
import type { Page } from '#lib/page';
import type { Queryable } from '#server/db/client';

interface Row {
  id: number;
  save_count: number;
  saved: boolean;
}

type Kind = 'promotion' | 'photographer';

/** Each kind's live save count and whether member `$1` saved it, for the ids `$2`. */
const STATE_SQL: Record<Kind, string> = {
  promotion: `select p.id, p.save_count, (s.member_id is not null) as saved
       from promotions p
       left join promotion_saves s on s.promotion_id = p.id and s.member_id = $1
      where p.id = any($2::int[])`,
  photographer: `select pp.member_id as id, pp.save_count, (s.member_id is not null) as saved
       from photographer_pages pp
       left join photographer_saves s on s.photographer_id = pp.member_id and s.member_id = $1
      where pp.member_id = any($2::int[])`,
};

async function stateOf(db: Queryable, kind: Kind, memberId: number, ids: readonly number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  return db.query<Row>(STATE_SQL[kind], [memberId, ids]);
}

export interface SavedState {
  promotionIds: number[];
  photographerIds: number[];
  /** Live save counts of the asked ids that exist, by id. */
  promotionCounts: Record<string, number>;
  photographerCounts: Record<string, number>;
}

/** The batched saved-state answer of a page: saved ids (sorted) and live counts. */
export async function savedState(
  db: Queryable,
  memberId: number,
  promotionIds: readonly number[],
  photographerIds: readonly number[],
): Promise<SavedState> {
  const [p, g] = await Promise.all([
    stateOf(db, 'promotion', memberId, promotionIds),
    stateOf(db, 'photographer', memberId, photographerIds),
  ]);
  const saved = (rows: Row[]) =>
    rows
      .filter((r) => r.saved)
      .map((r) => r.id)
      .sort((a, b) => a - b);
  const counts = (rows: Row[]) => Object.fromEntries(rows.map((r) => [String(r.id), r.save_count]));
  return {
    promotionIds: saved(p),
    photographerIds: saved(g),
    promotionCounts: counts(p),
    photographerCounts: counts(g),
  };
}

/** A shared list answer as this member sees it: `lay` puts a row's state (if the item still exists) over an item. */
async function withSaves<T extends { id: number }>(
  db: Queryable,
  kind: Kind,
  memberId: number,
  page: Page<T>,
  lay: (item: T, row: Row | undefined) => T,
): Promise<Page<T>> {
  const ids = page.items.map((i) => i.id);
  const byId = new Map((await stateOf(db, kind, memberId, ids)).map((r) => [r.id, r]));
  return { ...page, items: page.items.map((i) => lay(i, byId.get(i.id))) };
}

/** A shared event list answer as this member sees it: their `isSaved` and live counts laid over it. */
export function withPromotionSaves(
  db: Queryable,
  memberId: number,
  page: Page<PromotionListItem>,
): Promise<Page<PromotionListItem>> {
  return withSaves(db, 'promotion', memberId, page, (i, r) =>
    r ? { ...i, isSaved: r.saved, saveCount: r.save_count } : { ...i, isSaved: false },
  );
}

/** A shared photographer list answer as this member sees it (its items show no count). */
export function withPhotographerSaves(
  db: Queryable,
  memberId: number,
  page: Page<PhotographerListItem>,
): Promise<Page<PhotographerListItem>> {
  return withSaves(db, 'photographer', memberId, page, (i, r) => ({ ...i, isSaved: r?.saved ?? false }));
}
