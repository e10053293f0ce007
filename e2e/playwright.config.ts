import { defineConfig } from '@playwright/test';

// Each worker starts an app of its own (support/fixtures.ts): workers never share people or
// packages. Two by default, as many as the machine has cores here; E2E_WORKERS to change it.
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'artifacts/results',
  // Journeys sign in several people; a busy 2-core machine needs more than a minute for some.
  timeout: 150_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
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
});
