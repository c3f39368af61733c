/**
 * A statement planned once (decision 008). The PostgreSQL driver keeps each SQL text as a
 * named statement, and `plan_cache_mode = force_custom_plan` plans every call that has parameters, so
 * a list whose plan depends on its values is planned for them. A statement without parameters is
 * planned once and its plan kept (PostgreSQL gives such a statement its cached plan whatever the mode;
 * a change of the tables' statistics invalidates it). The home page's one statement spent 0.58 ms of
 * its 0.8 ms planning; written with its values, it costs 0.2 ms. On PGlite, whose statements are
 * unnamed (decision 021), it is planned on every call like any other.
 *
 * Only for values the server chooses from a small set (today's date, the page's sizes): each distinct
 * text is a statement kept, so a value a visitor chooses (a keyword, an id, a page number) stays a
 * parameter. Only whole numbers and `YYYY-MM-DD` dates are written; anything else is refused.
 */
import type { SqlParam } from './client';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function literal(value: SqlParam, n: number): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value < 0 ? `(${value})` : String(value);
  if (typeof value === 'string' && DATE.test(value)) return `'${value}'`;
  throw new Error(`planOnce: $${n} is not a whole number or a date`);
}

/** `sql` with every `$n` replaced by its value from `params` (the statement then has none). */
export function planOnce(sql: string, params: readonly SqlParam[]): string {
  return sql.replace(/\$(\d+)\b/g, (_match, digits: string) => {
    const n = Number(digits);
    if (n < 1 || n > params.length) throw new Error(`planOnce: $${n} has no value`);
    return literal(params[n - 1] as SqlParam, n);
  });
}
