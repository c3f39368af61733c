/**
 * Session reads for islands that match the server's HTML: the first (hydration) render sees the
 * signed-out values the server rendered, the stored session follows right after mount.
 */
import { useStore } from '@nanostores/react';
import { SIGNED_OUT_USER, type SessionUser } from '#client/auth';
import { $sessionUser } from '#stores/session';

export function useSessionUser(): SessionUser {
  return useStore($sessionUser, { ssr: () => SIGNED_OUT_USER });
}
