/**
 * A list page read in the parts of its order (decision 024: with a keyword, the rows whose title or
 * name matches first), each part through the plan that reads fewer rows. The events' lists and the
 * photographers' use it alike.
 */
import type { SqlParam } from '#server/db/client';
import type { PageRequest } from '#lib/contract';
import type { Queryable } from '#server/db/index';
import { countWithSize, type CountedTable } from './promotion-counts';

/** A list as this module reads it. */
export interface PartedList {
  /** The table counted (its alias in `where` is the one `CountedTable` names). */
  table: CountedTable;
  /**
   * The WHERE clause, its values added to `params`. `indexes: false` is for a walk down the ordered
   * index, which tests each row: the same test, written so no other index serves it.
   */
  where: (params: SqlParam[], indexes: boolean) => string;
  /**
   * The parts of the order, in turn: conditions on the rows of `where` that together take each row
   * exactly once. Empty: one part, every row.
   */
  parts: readonly ((params: SqlParam[]) => string)[];
  /** The ORDER BY within a part: down the ordered index, or (`sortMatches`) not through it. */
  order: (sortMatches: boolean) => string;
}

/** A part's rows as SQL: its WHERE and ORDER BY, the placeholders of limit and offset, `add` for more. */
export type RowsOf = (q: {
  where: string;
  order: string;
  limit: string;
  offset: string;
  add: (v: SqlParam) => string;
  /** The part of the order the rows belong to, to be selected as `part`. */
  part: number;
}) => string;

/**
 * A page either walks the ordered index, testing each row until it has the page, or fetches every
 * match through the filter's indexes and sorts them. The walk reads about (offset + limit) × rows /
 * matches rows, the sort reads the matches: with the total known from the count, the page takes the
 * cheaper. The planner cannot choose this itself: it assumes matches are spread evenly, and a rare
 * keyword whose matches are old made it walk the whole table. Each part chooses for itself: for its
 * rows `[0, end)` a walk reads about `end` × rows / the part's matches rows, a sort reads every match
 * of the WHERE clause (and tests the part's condition on them).
 */
export function sortsPart(total: number, part: number, rows: number, end: number): boolean {
  return total * part < end * Math.max(rows, total);
}

/**
 * A page's rows: the kept count first (one round trip when it is not kept), with the count of each
 * part, which chooses the parts the page reads and each part's plan; then the rows' SQL with its
 * parameters added to `params` (each part's rows, `union all`), and whether every part walks the
 * ordered index; no SQL when the page is empty or past the end.
 */
export async function partedPageRows(
  db: Queryable,
  list: PartedList,
  page: PageRequest,
  rowsOf: RowsOf,
  params: SqlParam[],
): Promise<{ total: number; sql: string | null; walks: boolean }> {
  const countParams: SqlParam[] = [];
  const where = list.where(countParams, true);
  const counted = await countWithSize(
    db,
    where,
    countParams,
    list.parts.map((part) => part(countParams)),
    Date.now(),
    list.table,
  );
  const { total, rows: size } = counted;
  if (total === 0 || page.page * page.pageSize >= total) return { total, sql: null, walks: false };
  const from = page.page * page.pageSize;
  const to = from + page.pageSize;
  const statements: string[] = [];
  let walks = true;
  let start = 0;
  counted.parts.forEach((count, part) => {
    const lo = Math.max(from, start);
    const hi = Math.min(to, start + count);
    start += count;
    if (hi <= lo) return;
    const offset = lo - (start - count);
    const sortMatches = sortsPart(total, count, size, offset + hi - lo);
    if (sortMatches) walks = false;
    const condition = list.parts[part];
    const partWhere = condition
      ? `${list.where(params, sortMatches)} and ${condition(params)}`
      : list.where(params, sortMatches);
    const add = (v: SqlParam) => `$${params.push(v)}`;
    const limit = add(hi - lo);
    const skip = add(offset);
    statements.push(rowsOf({ where: partWhere, order: list.order(sortMatches), limit, offset: skip, add, part }));
  });
  const sql = statements.length === 1 ? (statements[0] as string) : statements.map((x) => `(${x})`).join(' union all ');
  return { total, sql, walks };
}

/**
 * Joins each row of a page to its member (`m`) through the members' key, one row at a time: a page is
 * a few rows. A plain join of a page planned for any values (`planGeneric`) was hashed, as the planner
 * takes a LIMIT it does not know for a tenth of the rows: it read every member (100k: 30 ms for ten
 * photographers). `offset 0` keeps the planner from turning it back into such a join.
 */
export const joinMemberOf = (memberId: string): string =>
  `cross join lateral (select * from members m where m.id = ${memberId} offset 0) m`;
