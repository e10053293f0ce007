import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  constants as fsConstants,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { DataDirInUseError, lockDataDir, lockHolder, lockPurpose } from '../db/data-dir-lock';
import { MIGRATION_LOCK_KEY } from '../db/migrate';
import {
  abandonRestore,
  finishRestore,
  isOwnFile,
  RestoreCopyGoneError,
  removeAbandoned,
  writeRestoreJournal,
} from '../db/restore-journal';
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
 * through the descriptor it is given, and the file takes its name when it succeeds. A failed or
 * interrupted backup leaves the last good one at `file` as it was. Readable by its owner only: a
 * backup holds people's contacts and the server's keys. The temporary file is made new (never a
 * link someone left at its name) and is written through this descriptor only, never opened again
 * by name; a folder anyone may rename files in is refused, as they could swap the names.
 */
async function writeWhole(file: string, write: (fd: number) => Promise<void>) {
  const folder = path.dirname(file);
  const { mode } = statSync(folder);
  if (mode & 0o002 && !(mode & 0o1000)) {
    throw new BackupRefusedError(
      `${folder} can be written by anyone, who could swap a backup's files there: keep backups in a folder only you can write to.`,
    );
  }
  removeAbandoned(file, '.partial-');
  const temporary = `${file}.partial-${process.pid}-${randomUUID()}`;
  const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = fsConstants;
  const fd = openSync(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
  try {
    await write(fd);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, file);
}

/** Writes the open embedded database to `file` (a gzipped tar of its data folder). */
export async function dumpPglite(client: PGlite, file: string): Promise<void> {
  const dump = await client.dumpDataDir('gzip');
  const bytes = Buffer.from(await dump.arrayBuffer());
  await writeWhole(file, async (fd) => {
    writeFileSync(fd, bytes);
  });
}

/** Backs up the PGlite folder `dataDir`, which no server may have open (it is one process's). */
export async function backupPgliteFolder(dataDir: string, file: string): Promise<void> {
  if (!existsSync(dataDir)) throw new BackupRefusedError(`There is no database at ${dataDir}.`);
  const holder = lockHolder(dataDir);
  if (holder !== null) {
    throw new BackupRefusedError(
      lockPurpose(dataDir) === 'restore'
        ? `A restore (pid ${holder}) is running on ${dataDir}. Back up once it has ended.`
        : `AlmQuest (pid ${holder}) has ${dataDir} open. Stop it first (the embedded database is one process's), back up, and start it again.`,
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

/** What went wrong, in words: PGlite throws plain objects as well as Errors. */
function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object') {
    const { message, code } = error as { message?: unknown; code?: unknown };
    if (typeof message === 'string') return message;
    if (typeof code === 'string' || typeof code === 'number') return `error ${code}`;
  }
  return String(error);
}

/** The bytes a folder's files take (what a copy of it needs). */
function sizeOf(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, entry) => sum + sizeOf(path.join(target, entry)), 0);
}

/** The bytes free for us on the file system holding `target`. */
function freeAt(target: string): number {
  const fs = statfsSync(target);
  return fs.bavail * fs.bsize;
}

/**
 * Refuses, before anything moves, an exchange the disks cannot hold. A move within one file
 * system is a rename and needs no room; across two (the data folder a volume's mount point) it
 * is a copy: the old database must fit where it is kept, then the restored one in the folder
 * (with the old one gone from it). A tenth and 16 MB more for what else is written meanwhile.
 */
function ensureRoomFor(restoring: string, dataDir: string, keptAt: string | null): void {
  const margin = (bytes: number) => bytes * 1.1 + 16 * 1024 * 1024;
  const mb = (bytes: number) => `${Math.ceil(bytes / 1024 / 1024)} MB`;
  const folderDevice = statSync(dataDir).dev;
  const oldEntries = readdirSync(dataDir).filter((entry) => !isOwnFile(entry));
  const oldSize = oldEntries.reduce((sum, entry) => sum + sizeOf(path.join(dataDir, entry)), 0);
  const besideDevice = statSync(path.dirname(restoring)).dev;
  if (keptAt && oldSize > 0 && besideDevice !== folderDevice) {
    const free = freeAt(path.dirname(keptAt));
    if (free < margin(oldSize)) {
      throw new BackupRefusedError(
        `There is not room to keep the old database beside ${dataDir}: it needs ${mb(margin(oldSize))} (${mb(oldSize)} and room to work) and ${mb(free)} is free there. Nothing was changed; free some space and restore again.`,
      );
    }
  }
  if (statSync(restoring).dev !== folderDevice) {
    const needed = sizeOf(restoring);
    const free = freeAt(dataDir) + oldSize;
    if (free < margin(needed)) {
      throw new BackupRefusedError(
        `There is not room in ${dataDir} for the restored database: it needs ${mb(margin(needed))} (${mb(needed)} and room to work) and ${mb(free)} would be free there. Nothing was changed; free some space (or give the folder a bigger volume) and restore again.`,
      );
    }
  }
}

