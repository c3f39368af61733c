/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by scripts/server.mjs (or the middleware in dev): echoed as X-Request-Id and in every log line. */
    requestId: string;
    /** The member resolved from a valid bearer access token; null for anonymous requests. */
    // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- an ambient file cannot use import statements
    user: import('./server/auth/principal').Principal | null;
  }
}
