import autocannon from 'autocannon';
import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { donateAt, makeUser, startBenchApp } from './app';
import { type Benchmark, engines, round } from './lib';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
/** Each side's time is cut into this many turns, taken in alternation. */
const TURNS = 4;

async function rps(url: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({ url, connections: 50, duration: seconds, headers });
  if (result.non2xx > 0) throw new Error(`${result.non2xx} answers were not 2xx`);
  return result.requests.average;
}

/**
 * Requests/s of the bare handler and of the real route, measured in alternating turns so that
 * a change in the machine's load (it is shared) falls on both sides alike.
 */
async function alternating(bareUrl: string, realUrl: string, headers: Record<string, string>) {
  const seconds = Math.max(1, Math.round(DURATION_S / TURNS));
  let bare = 0;
  let real = 0;
  for (let turn = 0; turn < TURNS; turn++) {
    bare += await rps(bareUrl, {}, seconds);
    real += await rps(realUrl, headers, seconds);
  }
  return { baseline: bare / TURNS, real: real / TURNS };
}

/**
 * 3. API throughput: signed-in reads (GET /api/package/:id, GET /api/me) vs a bare Express
 * handler answering the same JSON.
 */
export const apiBench: Benchmark = {
  name: 'api',
  description: 'signed-in reads: requests/s at 50 connections vs a bare Express handler',
  async run(report) {
    for (const engine of engines()) {
      const { database, drop } = await engine.open();
      const app = await startBenchApp(database);
      try {
        const donor = await makeUser(database, 'donor', [28.6, 77.2]);
        await makeUser(database, 'distributor', [28.61, 77.21]);
        const { packageId } = await donateAt(app, donor, 5);
        // Each route against Express alone answering the same bytes, in this same process.
        const cases = [
          { name: 'GET /api/package/:id', path: `/api/package/${packageId}`, target: 0.5 },
          { name: 'GET /api/me', path: '/api/me', target: 0.6 },
        ];
        for (const { name, path, target } of cases) {
          const json = await fetch(`${app.baseUrl}${path}`, {
            headers: { Cookie: donor.cookie },
          }).then((r) => r.text());
          const bare = express();
          bare.get('/bare', (_req, res) => {
            res.type('json').send(json);
          });
          const bareServer = createServer(bare);
          await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', () => resolve()));
          const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/bare`;
          const { baseline, real } = await alternating(bareUrl, `${app.baseUrl}${path}`, {
            Cookie: donor.cookie,
          });
          bareServer.closeAllConnections();
          await new Promise<void>((resolve) => bareServer.close(() => resolve()));
          report({
            benchmark: 'api',
            engine: engine.name,
            case: name,
            metrics: {
              'req/s': round(real, 0),
              'bare req/s': round(baseline, 0),
              ratio: round(real / baseline),
            },
            target: `ratio >= ${target}`,
            isTargetMet: real / baseline >= target,
          });
        }
      } finally {
        await app.close();
        await drop();
      }
    }
  },
};
