// The project's own client directive (painted.ts in this folder, registered in astro.config.mjs), for `astro check`.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    'client:painted'?: boolean;
  }
}
