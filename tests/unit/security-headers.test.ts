import { describe, expect, it } from 'vitest';
import { mergeCsp, securityHeaders } from '#server/http/headers';

describe('securityHeaders (pure)', () => {
  it('sends HSTS for an HTTPS request or an HTTPS public origin, never otherwise', () => {
    const hsts = (url: string, origin: string) =>
      securityHeaders(new URL(url), false, origin)['Strict-Transport-Security'];
    expect(hsts('https://damabwa.kr/', 'https://damabwa.kr')).toMatch(/max-age=31536000/);
    // Behind a TLS-terminating proxy the app sees http; the public origin says how people reach it.
    expect(hsts('http://10.0.0.5:4321/', 'https://damabwa.kr')).toMatch(/max-age=31536000/);
    expect(hsts('http://localhost:4321/', 'http://localhost:4321')).toBeUndefined();
  });

  it('locks API answers down harder than pages, and both refuse framing', () => {
    const api = securityHeaders(new URL('http://x/api/v1/x'), true, 'http://x');
    const page = securityHeaders(new URL('http://x/'), false, 'http://x');
    expect(api['Content-Security-Policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(page['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    for (const h of [api, page]) {
      expect(h['X-Content-Type-Options']).toBe('nosniff');
      expect(h['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
      expect(h['Permissions-Policy']).toContain('camera=()');
    }
  });

  it("keeps a page's own directives (Astro's hashes) and only adds the missing ones", () => {
    const merged = mergeCsp(
      "script-src 'self' 'sha256-abc'; base-uri 'none'",
      "frame-ancestors 'none'; base-uri 'self'",
    );
    expect(merged).toBe("script-src 'self' 'sha256-abc'; base-uri 'none'; frame-ancestors 'none'");
  });
});
