/**
 * The home page's behaviour (spec §2 Home), loaded after its largest paint (src/islands/AfterPaint.tsx).
 */
import { hasAccessToken } from '#client/auth';
import { rememberIsMobile } from '#lib/is-mobile';
import { openLoginRequired } from '#stores/ui';

export function startHomePage(): void {
  // Details open in the same window on mobile, in a new one otherwise.
  if (!rememberIsMobile()) {
    for (const a of document.querySelectorAll<HTMLAnchorElement>('a[data-detail-link]')) {
      a.target = '_blank';
      a.rel = 'noopener';
    }
  }

  // The my-page icon needs a stored access token; otherwise the login-required dialog.
  document.querySelector('[data-mypage-link]')?.addEventListener('click', (e) => {
    if (hasAccessToken()) return;
    e.preventDefault();
    openLoginRequired('myPage');
  });

  // Session refresh on home load when a token is stored; errors are ignored. The session store and the
  // API client load only then, so a first-time visitor downloads neither.
  if (hasAccessToken()) {
    import('#stores/session').then(({ refreshSession }) => refreshSession()).catch(() => undefined);
  }
}
