// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

// The production server (scripts/server.mjs) wraps Astro's handler, so the adapter builds to
// middleware: compression, static caching, request ids and graceful shutdown live in our entry.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware', bodySizeLimit: 40 * 1024 * 1024 }),
  integrations: [react()],
  security: { checkOrigin: false },
  server: { port: 4321, host: true },
  devToolbar: { enabled: false },
  build: { inlineStylesheets: 'never' },
  vite: { build: { assetsInlineLimit: 0 } },
});