/**
 * Restores an archive of backupPgliteFolder into `dataDir`. Refused while a server has the folder
 * open, and when it holds a database unless `force`: then the old database is kept in
 * `<folder>.before-restore-<time>`. The archive is restored into a folder beside it and read back
 * first, so an archive that is not a whole database leaves `dataDir` as it was. Then the folders'
 * contents are exchanged under a journal (db/restore-journal.ts): a restore killed part-way is
 * finished by whoever opens the folder next, never left half done. The restore holds the
 * folder's lock from start to end: a server started meanwhile refuses the folder. Answers where
 * the old database went, if anywhere. `afterMove` is for tests: called after each entry moved.
 */
export async function restorePgliteFolder(
  file: string,
  dataDir: string,
  {
    force = false,
    afterMove,
    onNote,
  }: { force?: boolean; afterMove?: () => void; onNote?: (note: string) => void } = {},
): Promise<string | null> {
  const archive = await readFile(file);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Its owner's only, also when it was there already (as the server makes it at its start).
  chmodSync(dataDir, 0o700);
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir, { purpose: 'restore' });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    throw new BackupRefusedError(
      error.purpose === 'restore'
        ? `Another restore (pid ${error.pid}) is running on ${dataDir}. Let it end first.`
        : `AlmQuest (pid ${error.pid}) is running on ${dataDir}. Stop it first, then restore.`,
    );
  }
  try {
    // An earlier restore killed part-way is finished first: the folder is then a whole database.
    // One whose copy went missing is set aside instead: the old database is whole where it
    // was kept, and this restore starts over.
    try {
      finishRestore(dataDir);
    } catch (error) {
      if (!(error instanceof RestoreCopyGoneError) || !force) throw error;
      const aside = abandonRestore(dataDir);
      onNote?.(
        `An earlier restore into ${dataDir} had lost its copy part-way; what it had brought in is set aside in ${aside} (delete it once this restore is right). ${error.message.split('; ')[1] ?? ''}`.trim(),
      );
    }
    removeAbandoned(dataDir, '.restoring-');
    let keptAt: string | null = null;
    if (readdirSync(dataDir).some((entry) => !isOwnFile(entry))) {
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
      // The archive's own lock, journal or any file of ours in it is never carried over (one
      // named like the lock's takeover guard would refuse every later start).
      for (const entry of readdirSync(restoring)) {
        if (isOwnFile(entry)) rmSync(path.join(restoring, entry), { recursive: true, force: true });
      }
    } catch (error) {
      rmSync(restoring, { recursive: true, force: true });
      throw new BackupRefusedError(
        `${file} could not be restored (${errorText(error)}); ${dataDir} is as it was.`,
      );
    }
    const entries = readdirSync(restoring).filter((entry) => !isOwnFile(entry));
    try {
      ensureRoomFor(restoring, dataDir, keptAt);
    } catch (error) {
      rmSync(restoring, { recursive: true, force: true });
      throw error;
    }
    // From here the journal says what is under way, and any later opening finishes it: the
    // exchange is the journal's own, whoever carries it out.
    writeRestoreJournal(dataDir, { phase: 'out', keptAt, restoring, entries });
    try {
      finishRestore(dataDir, { afterMove });
    } catch (error) {
      throw new BackupRefusedError(
        `The restore into ${dataDir} stopped part-way (${errorText(error)}).${
          keptAt ? ` The database that was there is kept at ${keptAt}.` : ''
        } Its journal stays in the folder: once the cause is mended (space on the disk, say), run the restore again or start the server, and either finishes it.`,
      );
    }
    return keptAt;
  } finally {
    unlock();
  }
}

