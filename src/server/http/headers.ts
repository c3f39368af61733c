import { getConfig } from '#server/config';

/**
 * Security headers for every response. Script and style hashes come from Astro's CSP <meta>; this
 * header adds what a meta tag cannot carry (frame-ancestors) and the fallbacks for API answers.
 * HSTS goes out when the request came over HTTPS or the site's public origin is HTTPS: behind a
 * TLS-terminating proxy the app itself only sees http, and browsers ignore HSTS received over http.
 */
export function securityHeaders(
  url: URL,
  isApi: boolean,
  publicOrigin = getConfig().publicOrigin,
): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': isApi
      ? "default-src 'none'; frame-ancestors 'none'"
      : "frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
  };
  if (url.protocol === 'https:' || publicOrigin.startsWith('https:'))
    headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/** Adds the directives of `extra` that `policy` does not have yet (by directive name). */
export function mergeCsp(policy: string, extra: string): string {
  const names = new Set(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/)[0]?.toLowerCase())
      .filter(Boolean),
  );
  const added = extra
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !names.has(d.split(/\s+/)[0]?.toLowerCase()));
  return [policy.trim().replace(/;\s*$/, ''), ...added].join('; ');
}
