// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/lib/precompress.mjs';
import { productionReact } from './scripts/lib/production-react.mjs';
import { tagIslands } from './scripts/lib/tag-islands.mjs';

/**
 * `client:painted`: hydrate after the largest paint and an idle moment, when on screen
 * (src/client/directives/painted.ts, decision 019).
 */
const paintedDirective = {
  name: 'damabwa-client-painted',
  hooks: {
    'astro:config:setup': (
      /** @type {{ addClientDirective: (d: { name: string, entrypoint: string }) => void }} */ { addClientDirective },
    ) => addClientDirective({ name: 'painted', entrypoint: './src/client/directives/painted.ts' }),
  },
};

/**
 * The server build emits src/server/app.ts as an entry of its own with a fixed name, dist/server/app.mjs,
 * beside the adapter's entry.mjs: scripts/server.mjs imports both (Rollup's `emitFile`, in the same bundle
 * as Astro's render, so the two share every module: configuration, database, page cache).
 */
/** @type {import('vite').Plugin} */
const serverAppEntry = {
  name: 'damabwa-server-app-entry',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'ssr',
  buildStart() {
    this.emitFile({
      type: 'chunk',
      id: fileURLToPath(new URL('./src/server/app.ts', import.meta.url)),
      fileName: 'app.mjs',
    });
  },
};

/** Vite's inlining rule: Astro's import-free component scripts under 2 KB (Astro asks only for those); no asset. */
const inlineOnlySmallScripts = (/** @type {string} */ path, /** @type {Buffer} */ content) =>
  /_astro_type_script_index_\d+_lang/.test(path) && content.byteLength < 2048;

// The production server (scripts/server.mjs) wraps Astro's handler, so the adapter builds to
// middleware: static files, media, cache hits, the body limit, compression, request ids and graceful
// shutdown come before it (src/server/http/node-server.ts, decision 022).
// Pages are rendered whole, not streamed (decision 008, round 6): a page renders in a few milliseconds,
// so streaming gains the browser nothing, and its chunks cost a web stream, a compression call and a
// socket write each (uncached pages +25-60 % req/s without it).
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware', bodySizeLimit: 40 * 1024 * 1024, experimentalDisableStreaming: true }),
  integrations: [react(), precompress(), paintedDirective],
  // Public pages and the anonymous list answers: our provider (src/server/cache/provider.ts, decision 009)
  // keeps them by tag; routes set their tags with Astro.cache.set, writes invalidate with cache.invalidate.
  cache: { provider: { name: 'damabwa-page-cache', entrypoint: './src/server/cache/provider.ts' } },
  // Bearer tokens, no cookies: no CSRF surface, so Astro's origin check stays off (API clients send no Origin).
  // CSP: Astro hashes every script and style it emits into a <meta> policy; pages add hosts they need
  // (Kakao token exchange on /auth, the postcode widget on the page editor) with Astro.csp at runtime.
  security: {
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self' blob:",
      ],
      scriptDirective: { resources: ["'self'"] },
      styleDirective: { resources: ["'self'"] },
    },
  },
  server: { port: 4321, host: true },
  devToolbar: { enabled: false },
  // No Markdown code blocks here; Shiki's inline styles would not pass the CSP anyway.
  markdown: { syntaxHighlight: false },
  // Every page's own CSS is inline (Astro hashes it into the CSP): a stylesheet fetched after the document
  // is a round trip before the first paint (decision 019). Pretendard's 48 KB of @font-face rules are not
  // page CSS: FontLoader adds them after load. Vite inlines nothing: fonts, pictures and the font
  // stylesheet stay files (font-src 'self', cacheable). Small component scripts that import nothing are
  // inline (Astro hashes them into the CSP): a script file the parser finds is fetched at high priority,
  // and Lighthouse's simulation counts it before the first paint (decision 019); the bench counts
  // inline module scripts into the JavaScript budget as it counts the files.
  build: { inlineStylesheets: 'always' },
  vite: {
    build: { assetsInlineLimit: inlineOnlySmallScripts },
    plugins: [productionReact(), tagIslands(), serverAppEntry],
  },
});