/**
 * A watchdog for a child that must not outlive this process. It holds a pipe from us; when we
 * die in any way (even -9: the kernel closes our end) the pipe ends and it stops the child: an
 * interrupt first, so pg_restore cancels what its backend is doing (a lock wait would otherwise
 * hold its locks until the lock came), then a kill. We end it first when the child ends, so it
 * never signals a pid the system has handed on.
 */
const WATCHDOG = `
const pid = Number(process.argv[1]);
process.stdin.on('data', () => {});
process.stdin.on('close', () => {
  try { process.kill(pid, 'SIGINT'); } catch {}
  setTimeout(() => {
    try { process.kill(pid, 'SIGKILL'); } catch {}
    process.exit(0);
  }, 3000);
});
`;

/**
 * Linux's util-linux starts a program with a signal for when its parent dies (prctl's
 * PDEATHSIG): a second guard, for the case the watchdog dies with us (every node process killed
 * at once). Elsewhere the watchdog alone.
 */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((file) => existsSync(file)) ?? null;

/**
 * A database URL as PostgreSQL's own programs take it, and the environment that goes with it: the
 * password out of the command line (which any local user may read in /proc) into PGPASSWORD,
 * node-postgres's `ssl` parameter (libpq does not know it) as libpq's `sslmode`.
 */
export function libpqConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  // A socket's URL has no host (postgres://user:pw@/db?host=/run/postgresql), which the URL
  // parser refuses: parsed with a stand-in host, which is taken out again.
  const NO_HOST = 'no-host.invalid';
  const hostless = /^(postgres(?:ql)?:\/\/)([^@/]*@)?\//i.exec(url);
  let parsed: URL;
  try {
    parsed = new URL(
      hostless
        ? `${hostless[1]}${hostless[2] ?? ''}${NO_HOST}/${url.slice(hostless[0].length)}`
        : url,
    );
  } catch {
    return { url, env: {} };
  }
  const env: NodeJS.ProcessEnv = {};
  if (parsed.password) {
    env['PGPASSWORD'] = decodeURIComponent(parsed.password);
    parsed.password = '';
  }
  const given = parsed.searchParams.get('password');
  if (given !== null) {
    env['PGPASSWORD'] = given;
    parsed.searchParams.delete('password');
  }
  // node-postgres's words for TLS, in libpq's: `ssl` is not libpq's, and `no-verify` (encrypted,
  // certificate unchecked) is libpq's `require`.
  const ssl = parsed.searchParams.get('ssl');
  if (ssl !== null) {
    parsed.searchParams.delete('ssl');
    if (!parsed.searchParams.has('sslmode') && /^(?:true|1|on|require)$/i.test(ssl)) {
      parsed.searchParams.set('sslmode', 'require');
    }
  }
  if (parsed.searchParams.get('sslmode') === 'no-verify')
    parsed.searchParams.set('sslmode', 'require');
  const text = parsed.toString();
  return { url: hostless ? text.replace(`${NO_HOST}`, '') : text, env };
}

/**
 * Runs a PostgreSQL client program, failing with what it said. Its output goes to `stdout` (a
 * file descriptor), or is answered as text when `'capture'`d. A `guarded` program dies with this
 * process: a restore whose Node process is killed must not leave pg_restore to commit on its own.
 */
