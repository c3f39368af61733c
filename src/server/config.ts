/**
 * Configuration: read once from the environment into one typed, validated object.
 * `parseConfig(env)` is pure so the server, the scripts and the tests share it.
 */
import { loadDotEnv } from './dotenv';
import type { S3StorageOptions } from './storage/s3';

export type AppMode = 'demo' | 'test' | 'production';
export type StorageDriver = 'local' | 's3';

export interface SiteInfo {
  representative: string;
  email: string;
  phone: string;
  instagramUrl: string;
  privacyUrl: string;
  termsUrl: string;
  partnerTermsUrl: string;
  contactFormUrl: string;
}

export interface Config {
  mode: AppMode;
  host: string;
  port: number;
  publicOrigin: string;
  dataDir: string;
  /** PostgreSQL connection string; null means embedded PGlite. */
  databaseUrl: string | null;
  /**
   * Where the cache bus LISTENs (DATABASE_LISTEN_URL, default DATABASE_URL): a direct or session-pooled
   * connection, when DATABASE_URL goes through a transaction-mode pooler such as PgBouncer's.
   */
  databaseListenUrl: string | null;
  /** How often each instance checks that it hears the cache bus; silent for 3× this, it vouches for no copy. */
  busHeartbeatMs: number;
  /** PGlite location: a directory, or 'memory://' for tests. */
  pgliteDir: string;
  /** null in demo/test: a secret is generated and kept in dataDir. */
  jwtSecret: string | null;
  seedDemoData: boolean;
  kakao: {
    restApiKey: string;
    authBase: string;
    apiBase: string;
    /** Serve the local Kakao stand-in under /dev/kakao (demo and test only). */
    standIn: boolean;
  };
  postcodeScriptUrl: string;
  /** Web Push (RFC 8030/8291/8292): the VAPID keys and which push services a subscription may name. */
  push: {
    /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (base64url); empty in demo/test: generated and kept in dataDir. */
    vapidPublicKey: string;
    vapidPrivateKey: string;
    /** VAPID_SUBJECT: how a push service reaches the operator (mailto: or https:). */
    subject: string;
    /** Hosts a subscription's endpoint may name (PUSH_SERVICE_HOSTS; `*.` matches subdomains). */
    serviceHosts: string[];
    /** Serve the local push service under /dev/push, and accept its endpoints (demo and test only). */
    standIn: boolean;
    /** Whose /dev/push endpoints are accepted (PUSH_STANDIN_ORIGIN, default PUBLIC_ORIGIN): several instances share one. */
    standInOrigin: string;
  };
  storage: {
    driver: StorageDriver;
    uploadsDir: string;
    /** MEDIA_BASE_URL: where browsers load uploaded pictures (a CDN); empty: the storage's own address. */
    mediaBaseUrl: string;
    /** The S3 driver's settings (S3_*), as the driver takes them. */
    s3: Omit<S3StorageOptions, 'timeoutMs'>;
  };
  site: SiteInfo;
  homeBannerLink: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  shutdownTimeoutMs: number;
  bodyLimitBytes: number;
  trustProxy: boolean;
  /** Requests per window (a minute by default) per caller: sign-in/refresh per IP, uploads and writes per member. */
  rateLimits: { auth: number; upload: number; write: number; windowMs: number };
  /** Public pages and anonymous list answers kept in memory (src/server/cache, decision 009). */
  pageCache: { enabled: boolean; maxAgeSeconds: number; swrSeconds: number; maxBytes: number; cdnHeaders: boolean };
  /** Other origins whose browsers may call the API (CORS); empty: same origin only. */
  corsOrigins: string[];
  /** Lifetime of an access token, in seconds. */
  accessTokenTtlSeconds: number;
  /**
   * Upload requests holding a place (from their first complete file until answered): per member and per
   * client address (past them 429) and in all (503).
   */
  uploadsInFlight: { perMember: number; perAddress: number; total: number };
  /**
   * An upload's body: read whole within `timeoutMs`, and at least `minBytesPerSecond` in every window of
   * `windowMs` (time spent on our own image work not counted); else 408 and everything is freed.
   */
  uploadBody: { timeoutMs: number; minBytesPerSecond: number; windowMs: number };
  /** Per member and day (Korea time): bytes and files uploaded that nothing uses yet; past either, 429. */
  uploadQuota: { dailyBytes: number; dailyFiles: number };
  /** Local storage: uploads are refused (507) while the uploads directory's disk has less free space. */
  uploadsMinFreeBytes: number;
  /** Bounds on every database query (PostgreSQL; PGlite takes the statement timeout) and on /healthz. */
  dbTimeouts: { statementMs: number; lockMs: number; healthMs: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`설정 오류 (configuration error):\n - ${problems.join('\n - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function str(env: Env, key: string, fallback: string): string {
  const v = env[key];
  return v === undefined || v.trim() === '' ? fallback : v.trim();
}

function bool(env: Env, key: string, fallback: boolean, problems: string[]): boolean {
  const v = env[key];
  if (v === undefined || v.trim() === '') return fallback;
  const s = v.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(s)) return true;
  if (['0', 'false', 'no', 'off'].includes(s)) return false;
  problems.push(`${key} must be true or false (got "${v}")`);
  return fallback;
}

function int(env: Env, key: string, fallback: number, min: number, max: number, problems: string[]): number {
  const v = env[key];
  if (v === undefined || v.trim() === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) {
    problems.push(`${key} must be an integer from ${min} to ${max} (got "${v}")`);
    return fallback;
  }
  return n;
}

/** The origin of an address already checked by `httpUrl` (itself when it was not one). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function httpUrl(value: string, key: string, problems: string[]): string {
  try {
    const u = new URL(value);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
  } catch {
    problems.push(`${key} must be an absolute http(s) URL (got "${value}")`);
  }
  return value.replace(/\/+$/, '');
}

/** `CORS_ORIGINS`: comma-separated origins (`https://app.example`, `http://localhost:5173`), lower-cased. */
function origins(env: Env, key: string, problems: string[]): string[] {
  const list: string[] = [];
  for (const raw of (env[key] ?? '').split(',')) {
    const value = raw.trim();
    if (value === '') continue;
    let origin: string | null = null;
    try {
      const u = new URL(value);
      const bare = u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password;
      if ((u.protocol === 'http:' || u.protocol === 'https:') && bare) origin = u.origin;
    } catch {
      origin = null;
    }
    if (origin === null)
      problems.push(`${key} must list origins like https://app.example, without a path (got "${value}")`);
    else if (!list.includes(origin)) list.push(origin);
  }
  return list;
}

/** The push services of Chrome/Edge/Android, Firefox, Safari/iPhone and Windows. */
export const DEFAULT_PUSH_SERVICE_HOSTS =
  'fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.push.apple.com,*.notify.windows.com';

export function parseConfig(env: Env): Config {
  const problems: string[] = [];
  const rawMode = str(env, 'APP_ENV', env['NODE_ENV'] === 'production' ? 'production' : 'demo');
  let mode: AppMode = 'demo';
  if (rawMode === 'demo' || rawMode === 'test' || rawMode === 'production') mode = rawMode;
  else problems.push(`APP_ENV must be demo, test or production (got "${rawMode}")`);
  const prod = mode === 'production';
  if (!prod && env['NODE_ENV']?.trim() === 'production')
    problems.push(
      `APP_ENV=${rawMode} with NODE_ENV=production: demo and test mode (anyone can sign in as admin) never run in production; unset APP_ENV or set APP_ENV=production`,
    );

  const port = int(env, 'PORT', 4321, 0, 65535, problems);
  // Demo and test mode answer only this machine unless HOST opens them to a network.
  const host = str(env, 'HOST', prod ? '0.0.0.0' : '127.0.0.1');
  const publicOrigin = httpUrl(str(env, 'PUBLIC_ORIGIN', `http://localhost:${port}`), 'PUBLIC_ORIGIN', problems);
  const dataDir = str(env, 'DATA_DIR', './data');
  const databaseUrl = env['DATABASE_URL']?.trim() || null;
  const pgliteDir = str(env, 'PGLITE_DIR', mode === 'test' ? 'memory://' : `${dataDir}/db`);
  const jwtSecret = env['JWT_SECRET']?.trim() || null;
  const standIn = bool(env, 'KAKAO_STANDIN', !prod, problems);
  const driverRaw = str(env, 'STORAGE_DRIVER', 'local');
  const driver: StorageDriver = driverRaw === 's3' ? 's3' : 'local';
  if (driverRaw !== 'local' && driverRaw !== 's3')
    problems.push(`STORAGE_DRIVER must be local or s3 (got "${driverRaw}")`);
  const logLevelRaw = str(env, 'LOG_LEVEL', mode === 'test' ? 'warn' : 'info');
  const logLevel = (['debug', 'info', 'warn', 'error'] as const).find((l) => l === logLevelRaw) ?? 'info';
  if (logLevel !== logLevelRaw) problems.push(`LOG_LEVEL must be debug, info, warn or error (got "${logLevelRaw}")`);

  const kakaoStandInBase = `${publicOrigin}/dev/kakao`;
  const config: Config = {
    mode,
    host,
    port,
    publicOrigin,
    dataDir,
    databaseUrl,
    databaseListenUrl: databaseUrl ? env['DATABASE_LISTEN_URL']?.trim() || databaseUrl : null,
    busHeartbeatMs: int(env, 'CACHE_BUS_HEARTBEAT_MS', 5_000, 100, 60_000, problems),
    pgliteDir,
    jwtSecret,
    seedDemoData: bool(env, 'SEED_DEMO_DATA', mode === 'demo', problems),
    kakao: {
      restApiKey: str(env, 'KAKAO_REST_API_KEY', prod ? '' : 'demo-rest-api-key'),
      authBase: httpUrl(
        str(env, 'KAKAO_AUTH_BASE', standIn ? kakaoStandInBase : 'https://kauth.kakao.com'),
        'KAKAO_AUTH_BASE',
        problems,
      ),
      apiBase: httpUrl(
        str(env, 'KAKAO_API_BASE', standIn ? kakaoStandInBase : 'https://kapi.kakao.com'),
        'KAKAO_API_BASE',
        problems,
      ),
      standIn,
    },
    postcodeScriptUrl: str(
      env,
      'POSTCODE_SCRIPT_URL',
      prod ? 'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js' : '/dev/postcode/postcode.v2.js',
    ),
    push: {
      vapidPublicKey: str(env, 'VAPID_PUBLIC_KEY', ''),
      vapidPrivateKey: str(env, 'VAPID_PRIVATE_KEY', ''),
      subject: str(env, 'VAPID_SUBJECT', `mailto:${str(env, 'SITE_EMAIL', 'partner@damabwa.kr')}`),
      serviceHosts: str(env, 'PUSH_SERVICE_HOSTS', DEFAULT_PUSH_SERVICE_HOSTS)
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      standIn: bool(env, 'PUSH_STANDIN', !prod, problems),
      standInOrigin: originOf(httpUrl(str(env, 'PUSH_STANDIN_ORIGIN', publicOrigin), 'PUSH_STANDIN_ORIGIN', problems)),
    },
    storage: {
      driver,
      uploadsDir: str(env, 'UPLOADS_DIR', `${dataDir}/uploads`),
      mediaBaseUrl: env['MEDIA_BASE_URL']?.trim()
        ? httpUrl(str(env, 'MEDIA_BASE_URL', ''), 'MEDIA_BASE_URL', problems)
        : '',
      s3: {
        endpoint: str(env, 'S3_ENDPOINT', ''),
        bucket: str(env, 'S3_BUCKET', ''),
        region: str(env, 'S3_REGION', 'auto'),
        accessKeyId: str(env, 'S3_ACCESS_KEY_ID', ''),
        secretAccessKey: str(env, 'S3_SECRET_ACCESS_KEY', ''),
        forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', true, problems),
        publicBaseUrl: str(env, 'S3_PUBLIC_BASE_URL', ''),
      },
    },
    site: {
      representative: str(env, 'SITE_REPRESENTATIVE', '김담아'),
      email: str(env, 'SITE_EMAIL', 'partner@damabwa.kr'),
      phone: str(env, 'SITE_PHONE', '010-0000-0000'),
      instagramUrl: str(env, 'SITE_INSTAGRAM_URL', 'https://www.instagram.com/damabwa'),
      privacyUrl: str(env, 'SITE_PRIVACY_URL', '/privacy'),
      termsUrl: str(env, 'SITE_TERMS_URL', '/terms'),
      // Our own documents (src/lib/legal); an operator may point elsewhere.
      partnerTermsUrl: str(env, 'SITE_PARTNER_TERMS_URL', '/partner-terms'),
      contactFormUrl: str(env, 'SITE_CONTACT_FORM_URL', 'https://forms.gle/damabwa-contact'),
    },
    homeBannerLink: str(env, 'HOME_BANNER_LINK', '/event/8'),
    logLevel,
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 300_000, problems),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 2 * 1024 * 1024, 1024, 100 * 1024 * 1024, problems),
    trustProxy: bool(env, 'TRUST_PROXY', false, problems),
    rateLimits: {
      auth: int(env, 'RATE_LIMIT_AUTH', 20, 1, 1_000_000, problems),
      upload: int(env, 'RATE_LIMIT_UPLOAD', 60, 1, 1_000_000, problems),
      write: int(env, 'RATE_LIMIT_WRITE', 120, 1, 1_000_000, problems),
      // Tests shorten the window to see a limit recover without waiting a minute.
      windowMs: int(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1_000, 3_600_000, problems),
    },
    pageCache: {
      enabled: bool(env, 'PAGE_CACHE', true, problems),
      maxAgeSeconds: int(env, 'PAGE_CACHE_MAX_AGE', 60, 1, 60, problems),
      swrSeconds: int(env, 'PAGE_CACHE_SWR', 30, 0, 600, problems),
      maxBytes: int(env, 'PAGE_CACHE_MAX_MB', 64, 1, 4096, problems) * 1024 * 1024,
      // A CDN in front: kept answers also carry CDN-Cache-Control and Cache-Tag (the tags of tags.ts).
      cdnHeaders: bool(env, 'PAGE_CACHE_CDN_HEADERS', false, problems),
    },
    corsOrigins: origins(env, 'CORS_ORIGINS', problems),
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 30 * 60, 60, 7 * 24 * 60 * 60, problems),
    uploadsInFlight: {
      perMember: int(env, 'UPLOADS_IN_FLIGHT_PER_MEMBER', 4, 1, 1_000, problems),
      perAddress: int(env, 'UPLOADS_IN_FLIGHT_PER_ADDRESS', 8, 1, 100_000, problems),
      total: int(env, 'UPLOADS_IN_FLIGHT_TOTAL', 16, 1, 100_000, problems),
    },
    uploadBody: {
      timeoutMs: int(env, 'UPLOAD_BODY_TIMEOUT_MS', 60_000, 500, 3_600_000, problems),
      minBytesPerSecond: int(env, 'UPLOAD_MIN_RATE_KBPS', 16, 0, 1_000_000, problems) * 1024,
      windowMs: int(env, 'UPLOAD_RATE_WINDOW_MS', 5_000, 200, 600_000, problems),
    },
    uploadQuota: {
      dailyBytes: int(env, 'UPLOAD_DAILY_UNUSED_MB', 300, 1, 10_000_000, problems) * 1024 * 1024,
      dailyFiles: int(env, 'UPLOAD_DAILY_UNUSED_FILES', 300, 1, 10_000_000, problems),
    },
    uploadsMinFreeBytes: int(env, 'UPLOADS_MIN_FREE_MB', 1024, 0, 1_000_000_000, problems) * 1024 * 1024,
    dbTimeouts: {
      statementMs: int(env, 'DB_STATEMENT_TIMEOUT_MS', 15_000, 100, 3_600_000, problems),
      lockMs: int(env, 'DB_LOCK_TIMEOUT_MS', 5_000, 100, 3_600_000, problems),
      healthMs: int(env, 'HEALTHZ_TIMEOUT_MS', 2_000, 100, 60_000, problems),
    },
  };

  if (prod) {
    if (!databaseUrl) problems.push('DATABASE_URL is required in production (PGlite does not fsync)');
    if (!jwtSecret) problems.push('JWT_SECRET is required in production');
    else if (jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters');
    if (!env['PUBLIC_ORIGIN']) problems.push('PUBLIC_ORIGIN is required in production');
    if (!config.kakao.restApiKey) problems.push('KAKAO_REST_API_KEY is required in production');
    if (standIn) problems.push('KAKAO_STANDIN is a demo-only feature and cannot be on in production');
    if (config.seedDemoData) problems.push('SEED_DEMO_DATA is a demo-only feature and cannot be on in production');
    if (config.push.standIn) problems.push('PUSH_STANDIN is a demo-only feature and cannot be on in production');
    if (config.postcodeScriptUrl.startsWith('/dev/'))
      problems.push('POSTCODE_SCRIPT_URL must not point to the demo stand-in in production');
  }
  if (driver === 's3') {
    for (const [k, v] of Object.entries({
      S3_ENDPOINT: config.storage.s3.endpoint,
      S3_BUCKET: config.storage.s3.bucket,
      S3_ACCESS_KEY_ID: config.storage.s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.storage.s3.secretAccessKey,
    })) {
      if (!v) problems.push(`${k} is required when STORAGE_DRIVER=s3`);
    }
  }
  if (Boolean(config.push.vapidPublicKey) !== Boolean(config.push.vapidPrivateKey))
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (npx web-push generate-vapid-keys)');
  if (!/^(mailto:|https:\/\/)/.test(config.push.subject))
    problems.push(`VAPID_SUBJECT must be a mailto: or https: address (got "${config.push.subject}")`);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

let cached: Config | null = null;

/** The process-wide configuration, parsed from process.env on first use. */
export function getConfig(): Config {
  if (!cached) loadDotEnv();
  cached ??= parseConfig(globalThis.process.env);
  return cached;
}

/** Tests replace the configuration before anything reads it. */
export function setConfigForTests(config: Config): void {
  cached = config;
}
