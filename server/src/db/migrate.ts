import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from './client';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** An arbitrary constant: the key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 7_431_001;

/** The migrations in db/migrations, in name order, each split into its statements. */
export async function readMigrations(): Promise<
  { name: string; statements: string[]; checksum: string }[]
> {
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{4}_.*\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const statements = (await readFile(path.join(migrationsDir, file), 'utf8'))
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

/**
 * Applies every migration in db/migrations that the database has not seen, in name order, all in
 * one transaction. Two processes starting at once take turns on an advisory lock, so each
 * migration runs exactly once. Returns the names of the migrations applied now.
 */
export async function migrate(db: AppDb): Promise<string[]> {
  const migrations = await readMigrations();

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(sql`
      create table if not exists app_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`);
    // What each migration said when it ran (issue #21 review: a migration edited after a database
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
    return now;
  });
}