function run(
  program: string,
  args: string[],
  stdout: number | 'ignore' | 'capture' = 'ignore',
  { guarded = false, env = {} }: { guarded?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const [file, fileArgs] =
      guarded && SETPRIV
        ? [SETPRIV, ['--pdeathsig', 'INT', '--', program, ...args]]
        : [program, args];
    const child = spawn(file, fileArgs, {
      stdio: ['ignore', stdout === 'capture' ? 'pipe' : stdout, 'pipe'],
      env: { ...process.env, ...env },
    });
    const watchdog =
      guarded && child.pid !== undefined
        ? spawn(process.execPath, ['-e', WATCHDOG, String(child.pid)], {
            stdio: ['pipe', 'ignore', 'ignore'],
          })
        : null;
    // The watchdog gone while the program runs (killed on its own): the program goes with it,
    // and the run fails, rather than going on unguarded.
    let watched = true;
    watchdog?.on('exit', () => {
      if (!watched) return;
      // As the watchdog would: an interrupt (pg_restore cancels its backend), then a kill.
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });
    const unwatch = () => {
      watched = false;
      watchdog?.kill('SIGKILL');
    };
    let out = '';
    let said = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.on('exit', unwatch);
    child.on('error', (error) =>
      reject(
        new BackupRefusedError(
          `${program} could not run (${error.message}): install PostgreSQL's client programs (apt-get install postgresql-client).`,
        ),
      ),
    );
    child.on('close', (code, signal) => {
      if (code === 0) resolve(out);
      // setpriv could not start it: as if it were not there.
      else if (file === SETPRIV && code === 127) {
        reject(
          new BackupRefusedError(
            `${program} could not run (${said.trim()}): install PostgreSQL's client programs (apt-get install postgresql-client).`,
          ),
        );
      } else reject(new Error(`${program} failed (${code ?? signal}): ${said.trim()}`));
    });
  });
}

/** The migrations a pg_dump archive's database had applied (its app_migrations rows). */
async function migrationsInDump(file: string): Promise<string[]> {
  const text = await run(
    'pg_restore',
    ['--data-only', '--table=app_migrations', '--file=-', file],
    'capture',
  );
  // COPY public.app_migrations (name, …) FROM stdin; then a row a line, up to "\.".
  const copy = /^COPY \S*app_migrations \(([^)]*)\) FROM stdin;\n([\s\S]*?)^\\\.$/m.exec(text);
  if (!copy) return [];
  const nameAt = copy[1]!
    .split(',')
    .map((c) => c.trim())
    .indexOf('name');
  return copy[2]!
    .split('\n')
    .filter(Boolean)
    .map((row) => row.split('\t')[nameAt]!);
}

/** Backs up the PostgreSQL database at `url` with pg_dump, in its custom format. */
export function backupPostgres(url: string, file: string): Promise<void> {
  // Rate-limit hits live minutes, in an unlogged table: left out, as PGlite's dump leaves them.
  return writeWhole(file, async (fd) => {
    const connection = libpqConnection(url);
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-unlogged-table-data', `--dbname=${connection.url}`],
      fd,
      { env: connection.env },
    );
  });
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
    if (tables > 0) {
      // A backup from before some of this database's migrations: replacing the tables it holds
      // would leave the newer ones behind while the migrations' list went back, and no server
      // could start on the result (it would try to create them again).
      const inDump = new Set(await migrationsInDump(file));
      const { rows: applied } = await client.query<{ name: string }>(
        'select name from app_migrations order by name',
      );
      const newer = applied.map((r) => r.name).filter((name) => !inDump.has(name));
      if (newer.length > 0) {
        throw new BackupRefusedError(
          `This backup is older than the database: it lacks ${newer.length} of its migrations (${newer.at(-1)} the last). Restore it into an empty database (createdb) and start the server there, which applies the newer migrations. Nothing was changed here.`,
        );
      }
    }
    const connection = libpqConnection(url);
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--exit-on-error',
        '--single-transaction',
        ...(force ? ['--clean', '--if-exists'] : []),
        `--dbname=${connection.url}`,
        file,
      ],
      'ignore',
      { guarded: true, env: connection.env },
    );
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

/** The names defaultBackupFile gives: only these are ever pruned. */
const OWN_BACKUP = /^almquest-(?:pglite|postgres)-\d{4}-\d\d-\d\dT[\d-]+Z\.(?:tar\.gz|dump)$/;

/**
 * Deletes the backups in `folder` older than `days` (BACKUP_DAYS; decision 043): a backup holds
 * people's data, including people who have since deleted their account, so it is kept no longer
 * than the privacy notice says. Only files named as this tool names them; the newest is always
 * kept, however old. Returns the names deleted.
 */
export function pruneOldBackups(folder: string, days: number, now: Date = new Date()): string[] {
  if (!existsSync(folder)) return [];
  const own = readdirSync(folder)
    .filter((name) => OWN_BACKUP.test(name))
    .map((name) => ({ name, at: statSync(path.join(folder, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  const before = now.getTime() - days * 86_400_000;
  const old = own.slice(1).filter((file) => file.at < before);
  for (const file of old) rmSync(path.join(folder, file.name), { force: true });
  return old.map((file) => file.name);
}
