/**
 * Members' writes that change what `members.ts` keeps: applied here at once, then told to the other
 * instances (`bus.ts`; nothing to tell on PGlite). A failure to tell is logged, never the writer's error:
 * the other instances' copies still end within the principal TTL or the shared answers' max age.
 */
import { log } from '#server/log';
import { publishMemberNews, type MemberNews } from './bus';
import type { Queryable } from '#server/db/client';
import {
  applyToggle,
  forgetChainsHere,
  forgetMembersHere,
  loadSavedIds,
  savedIds,
  type SaveKind,
  type Toggle,
} from './members';

async function tell(news: MemberNews): Promise<void> {
  await publishMemberNews(news).catch((err: unknown) =>
    log('warn', 'member state not published', { error: err instanceof Error ? err.message : String(err) }),
  );
}

/** The member changed (profile, registration, roles, withdrawal): their principal is read again. */
export async function memberChanged(ids: readonly number[]): Promise<void> {
  forgetMembersHere(ids);
  await tell({ members: [...ids] });
}

/** Sessions ended (logout, replay detected): their access tokens stop working on every instance. */
export async function sessionsEnded(chains: readonly string[]): Promise<void> {
  if (chains.length === 0) return;
  forgetChainsHere(chains);
  await tell({ chains: [...chains] });
}

/** A member saved or unsaved something; `count` is the item's save count right after. */
export async function saveToggled(t: Omit<Toggle, 'at'>): Promise<void> {
  const toggle: Toggle = { ...t, at: Date.now() };
  applyToggle(toggle);
  await tell({ toggles: [toggle] });
}

/**
 * Writes that never change the caller's member row (roles, type, nickname, existence): the frequent ones.
 * Any other write by a member forgets their kept principal, so a new rule needs no list here to be safe.
 */
const NEVER_CHANGE_MEMBER = [
  /^\/api\/v1\/(promotions|photographers)\/\d+\/(save|unsave)$/,
  /^\/api\/v1\/files$/,
  /^\/api\/v1\/promotions(\/\d+)?$/,
  /^\/api\/v1\/reports$/,
];

export function mayChangeMember(method: string, pathname: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  return !NEVER_CHANGE_MEMBER.some((r) => r.test(pathname));
}

const loading = new Set<number>();

/** Loads the member's saved ids in the background when they are not kept yet (one load at a time). */
export function warmSavedIds(db: Queryable, member: number, kind: SaveKind): void {
  if (savedIds(member, kind) || loading.has(member)) return;
  loading.add(member);
  loadSavedIds(db, member)
    .catch((err: unknown) =>
      log('warn', 'saved ids not loaded', { error: err instanceof Error ? err.message : String(err) }),
    )
    .finally(() => loading.delete(member));
}
