/**
 * Query plans of what a call runs: every statement it makes on `db` (recorded through a stand-in
 * Queryable), each explained in JSON and flattened into its plan nodes. Shared by the plan tests.
 */
import type { SqlParam } from '#server/db/client';
import type { Db, Queryable } from '#server/db/index';
import { isPlannedGeneric } from '#server/db/plan-generic';

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
    // A statement planned for any values (src/server/db/plan-generic.ts) is explained as it runs.
    const rows = isPlannedGeneric(s.sql)
      ? await genericPlan(db, s.sql, s.params)
      : await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${s.sql}`, s.params);
    out.push({ sql: s.sql, nodes: planNodes(rows[0]?.['QUERY PLAN']) });
  }
  return out;
}

/**
 * The generic plan of `sql`, the one its calls run. `explain (generic_plan)` cannot take bound values,
 * and a statement parsed with parameters must be given them: so a prepared statement, explained
 * under `force_generic_plan` (its values, numbers, strings and arrays of strings here, as literals:
 * the plan ignores them).
 */
let explained = 0;

async function genericPlan(db: Db, sql: string, params: readonly SqlParam[]) {
  const literal = (v: SqlParam): string => {
    if (typeof v === 'number') return String(v);
    if (typeof v === 'string') return `'${v.replaceAll("'", "''")}'`;
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return `array[${v.map(literal).join(', ')}]::text[]`;
    throw new Error(`genericPlan: write ${JSON.stringify(v)} as a literal here first`);
  };
  // A name per call, dropped on the same connection (a pooled server's connections prepare apart).
  const name = `explained_generic_${explained++}`;
  return db.transaction(async (tx) => {
    await tx.exec('set local plan_cache_mode = force_generic_plan');
    await tx.exec(`prepare ${name} as ${sql}`);
    const rows = await tx.query<{ 'QUERY PLAN': unknown }>(
      `explain (format json) execute ${name}(${params.map(literal).join(', ')})`,
    );
    await tx.exec(`deallocate ${name}`);
    return rows;
  });
}
