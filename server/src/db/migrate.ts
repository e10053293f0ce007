import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from './client';

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsDir = path.join(here, 'migrations');
const functionsDir = path.join(here, 'functions');

/**
 * An arbitrary constant: the key of the advisory lock that serialises migrations. A PostgreSQL
 * restore holds it too, so a server starting meanwhile waits at its migrations (ops/backup.ts).
 */
export const MIGRATION_LOCK_KEY = 7_431_001;

/** The last migration that may define a function or trigger; later ones change schema only. */
export const LAST_MIGRATION_WITH_FUNCTIONS = '0034_dev_idp_entries';

type SqlFile = { name: string; statements: string[]; checksum: string };

/** The .sql files of a folder matching `pattern`, in name order, each split into statements. */
async function readSqlFiles(dir: string, pattern: RegExp): Promise<SqlFile[]> {
  const files = (await readdir(dir)).filter((f) => pattern.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const statements = (await readFile(path.join(dir, file), 'utf8'))
        .replaceAll('\r\n', '\n')
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        // A chunk holding only comments is no statement (line by line: no regex over the whole text).
        .filter((s) => s.split('\n').some((line) => !/^\s*(?:--|$)/.test(line)));
      return {
        name: file.replace(/\.sql$/, ''),
        statements,
        checksum: createHash('sha256').update(statements.join('\n;\n')).digest('hex'),
      };
    }),
  );
}

/** The migrations in db/migrations, in name order, each split into its statements. */
export function readMigrations(): Promise<SqlFile[]> {
  return readSqlFiles(migrationsDir, /^\d{4}_.*\.sql$/);
}

/**
 * The SQL functions and their triggers as they are now, one file each in db/functions (a file
 * holds a function and the triggers that run it). Migrations hold the schema and its history;
 * these hold the code, changed in place.
 */
export function readFunctions(): Promise<SqlFile[]> {
  return readSqlFiles(functionsDir, /^[a-z0-9_]+\.sql$/);
}

/**
 * Applies every migration in db/migrations that the database has not seen, in name order, all in
 * one transaction. Two processes starting at once take turns on an advisory lock, so each
 * migration runs exactly once. Returns the names of the migrations applied now.
 */
export async function migrate(
  db: AppDb,
  { onWait }: { onWait?: () => void } = {},
): Promise<string[]> {
  const migrations = await readMigrations();

  return db.transaction(async (tx) => {
    // Held elsewhere (another process migrating, or a restore): said once, then waited for.
    const [free] = await queryRows<{ taken: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${MIGRATION_LOCK_KEY}) as taken`,
    );
    if (!free?.taken) {
      onWait?.();
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    }
    await tx.execute(sql`
      create table if not exists app_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`);
    // What each migration said when it ran (a migration edited after a database
    // had run it left that database silently behind the code, answering 500s later).
    await tx.execute(sql`alter table app_migrations add column if not exists checksum text`);
    const done = await queryRows<{ name: string; checksum: string | null }>(
      tx,
      sql`select name, checksum from app_migrations`,
    );
    const applied = new Map(done.map((r) => [r.name, r.checksum]));
    const now: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) {
        const recorded = applied.get(migration.name);
        if (recorded === null) {
          // Run before checksums were kept: what the file says now is taken as what ran.
          await tx.execute(
            sql`update app_migrations set checksum = ${migration.checksum} where name = ${migration.name}`,
          );
        } else if (recorded !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} has changed since this database ran it. A migration that has run is never edited: undo the edit and write a new migration (or, for a development database, start from an empty one).`,
          );
        }
        continue;
      }
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into app_migrations (name, checksum) values (${migration.name}, ${migration.checksum})`,
      );
      now.push(migration.name);
    }
    await applyFunctions(tx);
    return now;
  });
}

/**
 * Creates or replaces each function file whose text differs from what this database last applied
 * (by checksum), after the migrations: a migration leaves a function as it stood then, the file
 * says what it is now. Bodies are checked when they run, not when made, so files may refer to
 * each other in any order. A function no file names any more is dropped by a migration.
 */
async function applyFunctions(tx: Parameters<Parameters<AppDb['transaction']>[0]>[0]) {
  await tx.execute(sql`
    create table if not exists app_functions (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);
  const done = await queryRows<{ name: string; checksum: string }>(
    tx,
    sql`select name, checksum from app_functions`,
  );
  const applied = new Map(done.map((r) => [r.name, r.checksum]));
  const changed = (await readFunctions()).filter((f) => applied.get(f.name) !== f.checksum);
  if (changed.length === 0) return;
  await tx.execute(sql`set local check_function_bodies = off`);
  for (const file of changed) {
    for (const statement of file.statements) await tx.execute(sql.raw(statement));
    await tx.execute(sql`
      insert into app_functions (name, checksum) values (${file.name}, ${file.checksum})
      on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`);
  }
  await tx.execute(sql`set local check_function_bodies = on`);
}
