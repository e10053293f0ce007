import { randomUUID } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { type AppDb, openDatabase, queryRows } from '../db/client';
import { migrate } from '../db/migrate';
import { DataDirInUseError, LOCK_FILE } from '../db/data-dir-lock';
import { finishRestore, RESTORE_JOURNAL, writeRestoreJournal } from '../db/restore-journal';
import { databaseUrl, onServer } from '../test/pg-admin';
import { createDistributor, createDonor, donate, markPackage } from '../test/factories';
import { forgetArea, nextPatches } from '../test/areas';
import { createTestApp, type TestContext } from '../test/test-app';
import {
  BackupRefusedError,
  backupPostgres,
  dumpPglite,
  libpqConnection,
  restorePgliteFolder,
  restorePostgres,
} from './backup';

const scratch = mkdtempSync(path.join(tmpdir(), 'almquest-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Every table of the schema, each with its rows' fingerprint (their text, in order). Unlogged
 * tables (rate-limit hits, minutes long) are not kept by either engine's backup.
 */
async function fingerprint(db: AppDb): Promise<Record<string, { rows: number; md5: string }>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relpersistence = 'p'
         order by 1`,
  );
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number; md5: string | null }>(
      db,
      sql.raw(`select count(*)::int as rows,
                      md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5
                 from "${name}" t`),
    );
    out[name] = { rows: row!.rows, md5: row!.md5 ?? '' };
  }
  return out;
}

/**
 * Data of every kind the app writes: people of both kinds and a coordinator's audit trail,
 * packages through their whole lifecycle and one offered, declined and waiting, notifications,
 * sessions, a contact message, the timeline, the impact figures.
 */
async function makeData(ctx: TestContext, at: ReturnType<ReturnType<typeof nextPatches>>) {
  const donor = await createDonor(ctx, { location: at(0) });
  const distributor = await createDistributor(ctx, { location: at(1), maxCapacity: 100 });
  const done = await donate(ctx, donor, { quantity: 5 });
  expect((await markPackage(ctx, distributor, done, 'Received')).status).toBe(200);
  expect(
    (await markPackage(ctx, distributor, done, 'Distributed', { servedCount: 5 })).status,
  ).toBe(200);
  const kept = await donate(ctx, donor, { quantity: 7 });
  await request(ctx.app)
    .post(`/api/package/${kept._id}/release`)
    .set('Cookie', distributor.cookie)
    .send({ reason: 'Cannot come today' });
  expect(
    (
      await request(ctx.app)
        .post(`/api/package/${done._id}/report`)
        .set('Cookie', donor.cookie)
        .send({ reason: 'no_show', note: 'Came a day late' })
    ).status,
  ).toBe(201);
  // A donation split across the distributor's room and what waits for more.
  const split = await donate(ctx, donor, { quantity: 150, allowSplit: true });
  expect(split.groupId).toBeTruthy();
  await request(ctx.app)
    .post('/api/contact')
    .send({ name: 'Asha', email: 'asha@example.org', message: 'How do I volunteer in Pune?' });
  await ctx.database.db.execute(sql`select fold_impact_deltas()`);
  // A WhatsApp number proven, then stopped from the phone, and the message that stopped it.
  await ctx.database.db.execute(sql`
    insert into messaging_channels (user_id, channel, phone, verified_at, opted_out_at, opted_out_via)
    values (${donor.profile.id}, 'whatsapp', '+919876500123', now(), now(), 'phone')`);
  await ctx.database.db.execute(
    sql`insert into messaging_inbound (provider_message_id, channel)
        values (${`wamid.backup.${randomUUID()}`}, 'whatsapp')`,
  );
  // The number stopped whoever had it, and the code sent to it counted in the minute's budget.
  await ctx.database.db.execute(sql`
    insert into messaging_number_stops (channel, phone) values ('whatsapp', '+919876500123')
    on conflict do nothing`);
  await ctx.database.db.execute(
    sql`insert into messaging_direct_sends (channel) values ('whatsapp')`,
  );
}

/**
 * Whether the PGlite folder `dir` holds the database a test marked (an `old_marker` table), after
 * checking it holds packages at all; the opening's warnings go to `warnings`.
 */
async function hasMarker(dir: string, warnings: string[] = []): Promise<boolean> {
  const db = await openDatabase(
    { kind: 'pglite', dataDir: dir },
    { onWarning: (w) => warnings.push(w) },
  );
  try {
    const [row] = await queryRows<{ marked: boolean; packages: number }>(
      db.db,
      sql`select to_regclass('old_marker') is not null as marked,
                 (select count(*)::int from packages) as packages`,
    );
    expect(row!.packages).toBeGreaterThan(0);
    return row!.marked;
  } finally {
    await db.close();
  }
}

async function expectSame(a: AppDb, b: AppDb) {
  const [before, after] = [await fingerprint(a), await fingerprint(b)];
  expect(Object.keys(after)).toEqual(Object.keys(before));
  // The tables a city's data lives in are not empty: a backup of nothing proves nothing.
  for (const table of ['users', 'donors', 'distributors', 'packages', 'package_events']) {
    expect(before[table]!.rows, table).toBeGreaterThan(0);
  }
  for (const table of ['notifications', 'sessions', 'contact_messages']) {
    expect(before[table]?.rows ?? 0, table).toBeGreaterThan(0);
  }
  expect(after).toEqual(before);
  return Object.keys(before).filter((t) => before[t]!.rows === 0);
}

describe('backup and restore, embedded database', () => {
  it('brings every table back as it was, into an empty folder', async () => {
    const ctx = await createTestApp({}, {}, 'pglite');
    try {
      await forgetArea(ctx.database.db, 'backup');
      await makeData(ctx, nextPatches('backup')());
      const file = path.join(scratch, 'pglite.tar.gz');
      // What a backup killed on the way left (its process gone): removed by the next one.
      const abandoned = `${file}.partial-2147483646-0f9e`;
      writeFileSync(abandoned, 'half a backup');
      await dumpPglite(ctx.database.pglite!, file);
      expect(existsSync(abandoned)).toBe(false);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // Never into a folder anyone may rename files in (they could swap the backup's names).
      const shared = path.join(scratch, 'shared');
      mkdirSync(shared);
      chmodSync(shared, 0o777);
      await expect(dumpPglite(ctx.database.pglite!, path.join(shared, 'b.tar.gz'))).rejects.toThrow(
        /can be written by anyone/,
      );
      expect(readdirSync(shared)).toEqual([]);
      const folder = path.join(scratch, 'restored');
      expect(await restorePgliteFolder(file, folder)).toBeNull();
      const restored = await openDatabase({ kind: 'pglite', dataDir: folder });
      try {
        // Left empty here: a coordinator's actions, sign-ins under way, impact not yet folded,
        // push devices and their deliveries, standing donations and their days and pickups
        // (tables like any other to a backup).
        expect(await expectSame(ctx.database.db, restored.db)).toEqual([
          'audit_log',
          'auth_requests',
          'impact_deltas',
          'notification_deliveries',
          'push_subscriptions',
          'standing_donation_days',
          'standing_donations',
          'standing_pickup_stops',
          'standing_pickups',
        ]);
      } finally {
        await restored.close();
      }
      // Over a folder that holds a database: refused, unless forced (the old one is kept).
      await expect(restorePgliteFolder(file, folder)).rejects.toThrow(/already holds a database/);
      // An archive that is not a database, even forced, leaves the folder as it was.
      const before = readdirSync(folder).sort();
      const broken = path.join(scratch, 'broken.tar.gz');
      writeFileSync(broken, (await readFile(file)).subarray(0, 4096));
      await expect(restorePgliteFolder(broken, folder, { force: true })).rejects.toThrow(
        /not a whole backup.*is as it was/,
      );
      expect(readdirSync(folder).sort()).toEqual(before);
      const foreign = path.join(scratch, 'foreign.tar.gz');
      writeFileSync(foreign, gzipSync(Buffer.from('not a database')));
      await expect(restorePgliteFolder(foreign, folder, { force: true })).rejects.toThrow(
        /is as it was/,
      );
      expect(readdirSync(folder).sort()).toEqual(before);
      expect(readdirSync(scratch).filter((f) => f.includes('.restoring-'))).toEqual([]);
      const keptAt = await restorePgliteFolder(file, folder, { force: true });
      expect(keptAt).toMatch(/restored\.before-restore-/);
      const again = await openDatabase({ kind: 'pglite', dataDir: folder });
      await again.close();
    } finally {
      await ctx.close();
    }
  }, 120_000); // a whole PGlite dump and restore: 25 s here on a quiet machine

  it('holds the folder for its whole run: a server started mid-restore is refused', async () => {
    // The archive and the folder of the test before: a forced restore over a database.
    const file = path.join(scratch, 'pglite.tar.gz');
    const folder = path.join(scratch, 'restored');
    const lock = path.join(folder, LOCK_FILE);
    const restore = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/restore.ts', file, '--force'],
      {
        cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: folder, NODE_ENV: 'test' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let said = '';
    restore.stdout.on('data', (c: Buffer) => (said += c.toString()));
    restore.stderr.on('data', (c: Buffer) => (said += c.toString()));
    const exited = new Promise<number | null>((resolve) => restore.on('exit', resolve));
    // A server opening the folder while the restore runs (from the lock's appearing to the end).
    let refusals = 0;
    let done = false;
    void exited.then(() => (done = true));
    while (!done) {
      if (existsSync(lock)) {
        const opening = await openDatabase({ kind: 'pglite', dataDir: folder }).catch(
          (e: unknown) => e,
        );
        if (opening instanceof DataDirInUseError) {
          refusals++;
          // Told what holds it: a restore, to wait for, not a process to kill.
          expect(opening.message).toMatch(/^A restore \(pid \d+\) is running on/);
        } else if (opening instanceof Error) throw opening;
        else {
          // Free: the restore has given the folder back (its last step). Before that, refused.
          await (opening as { close(): Promise<void> }).close();
          break;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await exited, said).toBe(0);
    expect(refusals).toBeGreaterThan(0);
    expect(said).toMatch(/Restored .* kept at .*before-restore-/);
    // The lock went with the restore; the old database is kept, unlocked, for its owner only.
    expect(existsSync(lock)).toBe(false);
    const keptAt = /kept at (\S+?)\. /.exec(said)![1]!;
    expect(existsSync(path.join(keptAt, LOCK_FILE))).toBe(false);
    expect(existsSync(path.join(keptAt, 'PG_VERSION'))).toBe(true);
    for (const dir of [folder, keptAt]) expect(statSync(dir).mode & 0o777, dir).toBe(0o700);
    const reopened = await openDatabase({ kind: 'pglite', dataDir: folder });
    try {
      const [row] = await queryRows<{ n: number }>(
        reopened.db,
        sql`select count(*)::int as n from packages`,
      );
      expect(row!.n).toBeGreaterThan(0);
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('finishes a restore killed part-way at the next opening, in either phase', async () => {
    const file = path.join(scratch, 'pglite.tar.gz');
    const folder = path.join(scratch, 'interrupted');
    // An empty folder made beforehand, open to all: the restore makes it its owner's only.
    mkdirSync(folder);
    chmodSync(folder, 0o755);
    expect(await restorePgliteFolder(file, folder)).toBeNull();
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    const mark = async () => {
      const db = await openDatabase({ kind: 'pglite', dataDir: folder });
      await db.db.execute(sql`create table old_marker (x int)`);
      await db.close();
    };
    // A staging copy a restore killed long ago left (its process gone): the next one removes it.
    mkdirSync(`${folder}.restoring-2147483646`);
    writeFileSync(`${folder}.restoring-2147483646/PG_VERSION`, '17\n');
    const entries = readdirSync(folder).filter((e) => !e.startsWith('almquest.')).length;
    expect(entries).toBeGreaterThan(5);
    // Killed while the old entries leave, then while the restored ones come in.
    for (const stopAfter of [2, entries + 2]) {
      await mark();
      let moved = 0;
      const killed = new Error('killed');
      await expect(
        restorePgliteFolder(file, folder, {
          force: true,
          afterMove: () => {
            if (++moved === stopAfter) throw killed;
          },
        }),
      ).rejects.toThrow(/stopped part-way \(killed\)/);
      // Half of one database, or none, until the next opening finishes the exchange: then the
      // restored one, whole, and the old one whole where the warning says.
      const warnings: string[] = [];
      expect(await hasMarker(folder, warnings)).toBe(false);
      expect(warnings).toHaveLength(1);
      const keptAt = /kept at (\S+)\)/.exec(warnings[0]!)![1]!;
      expect(await hasMarker(keptAt)).toBe(true);
      expect(readdirSync(folder).filter((e) => e.startsWith('almquest.'))).toEqual([]);
      expect(readdirSync(scratch).filter((e) => e.includes('.restoring-'))).toEqual([]);
    }
  }, 240_000);

  // A data folder that is a volume's mount point (a container's volume, a second disk): the old
  // database moves out to a folder beside it on another file system, so every move is a copy and
  // a delete. Making a mount point needs root; elsewhere this is said and skipped.
  const canMount = (() => {
    if (process.getuid?.() !== 0) return false;
    const probe = mkdtempSync(path.join(tmpdir(), 'almquest-mount-probe-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256m', 'tmpfs', probe], {
        stdio: 'ignore',
      });
      execFileSync('umount', [probe], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    } finally {
      rmSync(probe, { recursive: true, force: true });
    }
  })();
  it.skipIf(!canMount)(
    'restores into a folder on a file system of its own, killed part-way or not (needs root to mount)',
    async () => {
      const file = path.join(scratch, 'pglite.tar.gz');
      const folder = path.join(scratch, 'mounted');
      mkdirSync(folder);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=512m', 'tmpfs', folder]);
      try {
        expect(statSync(folder).dev).not.toBe(statSync(scratch).dev);
        expect(await restorePgliteFolder(file, folder)).toBeNull();
        const entries = readdirSync(folder).filter((e) => !e.startsWith('almquest.')).length;
        // Whole, then killed while the old entries leave, then while the restored ones come in.
        for (const stopAfter of [0, 2, entries + 2]) {
          const db = await openDatabase({ kind: 'pglite', dataDir: folder });
          await db.db.execute(sql`create table old_marker (x int)`);
          await db.close();
          let moved = 0;
          const killed = new Error('killed');
          const restoring = restorePgliteFolder(file, folder, {
            force: true,
            afterMove: () => {
              if (++moved === stopAfter) throw killed;
            },
          });
          const warnings: string[] = [];
          let kept: string;
          if (stopAfter === 0) {
            kept = (await restoring)!;
            expect(await hasMarker(folder, warnings)).toBe(false);
            expect(warnings).toEqual([]);
          } else {
            await expect(restoring).rejects.toThrow(/stopped part-way \(killed\)/);
            expect(await hasMarker(folder, warnings)).toBe(false);
            expect(warnings).toHaveLength(1);
            kept = /kept at (\S+)\)/.exec(warnings[0]!)![1]!;
          }
          expect(statSync(kept).dev).toBe(statSync(scratch).dev);
          expect(await hasMarker(kept)).toBe(true);
          // No half-made copies left on either side.
          expect(readdirSync(folder).filter((e) => e.endsWith('.copying'))).toEqual([]);
          expect(readdirSync(kept).filter((e) => e.endsWith('.copying'))).toEqual([]);
          expect(readdirSync(scratch).filter((e) => e.includes('.restoring-'))).toEqual([]);
        }
      } finally {
        execFileSync('umount', [folder]);
      }
      // A volume too small for the restored database: refused before anything moves.
      const small = path.join(scratch, 'small');
      mkdirSync(small);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', small]);
      try {
        await expect(restorePgliteFolder(file, small)).rejects.toThrow(
          /not room in .*small for the restored database: it needs \d+ MB \(\d+ MB and room to work\) and \d MB would be free/,
        );
        expect(readdirSync(small).filter((e) => !e.startsWith('almquest.'))).toEqual([]);
        expect(readdirSync(scratch).filter((e) => e.includes('.restoring-'))).toEqual([]);
      } finally {
        execFileSync('umount', [small]);
      }
    },
    240_000,
  );

  it('removes at its opening the staging copy a restore stopped before its exchange left', async () => {
    const folder = path.join(scratch, 'left-copy');
    mkdirSync(folder);
    // Of a process that has ended (pids are not reused this fast), and of this very one.
    const abandoned = `${folder}.restoring-2147483646`;
    const running = `${folder}.restoring-${process.pid}`;
    for (const copy of [abandoned, running]) {
      mkdirSync(copy);
      writeFileSync(path.join(copy, 'people'), 'names and phones');
    }
    await (await openDatabase({ kind: 'pglite', dataDir: folder })).close();
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(running)).toBe(true);
    rmSync(running, { recursive: true });
  });

  it('keeps a journal whose restored copy went before all of it came in', async () => {
    const folder = path.join(scratch, 'half-in');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'PG_VERSION'), '17');
    writeFileSync(
      path.join(folder, RESTORE_JOURNAL),
      JSON.stringify({
        phase: 'in',
        keptAt: null,
        restoring: `${folder}.restoring-1`,
        entries: ['PG_VERSION', 'base', 'global'],
      }),
    );
    await expect(openDatabase({ kind: 'pglite', dataDir: folder })).rejects.toThrow(
      /interrupted and its restored copy .* is gone. Run the restore again/,
    );
    expect(existsSync(path.join(folder, RESTORE_JOURNAL))).toBe(true);
    // Run again, forced: what came in is set aside, and the restore starts over.
    const notes: string[] = [];
    await restorePgliteFolder(path.join(scratch, 'pglite.tar.gz'), folder, {
      force: true,
      onNote: (note) => notes.push(note),
    });
    expect(notes.join()).toMatch(/set aside in .*half-in\.incomplete-/);
    const aside = readdirSync(scratch).find((e) => e.startsWith('half-in.incomplete-'))!;
    expect(readdirSync(path.join(scratch, aside))).toEqual(['PG_VERSION']);
    await (await openDatabase({ kind: 'pglite', dataDir: folder })).close();
  });

  it('refuses a journal naming folders a restore of this folder never makes', async () => {
    const folder = path.join(scratch, 'odd-journal');
    const elsewhere = path.join(scratch, 'elsewhere');
    mkdirSync(folder);
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, 'keep-me'), 'not a database');
    writeFileSync(
      path.join(folder, RESTORE_JOURNAL),
      JSON.stringify({ phase: 'in', keptAt: null, restoring: elsewhere }),
    );
    await expect(openDatabase({ kind: 'pglite', dataDir: folder })).rejects.toThrow(
      /names folders that are not beside this folder/,
    );
    // Nothing was moved in from there, nor deleted.
    expect(readdirSync(elsewhere)).toEqual(['keep-me']);
    expect(readdirSync(folder)).toEqual([RESTORE_JOURNAL]);
    // A journal whose restored copy is gone, with nothing of it here: refused, never opened as
    // a new empty database.
    const orphan = path.join(scratch, 'orphan-journal');
    mkdirSync(orphan);
    writeFileSync(
      path.join(orphan, RESTORE_JOURNAL),
      JSON.stringify({ phase: 'in', keptAt: null, restoring: `${orphan}.restoring-424242` }),
    );
    await expect(openDatabase({ kind: 'pglite', dataDir: orphan })).rejects.toThrow(
      /restored copy .* is gone/,
    );
    expect(readdirSync(orphan)).toEqual([RESTORE_JOURNAL]);
    // A restore that named the folder by a symlink, finished by whoever opens it by its real
    // path: the journal says how the restore named it.
    const real = path.join(scratch, 'real-folder');
    const link = path.join(scratch, 'link-to-folder');
    mkdirSync(real);
    symlinkSync(real, link);
    mkdirSync(`${link}.restoring-77`);
    writeFileSync(path.join(`${link}.restoring-77`, 'restored-entry'), 'restored');
    writeRestoreJournal(link, { phase: 'in', keptAt: null, restoring: `${link}.restoring-77` });
    expect(finishRestore(real)).toMatchObject({ phase: 'in' });
    expect(readdirSync(real)).toEqual(['restored-entry']);
  });

  it('refuses to restore over a folder a running server has open', async () => {
    const folder = path.join(scratch, 'in-use');
    const file = path.join(scratch, 'any.tar.gz');
    writeFileSync(file, 'an archive');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'PG_VERSION'), '17\n');
    const server = spawn('sleep', ['30']);
    try {
      writeFileSync(path.join(folder, LOCK_FILE), `${server.pid}\n`);
      const refusal = await restorePgliteFolder(file, folder, { force: true }).catch(
        (e: unknown) => e,
      );
      expect(refusal).toBeInstanceOf(BackupRefusedError);
      expect((refusal as Error).message).toContain(`pid ${server.pid}`);
      // Nothing was moved or written.
      expect(readdirSync(folder).sort()).toEqual([LOCK_FILE, 'PG_VERSION'].sort());
    } finally {
      server.kill();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('backup and restore, PostgreSQL', () => {
  it('brings every table back as it was, into an empty database, and never over a server', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const ctx = await createTestApp({}, {}, 'own');
    const name = `almquest_restore_${process.pid}`;
    try {
      await forgetArea(ctx.database.db, 'backup');
      await makeData(ctx, nextPatches('backup')());
      const [{ db }] = (await queryRows<{ db: string }>(
        ctx.database.db,
        sql`select current_database() as db`,
      )) as [{ db: string }];
      const source = databaseUrl(serverUrl, db);
      const file = path.join(scratch, 'postgres.dump');
      await backupPostgres(source, file);
      // Readable by its owner only; and a failed backup keeps the good one it would replace.
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const good = await readFile(file);
      await expect(backupPostgres(databaseUrl(serverUrl, `${name}_missing`), file)).rejects.toThrow(
        /pg_dump failed/,
      );
      expect((await readFile(file)).equals(good)).toBe(true);
      expect(readdirSync(scratch).filter((f) => f.includes('.partial-'))).toEqual([]);
      // A server's connections say who they are whatever the URL asks (a restore goes by it).
      const named = await openDatabase({
        kind: 'postgres',
        url: `${source}?application_name=prod`,
      });
      try {
        const [row] = await queryRows<{ name: string }>(
          named.db,
          sql`select current_setting('application_name') as name`,
        );
        expect(row!.name).toBe('almquest');
      } finally {
        await named.close();
      }
      // The source has a server on it (this test's app): never restored over.
      await expect(restorePostgres(source, file, { force: true })).rejects.toThrow(
        /server is connected/,
      );
      await onServer(serverUrl, `drop database if exists ${name}`);
      await onServer(serverUrl, `create database ${name}`);
      const target = databaseUrl(serverUrl, name);
      await restorePostgres(target, file);
      const restored = await openDatabase({ kind: 'postgres', url: target });
      try {
        await expectSame(ctx.database.db, restored.db);
      } finally {
        await restored.close();
      }
      // Now it holds AlmQuest's data: only with force.
      await expect(restorePostgres(target, file)).rejects.toThrow(/already holds AlmQuest data/);
      // A backup older than the database (it lacks a migration the database has): refused, even
      // forced, with nothing changed; restored over, the server could no longer start.
      await onServer(target, `insert into app_migrations (name) values ('9999_newer')`);
      await expect(restorePostgres(target, file, { force: true })).rejects.toThrow(
        /older than the database: it lacks 1 of its migrations \(9999_newer the last\)/,
      );
      await onServer(target, `delete from app_migrations where name = '9999_newer'`);
      // A server starting while a forced restore runs waits at its migrations, and starts on the
      // restored data only once the restore has ended.
      const order: string[] = [];
      const restoring = restorePostgres(target, file, { force: true }).then(() =>
        order.push('restored'),
      );
      const watcher = new pg.Client({ connectionString: target });
      await watcher.connect();
      let starting: Awaited<ReturnType<typeof openDatabase>> | null = null;
      try {
        for (let tries = 0; ; tries++) {
          const { rows } = await watcher.query(
            `select 1 from pg_stat_activity where application_name = 'pg_restore'`,
          );
          if (rows.length > 0) break;
          if (tries > 600) throw new Error('pg_restore never connected');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        starting = await openDatabase({ kind: 'postgres', url: target, limits: 'long' });
        let saidWaiting = false;
        const migrated = migrate(starting.db, { onWait: () => (saidWaiting = true) }).then(() =>
          order.push('server migrated'),
        );
        await restoring;
        await migrated;
        expect(order).toEqual(['restored', 'server migrated']);
        // And said why it waited (the server logs it).
        expect(saidWaiting).toBe(true);
      } finally {
        await starting?.close();
        await watcher.end();
      }
      // Killed (-9) while pg_restore's transaction is open: nothing of the backup lands, and
      // pg_restore does not go on to commit as an orphan (it once did). A URL written for
      // node-postgres (its `ssl` parameter, which PostgreSQL's programs refuse) works too.
      await backupPostgres(`${target}?ssl=false`, path.join(scratch, 'ssl-param.dump'));
      await onServer(
        target,
        `insert into app_state (key, value) values ('marker', 'after the backup')
         on conflict (key) do update set value = excluded.value`,
      );
      const blocker = new pg.Client({ connectionString: target });
      const looker = new pg.Client({ connectionString: target });
      await blocker.connect();
      await looker.connect();
      try {
        // Holds a table the forced restore must drop: pg_restore waits inside its transaction.
        await blocker.query('begin');
        await blocker.query('lock table users in access share mode');
        const restore = spawn(
          process.execPath,
          ['--import', 'tsx', 'scripts/restore.ts', file, '--force'],
          {
            cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
            env: { ...process.env, DATABASE_URL: target },
            stdio: 'ignore',
          },
        );
        const exited = new Promise((resolve) => restore.on('exit', resolve));
        // Another session looks: the blocker's view of the activity is fixed for its transaction.
        const restoreWaits = async () =>
          (
            await looker.query(
              `select 1 from pg_stat_activity
                where application_name = 'pg_restore' and wait_event_type = 'Lock'
                  and wait_event = 'relation'`,
            )
          ).rows.length > 0;
        for (let tries = 0; !(await restoreWaits()); tries++) {
          if (tries > 1500) throw new Error('pg_restore never reached the locked table');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // Every node process of the restore killed at once (its watchdog too, as `killall -9
        // node` would): pg_restore is stopped all the same, by the signal its parent's death
        // sends it, and cancels its waiting backend, so the lock it waits for is not needed.
        const children = execFileSync('pgrep', ['-P', String(restore.pid)], { encoding: 'utf8' })
          .split('\n')
          .filter(Boolean)
          .map(Number)
          .filter(
            (pid) => readlinkSync(`/proc/${pid}/exe`) === readlinkSync(`/proc/${restore.pid}/exe`),
          );
        expect(children).toHaveLength(1);
        for (const pid of [restore.pid!, ...children]) process.kill(pid, 'SIGKILL');
        await exited;
        for (let tries = 0; ; tries++) {
          const { rows } = await looker.query(
            `select 1 from pg_stat_activity where application_name = 'pg_restore'`,
          );
          if (rows.length === 0) break;
          if (tries > 1500) throw new Error('pg_restore’s session never ended');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await blocker.query('rollback');
        const { rows } = await blocker.query(`select value from app_state where key = 'marker'`);
        expect(rows).toEqual([{ value: 'after the backup' }]);
      } finally {
        await blocker.end();
        await looker.end();
      }
    } finally {
      await ctx.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    }
  });
});

describe('the connection PostgreSQL’s own programs are given', () => {
  it('keeps the password off their command line and speaks libpq’s ssl words', () => {
    expect(libpqConnection('postgres://app:s%40cret@db.example:5432/almquest?ssl=true')).toEqual({
      url: 'postgres://app@db.example:5432/almquest?sslmode=require',
      env: { PGPASSWORD: 's@cret' },
    });
    expect(libpqConnection('postgres://app@db/almquest?ssl=false&sslmode=disable')).toEqual({
      url: 'postgres://app@db/almquest?sslmode=disable',
      env: {},
    });
    // A socket's URL (no host), a password as a parameter, node-postgres's no-verify.
    expect(libpqConnection('postgres://app:pw@/almquest?host=/run/postgresql')).toEqual({
      url: 'postgres://app@/almquest?host=/run/postgresql',
      env: { PGPASSWORD: 'pw' },
    });
    expect(libpqConnection('postgres://app@db/almquest?password=pw&sslmode=no-verify')).toEqual({
      url: 'postgres://app@db/almquest?sslmode=require',
      env: { PGPASSWORD: 'pw' },
    });
  });
});
