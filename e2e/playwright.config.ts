import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8199);
const baseURL = `http://127.0.0.1:${port}`;
const pushPort = Number(process.env.E2E_PUSH_PORT ?? 8198);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'artifacts/results',
  // Journeys sign in several people; a busy 2-core machine needs more than a minute for some.
  timeout: 150_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: '..',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? '',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Every journey comes from 127.0.0.1; keep limits on, but out of a test's way.
      RATE_LIMIT_MULTIPLIER: '100',
      // Offers lapse in half a minute and deadlines are looked for every second, so the
      // lifecycle journeys see them happen (journeys with auto-accepting distributors never wait).
      OFFER_MINUTES: '0.5',
      DEADLINE_SWEEP_SECONDS: '1',
      // /impact is compared with the packages as they are (coordinator.spec.ts).
      IMPACT_CACHE_SECONDS: '0',
      // The local push service of pwa.spec.ts, besides the real push services.
      PUSH_EXTRA_ORIGINS: `http://127.0.0.1:${pushPort}`,
    },
  },
});
