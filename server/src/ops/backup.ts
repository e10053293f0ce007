import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { DataDirInUseError, LOCK_FILE, lockDataDir, lockHolder } from '../db/data-dir-lock';
import { MIGRATION_LOCK_KEY } from '../db/migrate';
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

/**
 * Writes a backup to `file` only once it is whole: `write` fills a temporary file beside it,
 * which takes the name when it succeeds. A failed or interrupted backup leaves the last good one
 * at `file` as it was. Readable by its owner only: a backup holds people's contacts and the
 * server's keys.
 */
async function writeWhole(file: string, write: (temporary: string) => Promise<void>) {
  // Made here, new (never through a link someone left at a name they guessed), and its owner's
  // only before a byte is written into it.
  const temporary = `${file}.partial-${randomUUID()}`;
  writeFileSync(temporary, '', { flag: 'wx', mode: 0o600 });
  try {
    await write(temporary);
    chmodSync(temporary, 0o600);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Writes the open embedded database to `file` (a gzipped tar of its data folder). */
export async function dumpPglite(client: PGlite, file: string): Promise<void> {
  const dump = await client.dumpDataDir('gzip');
  await writeWhole(file, (temporary) =>
    dump.arrayBuffer().then((bytes) => writeFile(temporary, Buffer.from(bytes), { mode: 0o600 })),
  );
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

/** Moves every entry of `from` but its lock file into `to` (same file system: renames). */
function moveEntries(from: string, to: string): void {
  for (const entry of readdirSync(from)) {
    if (entry !== LOCK_FILE) renameSync(path.join(from, entry), path.join(to, entry));
  }
}

/**
 * Restores an archive of backupPgliteFolder into `dataDir`. Refused while a server has the folder
 * open, and when it holds a database unless `force`: then the old database is kept in
 * `<folder>.before-restore-<time>`. The archive is restored into a folder beside it and read back
 * first; only then are the folders' contents exchanged, so an archive that is not a whole
 * database leaves `dataDir` as it was. The restore holds the folder's lock from start to end: a
 * server started meanwhile refuses the folder rather than serving one that is being replaced.
 * Answers where the old database went, if anywhere.
 */
export async function restorePgliteFolder(
  file: string,
  dataDir: string,
  { force = false }: { force?: boolean } = {},
): Promise<string | null> {
  const archive = await readFile(file);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    throw new BackupRefusedError(
      `AlmQuest (pid ${error.pid}) is running on ${dataDir}. Stop it first, then restore.`,
    );
  }
  try {
    let keptAt: string | null = null;
    if (readdirSync(dataDir).some((entry) => entry !== LOCK_FILE)) {
      if (!force) {
        throw new BackupRefusedError(
          `${dataDir} already holds a database. Restore into an empty folder (DATA_DIR), or add --force to keep the old one beside it and restore in its place.`,
        );
      }
      keptAt = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    }
    // Inflated here, once: a cut or foreign archive fails as a sentence (inside PGlite its
    // inflating fails where nothing can catch it), and PGlite is handed the tar itself.
    let tar: Buffer;
    try {
      tar = gunzipSync(archive);
    } catch {
      throw new BackupRefusedError(
        `${file} is not a whole backup of the embedded database (it does not inflate); ${dataDir} is as it was.`,
      );
    }
    const restoring = `${dataDir}.restoring-${process.pid}`;
    rmSync(restoring, { recursive: true, force: true });
    try {
      const database = await openDatabase({
        kind: 'pglite',
        dataDir: restoring,
        loadDataDir: new Blob([tar]),
      });
      try {
        // Read back: an archive that is not a database fails here, not at the next start.
        await database.db.execute(sql`select count(*) from app_migrations`);
      } finally {
        await database.close();
      }
      // The archive holds the lock file of the process that made it: never carried over.
      rmSync(path.join(restoring, LOCK_FILE), { force: true });
    } catch (error) {
      rmSync(restoring, { recursive: true, force: true });
      throw new BackupRefusedError(
        `${file} could not be restored (${error instanceof Error ? error.message : String(error)}); ${dataDir} is as it was.`,
      );
    }
    // Renames within one file system, under the lock, into a folder nobody else may open.
    if (keptAt) {
      mkdirSync(keptAt, { mode: 0o700 });
      moveEntries(dataDir, keptAt);
    } else {
      for (const entry of readdirSync(dataDir)) {
        if (entry !== LOCK_FILE) rmSync(path.join(dataDir, entry), { recursive: true });
      }
    }
    moveEntries(restoring, dataDir);
    rmSync(restoring, { recursive: true, force: true });
    return keptAt;
  } finally {
    unlock();
  }
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
  return writeWhole(file, (temporary) =>
    run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-unlogged-table-data',
      `--file=${temporary}`,
      `--dbname=${url}`,
    ]),
  );
}

/** AlmQuest's connections to the database other than `self`: its pools and session listeners. */
const SERVER_CONNECTIONS = `from pg_stat_activity
  where datname = current_database() and pid <> pg_backend_pid()
    and (application_name = 'almquest' or starts_with(application_name, $1 || ':'))`;

/**
 * Restores a pg_dump archive into the database at `url`. Refused while an AlmQuest server is
 * connected to it (its pool and its session listener name themselves), and when it holds
 * AlmQuest's tables unless `force` (they are then replaced). For its whole run it holds the lock
 * that a server takes to migrate at its start: a server started meanwhile waits there, and starts
 * on the restored data once the restore has ended.
 */
export async function restorePostgres(
  url: string,
  file: string,
  { force = false }: { force?: boolean } = {},
): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: 'almquest-restore' });
  await client.connect();
  try {
    // Taken before looking: a server that starts after the look cannot get past its migrations.
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const { rows } = await client.query<{ servers: number; tables: number }>(
      `select (select count(*)::int ${SERVER_CONNECTIONS}) as servers,
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
    await run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      ...(force ? ['--clean', '--if-exists'] : []),
      `--dbname=${url}`,
      file,
    ]);
    // A server that was between its migrations and its first connection at the look: rare, but
    // it would have served the old data meanwhile. Servers waiting at their migrations are fine.
    const serving = await client.query<{ pid: number }>(
      `select pid ${SERVER_CONNECTIONS}
         and not (wait_event_type = 'Lock' and wait_event = 'advisory')`,
      [SESSION_LISTENER_NAME],
    );
    if (serving.rows.length > 0) {
      throw new BackupRefusedError(
        'The backup was restored, but an AlmQuest server connected while the restore ran and may have served the old data meanwhile. Stop every server process and restore again.',
      );
    }
  } finally {
    await client.end();
  }
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
