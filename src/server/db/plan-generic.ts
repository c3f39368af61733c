/**
 * A statement planned for any values (decision 008). The PostgreSQL driver plans every call
 * that has parameters for its values (`plan_cache_mode = force_custom_plan`): a list's walk-or-sort
 * choice depends on them. A statement whose only parameters are ids and the page's sizes has one good
 * plan whatever they are (an event by its key, a photographer's page by theirs), and planning it on
 * every call was half its cost (the photographer page's statement: 0.48 → 0.23 ms).
 *
 * The mark is a comment at the start of the SQL text, so it travels with the statement through every
 * helper and shows in the server's statistics. The PostgreSQL driver runs it on a small pool of its
 * own whose connections are set to `force_generic_plan` (`client.ts`), where the named statement keeps
 * its generic plan: switching the mode on a shared connection would cost two more round trips
 * (decision 008: planning was 0.22 ms of the photographer page's statement there). On PGlite
 * a marked statement just runs: its statements are unnamed, planned for their values (decision 021).
 */
const GENERIC_PLAN_MARK = '/* plan: generic */';

/** `sql`, marked to be planned once for any values. */
export function planGeneric(sql: string): string {
  return sql.startsWith(GENERIC_PLAN_MARK) ? sql : `${GENERIC_PLAN_MARK} ${sql}`;
}

export function isPlannedGeneric(sql: string): boolean {
  return sql.startsWith(GENERIC_PLAN_MARK);
}
