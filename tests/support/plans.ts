/**
 * Query plans of what a call runs: every statement it makes on `db` (recorded through a stand-in
 * Queryable), each explained in JSON and flattened into its plan nodes. Shared by the plan tests.
 */
import type { SqlParam } from '#server/db/client';
import type { Db, Queryable } from '#server/db/index';

export interface StatementPlan {
  sql: string;
  nodes: Record<string, unknown>[];
}

/** Every plan node below `plan` (depth first, in document order). */
export function planNodes(plan: unknown): Record<string, unknown>[] {
  const nodes: Record<string, unknown>[] = [];
  const walk = (n: unknown) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      const node = n as Record<string, unknown>;
      if ('Node Type' in node) nodes.push(node);
      Object.values(node).forEach(walk);
    }
  };
  walk(plan);
  return nodes;
}

/** Runs `run` on a recording connection, then explains each statement it made. */
export async function plansOf(db: Db, run: (q: Queryable) => Promise<unknown>): Promise<StatementPlan[]> {
  const statements: { sql: string; params: readonly SqlParam[] }[] = [];
  await run({
    query: (sql, params = []) => {
      statements.push({ sql, params });
      return db.query(sql, params);
    },
  });
  const out: StatementPlan[] = [];
  for (const s of statements) {
    const rows = await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${s.sql}`, s.params);
    out.push({ sql: s.sql, nodes: planNodes(rows[0]?.['QUERY PLAN']) });
  }
  return out;
}
