/**
 * Loading many rows at once: a table's secondary indexes are dropped, the rows written, and the indexes
 * built again from their own definitions (as `pg_indexes` reports them, so no definition is written
 * twice), all in one transaction: a failed load leaves the table and its indexes as they were. Building
 * an index over a million rows once is minutes faster than updating it a million times (decision 020).
 * Indexes that back a constraint (the primary key, unique keys) stay: the rows are checked as they come.
 */
import type { Transaction } from '#server/db/client';
import type { Db } from '#server/db/index';

/** The indexes of `table` that no constraint owns, with their definitions. */
export async function secondaryIndexes(db: Pick<Db, 'query'>, table: string): Promise<{ name: string; def: string }[]> {
  return db.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def
       from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = $1
        and not exists (select 1 from pg_constraint c
                         where c.conrelid = to_regclass(quote_ident($1)) and c.conname = i.indexname)
      order by i.indexname`,
    [table],
  );
}

/** Runs `load` with `table`'s secondary indexes dropped, then builds them again; one transaction. */
export async function withIndexesRebuilt<T>(db: Db, table: string, load: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const indexes = await secondaryIndexes(tx, table);
    for (const { name } of indexes) await tx.exec(`drop index ${quoteIdent(name)}`);
    const result = await load(tx);
    // Room to gather a GIN index's entries in memory (150k events on PostgreSQL: the grams index in 20 s,
    // 33 s with 256 MB); this transaction only.
    await tx.exec(`set local maintenance_work_mem = '1GB'`);
    for (const { def } of indexes) await tx.exec(def);
    return result;
  });
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
