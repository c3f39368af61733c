import { useEffect, useRef } from 'react';
import type { KakaoClient } from '#client/auth';
import { currentSearchParams, navigate } from '#client/browser';
import { copy } from '#lib/copy';
import { completeKakaoSignIn } from '#stores/session';
import styles from './AuthReturn.module.css';

/**
 * The /auth return of the Kakao login: shows only a small loading indicator while the session store
 * finishes the sign-in, then replaces the history entry with `/`, `/signup` or `/login?error=…`.
 */
export function AuthReturn(client: KakaoClient) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void completeKakaoSignIn(client, currentSearchParams()).then((to) => navigate(to, { replace: true }));
  }, [client]);
  return (
    <div className={styles['wrap']} role="status" aria-live="polite">
      <span className={styles['spinner']} aria-hidden="true" />
      <span className="sr-only">{copy.authReturn.loading}</span>
    </div>
  );
}
