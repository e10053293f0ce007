import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { ensureGazetteer } from '../server/src/modules/places/gazetteer';
import { makePeople, seedPeople } from '../server/scripts/seed';
import { type Benchmark, round } from './lib';
import { freePort } from '../server/src/test/ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts the built app as `npm start` does and times it to a healthy /api/health. */
async function startOnce(dataDir: string): Promise<{ ms: number; peakMb: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  let ms = NaN;
  for (let i = 0; i < 1200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) {
      ms = performance.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  await new Promise((r) => setTimeout(r, 1000));
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
  const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return { ms, peakMb: peakKb / 1024 };
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
