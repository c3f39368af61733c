import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '#server/config';

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

  it.each(['demo', 'test'])('refuses APP_ENV=%s with NODE_ENV=production, naming both', (appEnv) => {
    let problems = '';
    try {
      parseConfig({ APP_ENV: appEnv, NODE_ENV: 'production' });
    } catch (err) {
      problems = (err as ConfigError).problems.join('\n');
    }
    expect(problems).toContain(`APP_ENV=${appEnv}`);
    expect(problems).toContain('NODE_ENV=production');
    // Production itself, and demo outside production, still start.
    expect(parseConfig({ ...prodBase, NODE_ENV: 'production' }).mode).toBe('production');
    expect(parseConfig({ APP_ENV: appEnv, NODE_ENV: 'development' }).mode).toBe(appEnv);
  });

  it('listens on 127.0.0.1 in demo and test mode unless HOST says otherwise; production on all interfaces', () => {
    expect(parseConfig({}).host).toBe('127.0.0.1');
    expect(parseConfig({ APP_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(parseConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(parseConfig(prodBase).host).toBe('0.0.0.0');
  });

  it('reads the upload and database bounds', () => {
    const c = parseConfig({
      UPLOADS_IN_FLIGHT_PER_MEMBER: '1',
      UPLOADS_IN_FLIGHT_TOTAL: '3',
      DB_STATEMENT_TIMEOUT_MS: '2000',
      DB_LOCK_TIMEOUT_MS: '500',
      HEALTHZ_TIMEOUT_MS: '700',
    });
    expect(c.uploadsInFlight).toEqual({ perMember: 1, perAddress: 8, total: 3 });
    expect(c.dbTimeouts).toEqual({ statementMs: 2000, lockMs: 500, healthMs: 700 });
    expect(() => parseConfig({ UPLOADS_IN_FLIGHT_TOTAL: '0' })).toThrow(/UPLOADS_IN_FLIGHT_TOTAL/);
  });
});
