/**
 * The web app manifest: what a phone needs to put 담아봐 on its home screen (Korean name, the logo's
 * icons, the spec's brand violet, standalone, opening on home). Written to public/manifest.webmanifest
 * by scripts/make-app-icons.ts; every page links it from its head (src/layouts/BaseLayout.astro).
 */
import { copy } from './copy';
import { THEME_BRAND, THEME_LOGIN } from './theme';

export function webAppManifest() {
  return {
    id: '/',
    name: `${copy.appName} - ${copy.tagline}`,
    short_name: copy.appName,
    description: copy.manifestDescription,
    lang: 'ko',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    // The top bar's violet on home (the address bar's colour there), the login violet behind the splash.
    theme_color: THEME_BRAND,
    background_color: THEME_LOGIN,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
