import { rm } from 'node:fs/promises';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { loadTestGazetteer } from './gazetteer';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder, migrated with the test place list loaded, saved as a tarball. */
    pgliteTemplate: string;
  }
}

/**
 * Once per test run: an embedded database migrated and with the tests' place list, saved, so
 * each test file starts from it (about 1.5 s) instead of migrating and loading (about 8 s).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  let file: string;
  try {
    await migrate(database.db);
    await loadTestGazetteer(database.db);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('gzip');
    file = path.join(tmpdir(), `almquest-test-template-${process.pid}.tar.gz`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(file, { force: true });
  };
}
