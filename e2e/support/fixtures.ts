import { test as base } from '@playwright/test';
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/src/test/ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The app one Playwright worker's journeys run against, and what it was started with. */
export type WorkerServer = {
  baseURL: string;
  /** The port of the local push service pwa.spec.ts runs, which this server may post to. */
  pushPort: number;
  /** This server's own copy of the web client (pwa.spec.ts changes its worker script). */
  clientDist: string;
};

const READY_WAIT_MS = 180_000;

/** Whether the process has ended, by an exit code or by a signal (kill -9 leaves no code). */
const hasEnded = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function waitUntilReady(baseURL: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_WAIT_MS;
  while (Date.now() < deadline) {
    if (hasEnded(child)) {
      throw new Error(`the app stopped at start (${child.exitCode ?? child.signalCode})`);
    }
    // Journeys pick places: the list must have loaded (a first start loads it).
    const res = await fetch(`${baseURL}/api/places?q=Delhi`).catch(() => null);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the app at ${baseURL} was not ready within ${READY_WAIT_MS / 1000} s`);
}

async function stop(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (hasEnded(child)) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Each worker runs the journeys against an app of its own (its own port, empty data folder and
 * copy of the client), started as `npm start` starts it: the journeys of one worker never see
 * the people, packages or matches of another's, so they can run side by side.
 */
export const test = base.extend<{ pushPort: number; clientDist: string }, { app: WorkerServer }>({
  app: [
    // Playwright reads what a fixture needs from this pattern: this one needs nothing.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const port = await freePort();
      const pushPort = await freePort();
      const baseURL = `http://127.0.0.1:${port}`;
      const built = path.join(root, 'client', 'dist');
      if (!existsSync(path.join(built, 'index.html'))) {
        throw new Error(
          'No built client in client/dist: run `npm run build` (npm run test:e2e does).',
        );
      }
      const scratch = mkdtempSync(path.join(tmpdir(), `almquest-e2e-${workerInfo.workerIndex}-`));
      const clientDist = path.join(scratch, 'client');
      try {
        cpSync(built, clientDist, { recursive: true });
      } catch (error) {
        rmSync(scratch, { recursive: true, force: true });
        throw error;
      }
      const child = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: baseURL,
          DATA_DIR: path.join(scratch, 'data'),
          DATABASE_URL: '',
          CLIENT_DIST: clientDist,
          LOG_LEVEL: 'warn',
          // Every journey comes from 127.0.0.1; keep limits on, but out of a test's way.
          RATE_LIMIT_MULTIPLIER: '100',
          // Offers lapse in half a minute and deadlines are looked for every second, so the
          // lifecycle journeys see them happen (journeys with auto-accepting distributors never
          // wait).
          OFFER_MINUTES: '0.5',
          DEADLINE_SWEEP_SECONDS: '1',
          // /impact is compared with the packages as they are (coordinator.spec.ts).
          IMPACT_CACHE_SECONDS: '0',
          // The local push service of pwa.spec.ts, besides the real push services.
          PUSH_EXTRA_ORIGINS: `http://127.0.0.1:${pushPort}`,
        },
      });
      // Heard from the start: a process that has already ended fires no 'exit' again.
      const exited = new Promise((r) => child.once('exit', r));
      try {
        await waitUntilReady(baseURL, child);
        await use({ baseURL, pushPort, clientDist });
      } finally {
        await stop(child, exited);
        rmSync(scratch, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: READY_WAIT_MS + 30_000 },
  ],
  baseURL: async ({ app }, use) => use(app.baseURL),
  pushPort: async ({ app }, use) => use(app.pushPort),
  clientDist: async ({ app }, use) => use(app.clientDist),
});

export { expect } from '@playwright/test';
