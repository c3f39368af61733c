import { defineConfig, devices } from '@playwright/test';

// E2E runs against the built production server in demo mode (seeded data, Kakao and postcode stand-ins),
// on a fresh data directory, in Debian's Chromium at a phone viewport.
const port = Number(process.env['E2E_PORT'] ?? 4399);
const dataDir = process.env['E2E_DATA_DIR'] ?? `/tmp/damabwa-e2e-${port}`;
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env['CI'] ? [['list']] : [['list']],
  use: {
    baseURL,
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: true,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf ${dataDir} && node scripts/server.mjs`,
    url: `${baseURL}/healthz`,
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      APP_ENV: 'demo',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH: '100000',
      RATE_LIMIT_UPLOAD: '100000',
      RATE_LIMIT_WRITE: '100000',
      // The other origin of tests/e2e/cors.spec.ts (a page served on port + 10).
      CORS_ORIGINS: `http://localhost:${port + 10}`,
    },
  },
});
