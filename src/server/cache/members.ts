/**
 * Members' own state, kept per instance so that a member's list answer needs no database round trip
 * (`member-lists.ts`): who a verified access token is (its principal), and what the member saved.
 *
 * - Principals are kept by token for at most PRINCIPAL_TTL_MS (and never past the token's expiry). They
 *   are forgotten at once, here and on the other instances (bus), when the member changes (any write of
 *   theirs that is not a save), withdraws, or when their session's chain is revoked (logout, a replayed
 *   refresh token). The TTL is the safety net for changes made outside the app (`npm run admin` on
 *   PGlite, which has no bus). The member's card fields as an event's author (`authors.ts`) are
 *   forgotten with them.
 * - A member's saved ids are loaded once and then kept exact by every save and unsave (made here, or on
 *   another instance and told through the bus). The recent toggles are kept too, with the save count each
 *   one left, so a member sees their own save in the count at once although shared answers may lag.
 *   Every toggle since `togglesKnownSince()` is known here: a shared answer rendered before that time
 *   cannot be corrected and the caller falls back to the database.
 */
import type { Principal } from '#server/auth/principal';
import type { Queryable } from '#server/db/client';
import { forgetAuthors, resetAuthors } from './authors';

export type SaveKind = 'promotion' | 'photographer';

/** A save or unsave, and the item's save count right after it. */
export interface Toggle {
  member: number;
  kind: SaveKind;
  id: number;
  saved: boolean;
  count: number;
  at: number;
}

const PRINCIPAL_TTL_MS = 30_000;
const MAX_TOKENS = 20_000;
const MAX_SAVED_SETS = 20_000;
/** Longer than any shared answer is served (max age + stale window): older toggles correct nothing. */
const TOGGLE_KEEP_MS = 5 * 60_000;

interface KnownToken {
  principal: Principal;
  sid: string | null;
  expiresAt: number;
  at: number;
}

const tokens = new Map<string, KnownToken>();
/**
 * False while this instance may be missing news (PostgreSQL: the bus is not listening): nothing kept is
 * used, so every member request goes to the database, which answers or fails as it would without us.
 */
let usable = true;

/** The bus says whether it hears the other instances (always true on PGlite, which has no bus). */
export function setMemberStateUsable(hearing: boolean, now = Date.now()): void {
  if (hearing === usable) return;
  usable = hearing;
  // Whatever was kept before a gap may have missed a logout or a save: start again after it.
  resetMemberState(now);
}
/** Bumped by every forget: a lookup that began before it does not store what it read. */
let generation = 0;

export function principalGeneration(): number {
  return generation;
}

/** The principal of a token verified earlier, or undefined (unknown, expired, or kept too long). */
export function knownPrincipal(token: string, now = Date.now()): Principal | undefined {
  if (!usable) return undefined;
  const k = tokens.get(token);
  if (!k) return undefined;
  if (now >= k.expiresAt || now - k.at > PRINCIPAL_TTL_MS) {
    tokens.delete(token);
    return undefined;
  }
  return k.principal;
}

/** Keeps a principal just read from the database, unless something was forgotten since `gen`. */
export function rememberPrincipal(
  token: string,
  principal: Principal,
  sid: string | null,
  expiresAt: number,
  gen: number,
  now = Date.now(),
): void {
  if (gen !== generation || !usable) return;
  if (tokens.size >= MAX_TOKENS) {
    const oldest = tokens.keys().next().value;
    if (oldest !== undefined) tokens.delete(oldest);
  }
  tokens.set(token, { principal, sid, expiresAt, at: now });
}

/** Forgets these members' principals (here only; `forget` in `member-events.ts` also tells the others). */
export function forgetMembersHere(ids: readonly number[]): void {
  if (ids.length === 0) return;
  generation++;
  const gone = new Set(ids);
  for (const [t, k] of tokens) if (gone.has(k.principal.id)) tokens.delete(t);
  for (const id of ids) {
    sets.delete(id);
    toggles.delete(id);
  }
  forgetAuthors(ids);
}

/** Forgets the principals of tokens of these sessions (refresh chains). */
export function forgetChainsHere(chains: readonly string[]): void {
  if (chains.length === 0) return;
  generation++;
  const gone = new Set(chains);
  for (const [t, k] of tokens) if (k.sid !== null && gone.has(k.sid)) tokens.delete(t);
}

interface SavedSet {
  promotion: Set<number>;
  photographer: Set<number>;
}

const sets = new Map<number, SavedSet>();
/** Each member's recent toggles, oldest first. */
const toggles = new Map<number, Toggle[]>();
let knownSince = Date.now();

/** Every toggle made since this time is known here (instance start, or the bus's last reconnect). */
export function togglesKnownSince(): number {
  return knownSince;
}

/** After a gap in what this instance heard (the bus reconnected): nothing before now is known. */
export function resetMemberState(now = Date.now()): void {
  knownSince = now;
  sets.clear();
  toggles.clear();
  tokens.clear();
  generation++;
  resetAuthors(usable);
}

/** Records a save or unsave (made here or on another instance). */
export function applyToggle(t: Toggle, now = Date.now()): void {
  let list = toggles.get(t.member);
  if (!list) toggles.set(t.member, (list = []));
  list.push(t);
  while (list.length > 0 && (list[0]?.at ?? now) < now - TOGGLE_KEEP_MS) list.shift();
  if (toggles.size > MAX_SAVED_SETS) pruneToggles(now);
  const set = sets.get(t.member);
  if (set) {
    if (t.saved) set[t.kind].add(t.id);
    else set[t.kind].delete(t.id);
  }
}

function pruneToggles(now: number): void {
  for (const [member, list] of toggles) {
    if ((list[list.length - 1]?.at ?? 0) < now - TOGGLE_KEEP_MS) toggles.delete(member);
  }
}

/** The member's saved ids of a kind, or undefined when not loaded here. */
export function savedIds(member: number, kind: SaveKind): ReadonlySet<number> | undefined {
  return usable ? sets.get(member)?.[kind] : undefined;
}

/** The count the member's own latest toggle of this item left, when it came after `since`. */
export function ownCount(member: number, kind: SaveKind, id: number, since: number): number | undefined {
  const list = toggles.get(member);
  if (!list) return undefined;
  for (let i = list.length - 1; i >= 0; i--) {
    const t = list[i];
    if (!t || t.at <= since) return undefined;
    if (t.kind === kind && t.id === id) return t.count;
  }
  return undefined;
}

/** Reads the member's saved ids from the database and keeps them (with any toggle heard meanwhile). */
export async function loadSavedIds(db: Queryable, member: number): Promise<void> {
  const rows = await db.query<{ kind: SaveKind; id: number }>(
    `select 'promotion' as kind, promotion_id as id from promotion_saves where member_id = $1
     union all
     select 'photographer' as kind, photographer_id as id from photographer_saves where member_id = $1`,
    [member],
  );
  const set: SavedSet = { promotion: new Set(), photographer: new Set() };
  for (const r of rows) set[r.kind].add(Number(r.id));
  // A toggle heard while the query ran may or may not be in its answer: applying it again is exact.
  for (const t of toggles.get(member) ?? []) {
    if (t.saved) set[t.kind].add(t.id);
    else set[t.kind].delete(t.id);
  }
  if (sets.size >= MAX_SAVED_SETS) {
    const oldest = sets.keys().next().value;
    if (oldest !== undefined) sets.delete(oldest);
  }
  sets.set(member, set);
}

export function clearMemberState(): void {
  usable = true;
  resetMemberState();
}
