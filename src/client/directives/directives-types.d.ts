// The project's own client directive (painted.ts in this folder, registered in astro.config.mjs), for `astro check`.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** A selector: also hydrate at the first touch, key or focus on what it matches (painted.ts). */
    'client:painted'?: boolean | string;
  }
}
