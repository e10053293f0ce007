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

/** 7. Start-up: `npm start` (already built) to healthy, empty and with 100k distributors. */
export const startupBench: Benchmark = {
  name: 'startup',
  description: 'time from npm start (built) to a healthy /api/health, and peak memory',
  async run(report) {
    const empty = await mkdtemp(path.join(tmpdir(), 'almquest-start-'));
    const big = await mkdtemp(path.join(tmpdir(), 'almquest-start-'));
    try {
      const first = await startOnce(empty);
      report({
        benchmark: 'startup',
        engine: 'pglite',
        case: 'empty (first start)',
        metrics: { 'to healthy ms': round(first.ms, 0), 'peak RSS MB': round(first.peakMb, 0) },
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
