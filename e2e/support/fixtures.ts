import { test as base } from '@playwright/test';
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { READY_WAIT_MS, startAppProcess } from '../../server/src/test/app-process';
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
      const pushPort = await freePort();
      let clientDist = '';
      const app = await startAppProcess(`e2e-${workerInfo.workerIndex}`, (scratch) => {
        const built = path.join(root, 'client', 'dist');
        if (!existsSync(path.join(built, 'index.html'))) {
          throw new Error(
            'No built client in client/dist: run `npm run build` (npm run test:e2e does).',
          );
        }
        clientDist = path.join(scratch, 'client');
        cpSync(built, clientDist, { recursive: true });
        return {
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
        };
      });
      try {
        await use({ baseURL: app.baseUrl, pushPort, clientDist });
      } finally {
        await app.stop();
      }
    },
    { scope: 'worker', timeout: READY_WAIT_MS + 30_000 },
  ],
  baseURL: async ({ app }, use) => use(app.baseURL),
  pushPort: async ({ app }, use) => use(app.pushPort),
  clientDist: async ({ app }, use) => use(app.clientDist),
});

export { expect } from '@playwright/test';
