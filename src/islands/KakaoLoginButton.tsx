import { useState } from 'react';
import { createOAuthState, kakaoAuthorizeUrl, type KakaoClient } from '#client/auth';
import { currentSearchParams, navigate } from '#client/browser';
import { copy } from '#lib/copy';
import { rememberReturnPath } from '#lib/return-to';
import { useHydrated } from './hooks/useHydrated';
import styles from './KakaoLoginButton.module.css';

/**
 * Kakao's login button (yellow #FEE500, the speech-bubble symbol, 85% black label), drawn here.
 * A click remembers a random `state` for this tab and sends the browser to the authorize page; until
 * the island has hydrated the button is disabled, so an early tap is not silently lost.
 */
export function KakaoLoginButton(client: KakaoClient) {
  const ready = useHydrated();
  const [leaving, setLeaving] = useState(false);
  return (
    <button
      type="button"
      className={styles['button']}
      disabled={!ready}
      aria-busy={leaving}
      onClick={() => {
        setLeaving(true);
        // `next`: the page whose login prompt led here. A retry after a failed sign-in keeps the one
        // remembered before; a fresh visit to /login forgets it.
        const params = currentSearchParams();
        if (params.has('next') || !params.has('error')) rememberReturnPath(params.get('next'));
        navigate(kakaoAuthorizeUrl(client, createOAuthState()));
      }}
    >
      <svg className={styles['symbol']} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="#000"
          d="M12 3C6.477 3 2 6.463 2 10.735c0 2.754 1.862 5.17 4.663 6.541-.206.757-.745 2.744-.853 3.17-.134.528.194.521.407.379.167-.111 2.665-1.812 3.744-2.548.666.097 1.347.148 2.039.148 5.523 0 10-3.463 10-7.69C22 6.463 17.523 3 12 3z"
        />
      </svg>
      <span className={styles['label']}>{copy.login.kakao}</span>
    </button>
  );
}
