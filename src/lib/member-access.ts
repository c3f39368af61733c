/**
 * Who may open each member page (spec §2, §6): every page needs a stored token (otherwise /login) and a
 * completed registration (otherwise /signup); some need a role, and the wrong role gets a Korean
 * message and is sent away. The server checks every call again; this only decides what the page shows.
 */
import { memberCopy } from './copy-member';
import type { MemberType, Role } from './domain';

export type MemberPageRequirement = 'member' | 'user' | 'photographer' | 'eventWriter';

export interface MemberIdentity {
  type: MemberType;
  roles: readonly Role[] | readonly string[];
}

export type AccessDecision =
  { kind: 'ok' } | { kind: 'signup' } | { kind: 'denied'; message: string; redirectTo: string };

/** A user with the PHOTOGRAPHER role is treated as a photographer (spec §6). */
export function isPhotographerMember(me: MemberIdentity): boolean {
  return me.roles.includes('PHOTOGRAPHER');
}

export function canWriteEvents(me: MemberIdentity): boolean {
  return me.roles.includes('PHOTOGRAPHER') || me.roles.includes('ADMIN');
}

export function memberPageAccess(me: MemberIdentity, requirement: MemberPageRequirement): AccessDecision {
  if (me.type === 'UNDEFINED') return { kind: 'signup' };
  const t = memberCopy.access;
  switch (requirement) {
    case 'member':
      return { kind: 'ok' };
    case 'user':
      // The user editor writes the user nickname rule; a photographer edits the business name instead.
      return isPhotographerMember(me) ? { kind: 'denied', message: t.userOnly, redirectTo: '/mypage' } : { kind: 'ok' };
    case 'photographer':
      return isPhotographerMember(me)
        ? { kind: 'ok' }
        : { kind: 'denied', message: t.photographerOnly, redirectTo: '/mypage' };
    case 'eventWriter':
      return canWriteEvents(me)
        ? { kind: 'ok' }
        : { kind: 'denied', message: t.eventWriterOnly, redirectTo: '/events' };
  }
}
