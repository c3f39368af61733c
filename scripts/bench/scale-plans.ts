/**
 * The plans of the scale table's queries (decision 020): each list API path given on the command line is
 * parsed as the endpoint parses it, `listPromotions` runs on a recording connection with no kept total,
 * and every statement it sent is run again under `explain (analyze, buffers)`.
 * Prints one JSON line per statement: the path, whether it counts or reads the page, its plan nodes (type, index, actual rows)
 * and its execution time. Opens the server's database (stop the server first on PGlite).
 *   tsx scripts/bench/scale-plans.ts '/api/v1/promotions/list?sortType=POPULAR' …
 */
import { getConfig } from '#server/config';
import type { SqlParam } from '#server/db/client';
import { openDatabase } from '#server/db/index';
import { parsePromotionFilter } from '#server/http/list-query';
import { clearPromotionCounts } from '#server/services/promotion-counts';
import { listPromotions } from '#server/services/promotion-lists';
import { runDbCommand } from '../lib/db-command';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** `Node[index] rows×loops`, depth first, children in brackets. */
function describe(n: PlanNode): string {
  const name = n['Index Name'] ?? n['Relation Name'];
  const self = `${n['Node Type']}${name ? `[${name}]` : ''} ${n['Actual Rows'] ?? '?'}×${n['Actual Loops'] ?? '?'}`;
  return n.Plans?.length ? `${self} (${n.Plans.map(describe).join(', ')})` : self;
}

runDbCommand(
  () => openDatabase(getConfig()),
  async (db) => {
    for (const path of process.argv.slice(2)) {
      const url = new URL(path, 'http://bench');
      const statements: { sql: string; params: readonly SqlParam[] }[] = [];
      clearPromotionCounts();
      await listPromotions(
        {
          query: (sql, params = []) => {
            statements.push({ sql, params });
            return db.query(sql, params);
          },
        },
        parsePromotionFilter(url.searchParams),
        { page: 0, pageSize: 10 },
        null,
      );
      for (const s of statements) {
        const [row] = await db.query<{ 'QUERY PLAN': unknown }>(
          `explain (analyze, buffers, format json) ${s.sql}`,
          s.params,
        );
        const raw = row?.['QUERY PLAN'];
        const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
          Plan: PlanNode;
          'Execution Time': number;
        }[];
        if (!plan) continue;
        const top = plan.Plan;
        console.log(
          JSON.stringify({
            path,
            statement: /count\(\*\)/.test(s.sql) ? 'count' : /\bfrom members\b/.test(s.sql) ? 'authors' : 'page',
            plan: describe(top),
            ms: Number(plan['Execution Time'].toFixed(2)),
            buffers: (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0),
          }),
        );
      }
    }
  },
);
