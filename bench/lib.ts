import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type AppDb, type Database, openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { freePort } from '../server/src/test/ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Stats = { p50: number; p99: number; mean: number; n: number };

/** Percentiles of a list of samples (milliseconds). */
export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return {
    p50: at(0.5),
    p99: at(0.99),
    mean: sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length),
    n: sorted.length,
  };
}

export async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

export type Engine = {
  name: 'pglite' | 'postgres';
  open(): Promise<{ database: Database; url: string | null; drop(): Promise<void> }>;
};

/**
 * PGlite always; PostgreSQL when BENCH_DATABASE_URL names a server (a fresh database per run).
 * BENCH_ENGINES=postgres (or pglite) keeps only that one, for a quicker look at one engine.
 */
export function engines(): Engine[] {
  const only = process.env.BENCH_ENGINES?.split(',').map((name) => name.trim());
  return allEngines().filter((engine) => !only || only.includes(engine.name));
}

function allEngines(): Engine[] {
  const list: Engine[] = [
    {
      name: 'pglite',
      open: async () => {
        const database = await openDatabase({ kind: 'pglite', dataDir: null });
        await migrate(database.db);
        return { database, url: null, drop: () => database.close() };
      },
    },
  ];
  const server = process.env.BENCH_DATABASE_URL;
  if (server) {
    list.push({
      name: 'postgres',
      open: async () => {
        const name = `almquest_bench_${Date.now()}_${process.pid}`;
        const admin = new pg.Client({ connectionString: server });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const url = new URL(server);
        url.pathname = `/${name}`;
        const database = await openDatabase({
          kind: 'postgres',
          url: url.toString(),
          maxConnections: 20,
          // Filling a million rows takes minutes: the limits of long jobs.
          limits: 'long',
        });
        await migrate(database.db);
        return {
          database,
          url: url.toString(),
          drop: async () => {
            await database.close();
            const again = new pg.Client({ connectionString: server });
            await again.connect();
            await again.query(`drop database if exists ${name} with (force)`);
            await again.end();
          },
        };
      },
    });
  }
  return list;
}

/**
 * A freshly seeded database as a running one would be after a while: statistics gathered, and on
 * PostgreSQL the dead rows of earlier samples cleared, as autovacuum would (this machine's server
 * runs without it: a kept plan went wrong only once statistics existed, and a run of
 * all sizes measured its 100k matches among the smaller runs' leftovers). PGlite has no
 * autovacuum and the app never vacuums it, so its leftovers stay, as in a deployment.
 */
export async function settleAfterSeeding(db: AppDb, engine: Engine['name']): Promise<void> {
  await db.execute(engine === 'postgres' ? sql`vacuum analyze` : sql`analyze`);
}

export type Row = {
  benchmark: string;
  engine: string;
  case: string;
  metrics: Record<string, number | string>;
  target?: string;
  isTargetMet?: boolean;
  /** The day the row was measured (YYYY-MM-DD): rows of earlier runs are kept until re-measured. */
  measured?: string;
};

export type Benchmark = {
  name: string;
  description: string;
  run(report: (row: Row) => void): Promise<void>;
};

export const round = (x: number, digits = 2) => Number(x.toFixed(digits));

export type BuiltApp = {
  baseUrl: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first healthy /api/health, or NaN if it never was. */
  msToHealthy: number;
  stop(): Promise<void>;
};

/** Starts the built app as `npm start` does, on PGlite in dataDir, and waits until it is healthy. */
export async function startBuiltApp(dataDir: string): Promise<BuiltApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
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
  let msToHealthy = NaN;
  for (let i = 0; i < 1200; i++) {
    // Liveness: the first answer. Readiness (/api/health) waits for the place list too.
    const isHealthy = await fetch(`${baseUrl}/api/health/live`)
      .then((r) => r.ok)
      .catch(() => false);
    if (isHealthy) {
      msToHealthy = performance.now() - startedAt;
      break;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    baseUrl,
    child,
    msToHealthy,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
