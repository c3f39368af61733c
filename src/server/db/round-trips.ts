/**
 * Counting the statements a piece of work sends to the database: each `query` is one round trip (a
 * transaction's statements count one each, plus its BEGIN and COMMIT on PostgreSQL). The round-trip
 * test renders each public page's data through this and holds it to the budget of decision record 008.
 */
import type { Db, Queryable, SqlParam, Transaction } from './client';

export interface RoundTrips {
  /** The wrapped handle: use it wherever the real one would go. */
  readonly db: Db;
  /** The statements sent so far, in order (whitespace collapsed). */
  readonly statements: string[];
  /** Forgets what was counted. */
  reset(): void;
}

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim();

export function countRoundTrips(inner: Db): RoundTrips {
  const statements: string[] = [];
  const counted = (q: Queryable): Queryable => ({
    query<T>(sql: string, params?: readonly SqlParam[]) {
      statements.push(oneLine(sql));
      return q.query<T>(sql, params);
    },
  });
  const db: Db = {
    kind: inner.kind,
    ...counted(inner),
    transaction(fn) {
      if (inner.kind === 'postgres') statements.push('BEGIN');
      return inner
        .transaction((tx) =>
          fn({
            ...counted(tx),
            exec(sql) {
              statements.push(oneLine(sql));
              return tx.exec(sql);
            },
          } satisfies Transaction),
        )
        .finally(() => {
          if (inner.kind === 'postgres') statements.push('COMMIT');
        });
    },
    exec(sql) {
      statements.push(oneLine(sql));
      return inner.exec(sql);
    },
    ping: (ms) => inner.ping(ms),
    close: () => inner.close(),
  };
  return {
    db,
    statements,
    reset: () => {
      statements.length = 0;
    },
  };
}
