import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { LOCK_FILE, lockHolder } from '../db/data-dir-lock';
import { SESSION_LISTENER_NAME } from '../db/session-cache';

/**
 * Backups of either engine (README "Backups"): the embedded database's folder as one compressed
 * archive (PGlite's own dump of its data folder), or a PostgreSQL database in pg_dump's custom
 * format. A restore refuses to write over a database a server is using, and over data it would
 * lose unless asked to (`force`, which keeps the old PGlite folder beside the new one).
 */

export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError';
}

/** Writes the open embedded database to `file` (a gzipped tar of its data folder). */
export async function dumpPglite(client: PGlite, file: string): Promise<void> {
  const dump = await client.dumpDataDir('gzip');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
}

/** Backs up the PGlite folder `dataDir`, which no server may have open (it is one process's). */
export async function backupPgliteFolder(dataDir: string, file: string): Promise<void> {
  if (!existsSync(dataDir)) throw new BackupRefusedError(`There is no database at ${dataDir}.`);
  const holder = lockHolder(dataDir);
  if (holder !== null) {
    throw new BackupRefusedError(
      `AlmQuest (pid ${holder}) has ${dataDir} open. Stop it first (the embedded database is one process's), back up, and start it again.`,
    );
  }
  // Opened as the server opens it: its lock taken, refused while another process holds it.
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await dumpPglite(database.pglite!, file);
  } finally {
    await database.close();
  }
}

/**
 * Restores an archive of backupPgliteFolder into `dataDir`. Refused while a server has the folder
 * open, and when it holds a database unless `force`: then the old folder is kept, renamed
 * `<folder>.before-restore-<time>`. Answers where the old folder went, if anywhere.
 */
export async function restorePgliteFolder(
  file: string,
  dataDir: string,
  { force = false }: { force?: boolean } = {},
): Promise<string | null> {
  const archive = await readFile(file);
  let keptAt: string | null = null;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    const holder = lockHolder(dataDir);
    if (holder !== null) {
      throw new BackupRefusedError(
        `AlmQuest (pid ${holder}) is running on ${dataDir}. Stop it first, then restore.`,
      );
    }
    if (!force) {
      throw new BackupRefusedError(
        `${dataDir} already holds a database. Restore into an empty folder (DATA_DIR), or add --force to keep the old one beside it and restore in its place.`,
      );
    }
    keptAt = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, keptAt);
  }
  const database = await openDatabase({
    kind: 'pglite',
    dataDir,
    loadDataDir: new Blob([archive]),
  });
  try {
    // Read back: an archive that is not a database fails here, not at the next start.
    await database.db.execute(sql`select count(*) from app_migrations`);
    // The archive holds the lock of the process that made it: the folder is ours until closed.
    writeFileSync(path.join(dataDir, LOCK_FILE), `${process.pid}\n`);
  } finally {
    await database.close();
  }
  return keptAt;
}

/** Runs a PostgreSQL client program, failing with what it said. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString();
    });
    child.on('error', (error) =>
      reject(
        new BackupRefusedError(
          `${program} could not run (${error.message}): install PostgreSQL's client programs (apt-get install postgresql-client).`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (${code}): ${said.trim()}`)),
    );
  });
}

/** Backs up the PostgreSQL database at `url` with pg_dump, in its custom format. */
export function backupPostgres(url: string, file: string): Promise<void> {
  // Rate-limit hits live minutes, in an unlogged table: left out, as PGlite's dump leaves them.
  return run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-unlogged-table-data',
    `--file=${file}`,
    `--dbname=${url}`,
  ]);
}

/**
 * Restores a pg_dump archive into the database at `url`. Refused while an AlmQuest server is
 * connected to it (its pool and its session listener name themselves), and when it holds
 * AlmQuest's tables unless `force` (they are then replaced).
 */
export async function restorePostgres(
  url: string,
  file: string,
  { force = false }: { force?: boolean } = {},
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ servers: number; tables: number }>(
      `select (select count(*)::int from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid()
                  and (application_name = 'almquest'
                       or starts_with(application_name, $1 || ':'))) as servers,
              (select count(*)::int from information_schema.tables
                where table_schema = 'public' and table_name = 'app_migrations') as tables`,
      [SESSION_LISTENER_NAME],
    );
    const [{ servers, tables }] = rows as [{ servers: number; tables: number }];
    if (servers > 0) {
      throw new BackupRefusedError(
        'An AlmQuest server is connected to this database. Stop every server process first, then restore.',
      );
    }
    if (tables > 0 && !force) {
      throw new BackupRefusedError(
        'This database already holds AlmQuest data. Restore into an empty database (createdb), or add --force to replace it.',
      );
    }
  } finally {
    await client.end();
  }
  await run('pg_restore', [
    '--no-owner',
    '--exit-on-error',
    '--single-transaction',
    ...(force ? ['--clean', '--if-exists'] : []),
    `--dbname=${url}`,
    file,
  ]);
}

/** Where a backup goes by default: backups/almquest-<engine>-<time>.<ext>. */
export function defaultBackupFile(root: string, kind: 'pglite' | 'postgres'): string {
  const time = new Date().toISOString().replace(/[:.]/g, '-');
  return path.join(
    root,
    'backups',
    `almquest-${kind}-${time}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`,
  );
}
