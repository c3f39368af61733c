import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/server/config';

const prodBase = {
  APP_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@db/damabwa',
  JWT_SECRET: 'x'.repeat(40),
  PUBLIC_ORIGIN: 'https://damabwa.kr',
  KAKAO_REST_API_KEY: 'key',
  SEED_DEMO_DATA: 'false',
};

describe('parseConfig', () => {
  it('has demo defaults: embedded database, stand-in on, seeding on', () => {
    const c = parseConfig({});
    expect(c.mode).toBe('demo');
    expect(c.databaseUrl).toBeNull();
    expect(c.pgliteDir).toBe('./data/db');
    expect(c.kakao.standIn).toBe(true);
    expect(c.kakao.authBase).toBe('http://localhost:4321/dev/kakao');
    expect(c.seedDemoData).toBe(true);
    expect(c.port).toBe(4321);
  });

  it('uses an in-memory database in test mode', () => {
    expect(parseConfig({ APP_ENV: 'test' }).pgliteDir).toBe('memory://');
  });

  it('accepts a complete production configuration and talks to the real Kakao', () => {
    const c = parseConfig(prodBase);
    expect(c.mode).toBe('production');
    expect(c.kakao.standIn).toBe(false);
    expect(c.kakao.authBase).toBe('https://kauth.kakao.com');
    expect(c.postcodeScriptUrl).toMatch(/^https:\/\//);
  });

  it.each([
    ['DATABASE_URL', { DATABASE_URL: '' }],
    ['JWT_SECRET', { JWT_SECRET: '' }],
    ['JWT_SECRET', { JWT_SECRET: 'short' }],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: '' }],
    ['KAKAO_STANDIN', { KAKAO_STANDIN: 'true' }],
    ['SEED_DEMO_DATA', { SEED_DEMO_DATA: 'true' }],
  ])('refuses production without a proper %s', (key, patch) => {
    expect(() => parseConfig({ ...prodBase, ...patch })).toThrow(ConfigError);
    try {
      parseConfig({ ...prodBase, ...patch });
    } catch (err) {
      expect((err as ConfigError).problems.join('\n')).toContain(key);
    }
  });

  it('reports malformed values', () => {
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseConfig({ APP_ENV: 'staging' })).toThrow(/APP_ENV/);
    expect(() => parseConfig({ KAKAO_STANDIN: 'maybe' })).toThrow(/KAKAO_STANDIN/);
    expect(() => parseConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
  });

  it('reads CORS_ORIGINS as a list of origins, empty by default', () => {
    expect(parseConfig({}).corsOrigins).toEqual([]);
    expect(
      parseConfig({ CORS_ORIGINS: ' https://App.Example , http://localhost:5173/,https://app.example' }).corsOrigins,
    ).toEqual(['https://app.example', 'http://localhost:5173']);
    for (const bad of ['*', 'app.example', 'https://app.example/path', 'ftp://app.example', 'https://u:p@app.example'])
      expect(() => parseConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
  });

  it('reads ACCESS_TOKEN_TTL_SECONDS, 30 minutes by default', () => {
    expect(parseConfig({}).accessTokenTtlSeconds).toBe(1800);
    expect(parseConfig({ ACCESS_TOKEN_TTL_SECONDS: '86400' }).accessTokenTtlSeconds).toBe(86400);
    expect(() => parseConfig({ ACCESS_TOKEN_TTL_SECONDS: '10' })).toThrow(/ACCESS_TOKEN_TTL_SECONDS/);
  });

  it('reads footer contact data from the environment', () => {
    const c = parseConfig({ SITE_REPRESENTATIVE: '홍길동', SITE_EMAIL: 'hi@example.com', SITE_PHONE: '02-123-4567' });
    expect(c.site).toMatchObject({ representative: '홍길동', email: 'hi@example.com', phone: '02-123-4567' });
  });
});
