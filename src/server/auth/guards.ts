/**
 * Access guards. The middleware only resolves who is calling; each protected endpoint or service calls
 * one of these. 401 when nobody is signed in, 403 REGISTRATION_REQUIRED when the member has not finished
 * signing up (every member action but registering, uploading its pictures, reading or deleting itself),
 * 403 ACCESS_DENIED when the role does not allow it.
 */
import { accessDenied, registrationRequired, unauthorized } from '#server/http/errors';
import type { Principal } from './principal';

type WithUser = { user: Principal | null };

/** Any signed-in member, registered or not. */
export function requireMember(locals: WithUser): Principal {
  if (!locals.user) throw unauthorized();
  return locals.user;
}

/** A member who completed registration (type USER or PHOTOGRAPHER). */
export function requireRegistered(locals: WithUser): Principal {
  const user = requireMember(locals);
  if (user.type === 'UNDEFINED') throw registrationRequired();
  return user;
}

export function requirePhotographer(locals: WithUser): Principal {
  const user = requireRegistered(locals);
  if (!user.roles.includes('PHOTOGRAPHER')) throw accessDenied('사진작가 회원만 이용할 수 있어요.');
  return user;
}

/** Posting events: PHOTOGRAPHER or ADMIN. */
export function requirePhotographerOrAdmin(locals: WithUser): Principal {
  const user = requireRegistered(locals);
  if (!user.roles.includes('PHOTOGRAPHER') && !user.roles.includes('ADMIN')) {
    throw accessDenied('사진작가 회원만 이벤트를 등록할 수 있어요.');
  }
  return user;
}

export function requireAdmin(locals: WithUser): Principal {
  const user = requireRegistered(locals);
  if (!user.roles.includes('ADMIN')) throw accessDenied('관리자만 이용할 수 있어요.');
  return user;
}

export const isAdmin = (p: Principal | null): boolean => p?.roles.includes('ADMIN') ?? false;
