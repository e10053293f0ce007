// `npm run test:e2e`: browser journeys in Debian's Chromium against the production build.
// Without a Chromium it says so and skips, except in CI, where a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
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

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });
const port = await freePort();
// The local push service the push journey runs (pwa.spec.ts); the server may post to it.
const pushPort = await freePort();

const result = spawnSync(
  'npx',
  ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      CHROMIUM_PATH: chromium,
      E2E_PORT: String(port),
      E2E_PUSH_PORT: String(pushPort),
      E2E_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'almquest-e2e-')),
    },
  },
);
process.exit(result.status ?? 1);
