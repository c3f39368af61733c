import { describe, expect, it } from 'vitest';
import { allowedOrigin, corsHeadersFor, preflight } from '#server/http/cors';
import { withVary } from '#server/http/vary';

const LIST = ['https://app.example', 'http://localhost:4412'];

describe('CORS headers', () => {
  it('name a listed origin on the API and the stand-in token endpoint, with Vary: Origin', () => {
    for (const path of ['/api/v1/promotions/list', '/dev/kakao/oauth/token']) {
      expect(corsHeadersFor('https://app.example', path, LIST)).toEqual({
        Vary: 'Origin',
        'Access-Control-Allow-Origin': 'https://app.example',
        'Access-Control-Expose-Headers': 'Location, Retry-After, X-Request-Id',
      });
    }
  });

  it('give an unlisted origin only Vary, pages nothing, and nothing without a list', () => {
    expect(corsHeadersFor('https://evil.example', '/api/v1/promotions/list', LIST)).toEqual({ Vary: 'Origin' });
    expect(corsHeadersFor(null, '/api/v1/promotions/list', LIST)).toEqual({ Vary: 'Origin' });
    expect(corsHeadersFor('https://app.example', '/events', LIST)).toEqual({});
    expect(corsHeadersFor('https://app.example', '/dev/kakao/oauth/authorize', LIST)).toEqual({});
    expect(corsHeadersFor('https://app.example', '/api/v1/promotions/list', [])).toEqual({});
  });

  it('compare origins case-insensitively and exactly otherwise', () => {
    expect(allowedOrigin('HTTPS://APP.EXAMPLE', LIST)).toBe('https://app.example');
    expect(allowedOrigin('https://app.example:443x', LIST)).toBeNull();
    expect(allowedOrigin('https://app.example.evil', LIST)).toBeNull();
    expect(allowedOrigin('null', LIST)).toBeNull();
  });

  it('merge a name into Vary once', () => {
    expect(withVary(null, 'Origin')).toBe('Origin');
    expect(withVary('Accept-Encoding', 'Origin')).toBe('Accept-Encoding, Origin');
    expect(withVary('origin, Accept-Encoding', 'Origin')).toBe('origin, Accept-Encoding');
    expect(withVary('*', 'Origin')).toBe('*');
    // As node's getHeader gives it: a list, or nothing.
    expect(withVary(['Origin', 'Cookie'], 'Accept-Encoding')).toBe('Origin, Cookie, Accept-Encoding');
    expect(withVary(undefined, 'Accept-Encoding')).toBe('Accept-Encoding');
  });
});

describe('preflight', () => {
  const request = (origin: string, method = 'OPTIONS', path = '/api/v1/promotions') =>
    new Request(`http://x${path}`, { method, headers: { origin, 'access-control-request-method': 'POST' } });

  it('answers a listed origin 204 with methods, headers and max age', () => {
    const res = preflight(request('http://localhost:4412'), LIST);
    expect(res?.status).toBe(204);
    expect(res?.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(res?.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
    expect(res?.headers.get('access-control-max-age')).toBe('600');
    expect(res?.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('leaves anything else to the app', () => {
    expect(preflight(request('https://evil.example'), LIST)).toBeNull();
    expect(preflight(request('https://app.example', 'GET'), LIST)).toBeNull();
    expect(preflight(request('https://app.example', 'OPTIONS', '/events'), LIST)).toBeNull();
    expect(preflight(new Request('http://x/api/v1/promotions', { method: 'OPTIONS' }), LIST)).toBeNull();
  });
});
