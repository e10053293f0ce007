import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { ensureGazetteer } from '../server/src/modules/places/gazetteer';
import { makePeople, seedPeople } from '../server/scripts/seed';
import { type Benchmark, round, startBuiltApp } from './lib';

/** Starts the built app as `npm start` does: time to healthy, and peak memory a second later. */
async function startOnce(dataDir: string): Promise<{ ms: number; peakMb: number }> {
  const app = await startBuiltApp(dataDir);
  await new Promise((r) => setTimeout(r, 1000));
  const status = await readFile(`/proc/${app.child.pid}/status`, 'utf8').catch(() => '');
  const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  await app.stop();
  return { ms: app.msToHealthy, peakMb: peakKb / 1024 };
}

/**
 * A first start from an empty data folder, as a newcomer gets it: time to the first 200, then
 * the latency of what people ask for while the place list loads in the background (health, the
 * landing page, the sign-in redirect), until place search answers.
 */
async function firstStart(dataDir: string) {
  const app = await startBuiltApp(dataDir);
  const healthyAt = performance.now();
  const latencies: number[] = [];
  const paths = ['/api/health', '/', '/api/auth/login'];
  let placesReadyMs = NaN;
  const deadline = performance.now() + 120_000;
  for (let i = 0; performance.now() < deadline; i++) {
    const started = performance.now();
    await fetch(`${app.baseUrl}${paths[i % paths.length]}`, { redirect: 'manual' })
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    latencies.push(performance.now() - started);
    if (i % 10 === 0) {
      const places = await fetch(`${app.baseUrl}/api/places?q=Delhi`).catch(() => null);
      if (places?.ok) {
        placesReadyMs = app.msToHealthy + (performance.now() - healthyAt);
        break;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await app.stop();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    firstOkMs: app.msToHealthy,
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    placesReadyMs,
    n: latencies.length,
  };
}

/** 7. Start-up: `npm start` (already built) to healthy, empty and with 100k distributors. */
export const startupBench: Benchmark = {
  name: 'startup',
  description: 'time from npm start (built) to a first answer (/api/health/live), and peak memory',
  async run(report) {
    const empty = await mkdtemp(path.join(tmpdir(), 'almquest-start-'));
    const big = await mkdtemp(path.join(tmpdir(), 'almquest-start-'));
    try {
      const first = await firstStart(empty);
      report({
        benchmark: 'startup',
        engine: 'pglite',
        case: 'empty data folder (first start)',
        metrics: {
          'first 200 ms': round(first.firstOkMs, 0),
          'requests during the load': first.n,
          'p50 ms': round(first.p50, 1),
          'p99 ms': round(first.p99, 1),
          'max ms': round(first.max, 1),
          'place search ready ms': round(first.placesReadyMs, 0),
        },
      });
      const again = await startOnce(empty);
      report({
        benchmark: 'startup',
        engine: 'pglite',
        case: 'second start (place list loaded)',
        metrics: { 'to healthy ms': round(again.ms, 0), 'peak RSS MB': round(again.peakMb, 0) },
      });
      const database = await openDatabase({ kind: 'pglite', dataDir: big });
      await migrate(database.db);
      await ensureGazetteer(database.db);
      await seedPeople(database.db, makePeople(100_000, 0));
      await database.close();
      const loaded = await startOnce(big);
      report({
        benchmark: 'startup',
        engine: 'pglite',
        case: '100,000 distributors',
        metrics: { 'to healthy ms': round(loaded.ms, 0), 'peak RSS MB': round(loaded.peakMb, 0) },
      });
    } finally {
      await rm(empty, { recursive: true, force: true });
      await rm(big, { recursive: true, force: true });
    }
  },
};
