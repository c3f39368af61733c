/**
 * Named statements for the PostgreSQL driver (decision 008, "Statements parsed once"): node-postgres
 * prepares a statement once per connection when its query config carries a `name` (its public
 * `{ name, text, values }`), and runs it by name after. One name per SQL text, the same in every pool.
 * PGlite runs every statement unnamed (decision 021).
 */

/** Distinct SQL texts named; past it a text runs unnamed. Our code has a few hundred at most. */
export const MAX_PREPARED = 500;

/** PostgreSQL's answer when a table a prepared `select *` reads has changed shape (a migration). */
export const CACHED_PLAN_CHANGED = '0A000';

/** SQL text → statement name. */
const names = new Map<string, string>();

/**
 * The statement's name; null (unnamed, parsed every time) once MAX_PREPARED texts are named, since a
 * name cannot be closed on every pooled connection.
 */
export function statementName(sql: string): string | null {
  const known = names.get(sql);
  if (known !== undefined) return known;
  if (names.size >= MAX_PREPARED) return null;
  const name = `d${names.size}`;
  names.set(sql, name);
  return name;
}
