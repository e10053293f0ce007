// `npm run test:e2e`: browser journeys in Debian's Chromium against the production build.
// Without a Chromium it says so and skips, except in CI, where a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureClientBuild } from '../scripts/ensure-client-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromium)) {
  const message = `Browser tests skipped: no Chromium at ${chromium}. Install it with "apt-get install chromium" (or set CHROMIUM_PATH).`;
  if (process.env.CI) {
    console.error(`${message}\nCI must run them, so this is a failure.`);
    process.exit(1);
  }
  console.log(message);
  process.exit(0);
}

ensureClientBuild();

const result = spawnSync(
  'npx',
  ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    // Each Playwright worker starts an app of its own on free ports (support/fixtures.ts).
    env: { ...process.env, CHROMIUM_PATH: chromium },
  },
);
process.exit(result.status ?? 1);
