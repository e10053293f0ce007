import type { Express } from 'express';
import { createApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { createLogger } from '../logger';

export type TestContext = {
  app: Express;
  config: Config;
  database: Database;
  close(): Promise<void>;
};

/**
 * The database the tests run against: the PostgreSQL server named by TEST_DATABASE_URL, or else a
 * fresh in-memory PGlite. Never a mock.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const database = url
    ? await openDatabase({ kind: 'postgres', url, maxConnections: 5 })
    : await openDatabase({ kind: 'pglite', dataDir: null });
  await migrate(database.db);
  return database;
}

/** Builds the real app over a real, migrated database. Each test file makes its own. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const database = await openTestDatabase();
  const app = createApp({ config, database, logger: createLogger(config.logLevel) });
  return { app, config, database, close: () => database.close() };
}
