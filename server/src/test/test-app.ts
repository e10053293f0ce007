import type { DestinationStream } from 'pino';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { databaseUrl, onServer } from './pg-admin';
import { inject } from 'vitest';
import type { SimClock } from '../lib/sim-clock';
import { type AppDeps, createApp, createServices } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { createLogger } from '../logger';
import { loadTestGazetteer } from './gazetteer';
import type { Rematcher } from '../matching/rematch';
import type { DeadlineSweeper } from '../modules/packages/lifecycle/deadlines';
import type { StandingLister } from '../modules/standing/standing.service';
import { createPackageReads, type PackageReads } from '../modules/packages/package-reads';
import type { Outreach } from '../modules/notifications/outreach';
import { createLocalLiveEvents } from '../realtime/live-events';

export type TestContext = {
  app: Express;
  config: Config;
  database: Database;
  /** http://127.0.0.1:PORT where the app really listens (the sign-in flow needs a real server). */
  baseUrl: string;
  /** The app's deadline sweep (offer lapse, warning, expiry), run when a test says so. */
  deadlines: DeadlineSweeper;
  /** The standing-donations job (each day's package), run when a test says so. */
  standing: StandingLister;
  /** The app's re-matcher, to wait for the passes a change scheduled. */
  rematcher: Rematcher;
  /** Push keys, mail tokens and the deliverer (run it to send what is due). */
  outreach: Outreach;
  /** The app's package-page cache, to see what it served from memory. */
  packageReads: PackageReads;
  close(): Promise<void>;
};

/**
 * The database the tests run against: the PostgreSQL server named by TEST_DATABASE_URL, or else a
 * fresh in-memory PGlite. Never a mock.
 */
export async function openTestDatabase(
  engine: 'default' | 'pglite' = 'default',
): Promise<Database> {
  const url = engine === 'default' ? process.env.TEST_DATABASE_URL || undefined : undefined;
  if (!url) {
    // From the template the run made once (test/global-setup.ts): migrated, places loaded.
    const template = await pgliteTemplate();
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: null,
      ...(template ? { loadDataDir: template } : {}),
    });
    await migrate(database.db);
    return database;
  }
  await migrateWithLongLimits(url);
  // As many connections as production uses, so a burst queues no longer than it would there;
  // and its limits on every wait.
  return openDatabase({ kind: 'postgres', url, maxConnections: 10 });
}

/** The name of this run's migrated PostgreSQL database to copy ('' outside a run or server). */
function postgresTemplate(): string {
  try {
    return inject('postgresTemplate');
  } catch {
    return '';
  }
}

let template: Promise<Blob | null> | null = null;

/** The saved PGlite data folder of this test run, read once per test file (null outside one). */
function pgliteTemplate(): Promise<Blob | null> {
  template ??= (async () => {
    let file: string | undefined;
    try {
      file = inject('pgliteTemplate');
    } catch {
      return null;
    }
    return file ? new Blob([await readFile(file)]) : null;
  })();
  return template;
}

/**
 * Migrates a PostgreSQL database as the server does: on a connection with the long limits
 * (another test file may hold the migration lock for a while).
 */
async function migrateWithLongLimits(url: string): Promise<void> {
  const migrating = await openDatabase({ kind: 'postgres', url, limits: 'long' });
  try {
    await migrate(migrating.db);
  } finally {
    await migrating.close();
  }
}

/**
 * A database of the test's own, for data that other test files must not see (the server's test
 * database is shared by every file): a fresh database on the PostgreSQL server named by
 * TEST_DATABASE_URL, dropped by `drop`, or else a fresh in-memory PGlite. Migrated.
 */
export async function openOwnTestDatabase(): Promise<{
  database: Database;
  /** Its PostgreSQL address, for server processes to share it (undefined on PGlite). */
  url?: string;
  drop(): Promise<void>;
}> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const database = await openTestDatabase('pglite');
    return { database, drop: () => database.close() };
  }
  const name = `almquest_own_${process.pid}_${randomUUID().slice(0, 8)}`;
  const template = postgresTemplate();
  await onServer(server, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = databaseUrl(server, name);
  // Nothing to do on a copy of the run's migrated template; the whole migration without one.
  await migrateWithLongLimits(url);
  const database = await openDatabase({ kind: 'postgres', url });
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await onServer(server, `drop database if exists ${name}`);
    },
  };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * Builds the real app over a real, migrated database (with a small real slice of the place list)
 * and serves it on a free port. Each test file makes its own.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Partial<Pick<AppDeps, 'live' | 'rematcher' | 'mailer'>> & {
    /** Push keys as given, past the checks of loadConfig (a server whose keys cannot sign). */
    pushKeys?: Config['push']['keys'];
    /** The simulation's clock: the app gets the /api/sim routes that move it. */
    simClock?: SimClock;
    /** Where the server's log lines go (with LOG_LEVEL in `env`), for a test that reads them. */
    logTo?: DestinationStream;
  } = {},
  /**
   * 'own': a database of this file's own on the PostgreSQL server (see openOwnTestDatabase), for
   * a test that counts every row of a table while other files run beside it.
   */
  engine: 'default' | 'pglite' | 'own' = 'default',
): Promise<TestContext> {
  const { pushKeys, simClock, logTo, ...appDeps } = deps;
  const server = createServer();
  const port = await listen(server);
  const baseUrl = `http://127.0.0.1:${port}`;
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      // TEST_LOG_LEVEL=error (or info) shows the server's logs while debugging a test.
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      PUBLIC_URL: baseUrl,
      // Every test talks from 127.0.0.1; limits are tested on their own with the multiplier at 1.
      RATE_LIMIT_MULTIPLIER: '1000',
      ...env,
    }),
    // Test apps share the PostgreSQL test database; each counts its own rate limits.
    rateLimitScope: `test-${randomUUID()}:`,
  };
  if (pushKeys) config.push = { ...config.push, keys: pushKeys };
  const own = engine === 'own' ? await openOwnTestDatabase() : null;
  const database = own
    ? own.database
    : await openTestDatabase(engine === 'own' ? 'default' : engine);
  await loadTestGazetteer(database.db);
  const logger = createLogger(config.logLevel, logTo);
  const live = appDeps.live ?? createLocalLiveEvents();
  const { outreach, notifier, rematcher, deadlines, standing } = createServices({
    config,
    database,
    live,
    logger,
    ...(appDeps.rematcher ? { rematcher: appDeps.rematcher } : {}),
  });
  const packageReads = createPackageReads(database);
  const app = createApp({
    config,
    database,
    logger,
    ...appDeps,
    live,
    outreach,
    notifier,
    rematcher,
    packageReads,
    ...(simClock ? { simulation: { clock: simClock, deadlines, standing } } : {}),
  });
  server.on('request', app);
  return {
    app,
    config,
    database,
    baseUrl,
    deadlines,
    standing,
    rematcher,
    outreach,
    packageReads,
    close: async () => {
      await outreach.deliverer.idle();
      outreach.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (own) await own.drop();
      else await database.close();
    },
  };
}

/** The app over a test's database as it is while the place list is still loading. */
export function appWhilePlacesLoad(database: Database): Express {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  return createApp({
    config,
    database,
    logger: createLogger('silent'),
    gazetteer: { isReady: () => false },
  });
}
