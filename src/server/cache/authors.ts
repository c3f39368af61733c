/**
 * Authors' card fields (nickname, profile picture, roles, Instagram id), kept per instance so that an
 * event list reads its page without joining `members` (decision 008, round 15): the join and its
 * columns were a quarter of the list statement on PGlite, and a page names a few authors that every
 * other page names again.
 *
 * Exact as long as this instance hears every member change, as a member's kept principal is
 * (`members.ts`): a member's own writes, the other instances' (bus) and the admin command's all forget
 * the member here, and a gap in what the bus hears forgets everyone. AUTHOR_TTL_MS is the safety net.
 * A lookup that began before a forget does not keep what it read.
 */
import type { Image, Role } from '#lib/domain';
import type { Queryable } from '#server/db/client';

/** An author's card fields, as the list rows name them. */
export interface AuthorRow {
  a_nickname: string;
  a_profile_image: Image | null;
  a_roles: Role[];
  a_instagram_id: string | null;
}

/** The same fields in a statement that joins `members m` itself (a member's saved events, a photographer's). */
export const AUTHOR_COLUMNS = `m.nickname as a_nickname, m.profile_image as a_profile_image, m.roles as a_roles,
  m.instagram_id as a_instagram_id`;

const AUTHOR_TTL_MS = 5 * 60_000;
const MAX_AUTHORS = 20_000;

const kept = new Map<number, { row: AuthorRow; at: number }>();
/** Bumped by every forget: a lookup that began before it does not keep what it read. */
let generation = 0;
/** False while this instance may miss member changes (the bus is not hearing): nothing is kept. */
let usable = true;

/** Forgets these authors (they changed, or withdrew). */
export function forgetAuthors(ids: readonly number[]): void {
  if (ids.length === 0) return;
  generation++;
  for (const id of ids) kept.delete(id);
}

/** Forgets every author; `hearing` false keeps nothing until it is true again. */
export function resetAuthors(hearing = usable): void {
  generation++;
  usable = hearing;
  kept.clear();
}

/**
 * The card fields of these authors: kept ones as they are, the others in one statement (then kept).
 * An id that names no member (withdrawn a moment ago: their events are gone too) is absent.
 */
export async function authorRows(
  db: Queryable,
  ids: Iterable<number>,
  now = Date.now(),
): Promise<Map<number, AuthorRow>> {
  const out = new Map<number, AuthorRow>();
  const missing: number[] = [];
  for (const id of new Set(ids)) {
    const k = kept.get(id);
    if (k && now - k.at < AUTHOR_TTL_MS) out.set(id, k.row);
    else missing.push(id);
  }
  if (missing.length === 0) return out;
  const gen = generation;
  const rows = await db.query<AuthorRow & { id: number }>(
    `select m.id, ${AUTHOR_COLUMNS} from members m where m.id = any($1::int[])`,
    [missing],
  );
  const keep = gen === generation && usable;
  for (const { id, ...row } of rows) {
    out.set(id, row);
    if (!keep) continue;
    if (kept.size >= MAX_AUTHORS) {
      const oldest = kept.keys().next().value;
      if (oldest !== undefined) kept.delete(oldest);
    }
    kept.delete(id);
    kept.set(id, { row, at: now });
  }
  return out;
}
