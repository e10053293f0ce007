import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from './client';
import { areaCentre } from '../matching/geometry';
import { LAST_MIGRATION_WITH_FUNCTIONS, migrate, readFunctions, readMigrations } from './migrate';
import * as schema from './schema';
import { users } from './schema';
import { REPORT_REASONS } from '@almquest/contracts/coordinator';
import { LOCALES } from '@almquest/contracts/locales';
import { NOTIFICATION_KINDS } from '@almquest/contracts/notifications';
import { DIETS, PACKAGE_EVENT_KINDS, PACKAGE_STATES } from '@almquest/contracts/packages';
import { openTestDatabase } from '../test/test-app';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Every migration in the folder, in the order they apply. */
async function allMigrations(): Promise<string[]> {
  return (await readdir(migrationsDir))
    .filter((f) => /^\d{4}_.*\.sql$/.test(f))
    .sort()
    .map((f) => f.replace(/\.sql$/, ''));
}

async function expectMigratedSchema(database: Database) {
  const tables = await queryRows<{ table_name: string }>(
    database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  );
  expect(tables.map((t) => t.table_name)).toEqual(
    expect.arrayContaining([
      'users',
      'donors',
      'distributors',
      'packages',
      'notifications',
      'sessions',
      'contact_messages',
      'places',
      'app_migrations',
    ]),
  );
  const extensions = await queryRows<{ extname: string }>(
    database.db,
    sql`select extname from pg_extension`,
  );
  expect(extensions.map((e) => e.extname)).toEqual(
    expect.arrayContaining(['cube', 'earthdistance', 'pg_trgm']),
  );
  // The matching index is a GiST index over the distributor's area on earthdistance's sphere
  // (decision 003), stored as a column so that a probe computes nothing per row.
  const indexes = await queryRows<{ indexdef: string }>(
    database.db,
    sql`select indexdef from pg_indexes where indexname = 'users_distributor_area_gist'`,
  );
  expect(indexes[0]?.indexdef).toMatch(/USING gist \(area_earth\)/);
}

/** The plan PostgreSQL would follow for a statement, as one text. */
async function planOf(db: Parameters<typeof queryRows>[0], statement: SQL): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain ${statement}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** Migrates an empty database, then again as an existing one. */
/** A database as an older release left it: every migration before `name`, and its record. */
async function migrateBefore(database: Database, name: string) {
  const before = (await readMigrations()).filter((m) => m.name < name);
  for (const migration of before) {
    for (const statement of migration.statements) await database.db.execute(sql.raw(statement));
  }
  await database.db.execute(sql`
    create table app_migrations (name text primary key, applied_at timestamptz not null default now())`);
  for (const migration of before) {
    await database.db.execute(sql`insert into app_migrations (name) values (${migration.name})`);
  }
}

async function migrateTwice(database: Database) {
  const first = await migrate(database.db);
  expect(first).toEqual(await allMigrations());
  expect(first.slice(0, 2)).toEqual(['0000_extensions', '0001_initial']);
  await expectMigratedSchema(database);
  expect(await migrate(database.db)).toEqual([]);
}

describe('migrations', () => {
  it('refuse to start on a database that ran a migration since edited, naming it', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrate(database.db);
      // As if 0019's file had said something else when this database ran it.
      await database.db.execute(
        sql`update app_migrations set checksum = 'edited' where name like '0019_%'`,
      );
      await expect(migrate(database.db)).rejects.toThrow(/Migration 0019_\w+ has changed/);
      // A database migrated before checksums were kept takes what the files say now.
      await database.db.execute(sql`update app_migrations set checksum = null`);
      expect(await migrate(database.db)).toEqual([]);
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from app_migrations where checksum is null`,
      );
      expect(row!.n).toBe(0);
    } finally {
      await database.close();
    }
  });

  it("give a person's list pages their order from the person's own index", async () => {
    // The list reads ORDER BY created_at DESC, id DESC (NULLS FIRST, as DESC means); an index
    // ending NULLS LAST cannot give that order, and at 1M packages the planner walked every
    // package newest first instead (the scale benchmark: 37 ms a page).
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrate(database.db);
      for (const column of ['donor_id', 'distributor_id']) {
        const text = await database.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_sort = off`);
          return planOf(
            tx,
            sql`select * from packages
                where ${sql.raw(column)} = '00000000-0000-4000-8000-000000000001'
                order by created_at desc, id desc limit 11`,
          );
        });
        expect(text, text).toContain(`packages_${column.replace('_id', '')}_created_id`);
        expect(text, text).not.toMatch(/Sort/);
      }
    } finally {
      await database.close();
    }
  });

  it('ask who turned a package down from an index, also in the plan kept per connection', async () => {
    // Matching keeps generic plans; without an index the generic plan read every timeline entry
    // once per candidate (a match took 245 ms beside 300k entries). The package's own entries
    // (almquest_turned_down, inlined into the walk) are read once per look, by package.
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrate(database.db);
      const text = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`prepare turned_down_probe(uuid, float8, float8, uuid) as
          select c.id from almquest_walk($1, $2, $3, 5::float8, 'veg', $4, 1, '{}'::uuid[], 64, null) c
          where c.feasible
          order by c.area <-> almquest_earth_point($2, $3) limit 32`);
        const plan = await planOf(
          tx,
          sql`execute turned_down_probe('00000000-0000-4000-8000-000000000001', 28.6, 77.2, null)`,
        );
        await tx.execute(sql`deallocate turned_down_probe`);
        return plan;
      });
      expect(text, text).toContain('package_events_turned_down');
      expect(text, text).toMatch(/Index Cond: \(\(package_id = \$1\)/);
      expect(text, text).not.toMatch(/Seq Scan on package_events/);
    } finally {
      await database.close();
    }
  });

  it('store earth points that a restore with no search path can compute, as ll_to_earth does', async () => {
    // pg_dump restores with an empty search path; a column computed by ll_to_earth (whose body
    // names earth() unqualified in PostgreSQL 15's earthdistance) could not be recreated (an
    // attacker found it). On the server the tests run against, as a restore would meet it.
    const database = await openTestDatabase();
    try {
      const computed = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local search_path = ''`);
        const columns = await queryRows<{ name: string; expr: string }>(
          tx,
          sql`select c.relname || '.' || a.attname as name, pg_get_expr(d.adbin, d.adrelid) as expr
              from pg_catalog.pg_attribute a
              join pg_catalog.pg_class c on c.oid = a.attrelid
              join pg_catalog.pg_namespace n on n.oid = c.relnamespace
              join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
              where n.nspname = 'public' and a.attgenerated = 's'
              order by 1`,
        );
        const values: Record<string, string> = {};
        for (const { name, expr } of columns) {
          const [row] = await queryRows<{ value: string }>(
            tx,
            sql`select (${sql.raw(expr)})::text as value
                from (select 28.6::float8 as lat, 77.2::float8 as lng) s`,
          );
          values[name] = row!.value;
        }
        return values;
      });
      const [expected] = await queryRows<{ place: string; area: string }>(
        database.db,
        sql`select ll_to_earth(28.6, 77.2)::cube::text as place,
                   ll_to_earth(28.605, 77.205)::cube::text as area`,
      );
      expect(computed['places.earth']).toBe(expected!.place);
      expect(computed['users.area_earth']).toBe(expected!.area);
    } finally {
      await database.close();
    }
  });

  it('apply to an empty PGlite database and are skipped on an existing one', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrateTwice(database);
    } finally {
      await database.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'apply to an empty PostgreSQL database and are skipped on an existing one',
    async () => {
      const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? '');
      const name = `almquest_migrate_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: serverUrl.toString() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString() });
      try {
        // Two processes starting at once: the advisory lock lets one migrate, the other waits.
        const twin = await openDatabase({ kind: 'postgres', url: url.toString() });
        const [a, b] = await Promise.all([migrate(database.db), migrate(twin.db)]);
        await twin.close();
        expect([...a, ...b].sort()).toEqual(await allMigrations());
        await expectMigratedSchema(database);
        expect(await migrate(database.db)).toEqual([]);
      } finally {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );

  it('turn notifications stored as English sentences into kinds, losing none (0008)', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      // A database as it was before 0008, holding notifications of every kind.
      await migrateBefore(database, '0008');
      const [user] = await queryRows<{ id: string }>(
        database.db,
        sql`insert into users (email, name) values ('old@example.org', 'Old Timer') returning id`,
      );
      const rows: [state: string, userType: string, message: string][] = [
        ['Paired', 'Donor', 'Hurray! We have found a distributor for your package!'],
        ['Paired', 'Distributor', 'Hurray! We have assigned you to a donor!'],
        ['Not Paired', 'Donor', 'Oops! Looks like there are no distributors available near you.'],
        ['Received', 'Donor', 'Yaay! Your package has been received by the distributor!'],
        ['Distributed', 'Donor', 'Woah! Your package has been successfully distributed!'],
      ];
      for (const [state, userType, message] of rows) {
        await database.db.execute(sql`
          insert into notifications (user_id, state, user_type, message)
          values (${user!.id}, ${state}, ${userType}, ${message})`);
      }

      expect(await migrate(database.db)).toEqual(
        (await allMigrations()).filter((name) => name >= '0008'),
      );
      const kinds = await queryRows<{ kind: string }>(
        database.db,
        sql`select kind from notifications order by id`,
      );
      expect(kinds.map((k) => k.kind)).toEqual([
        'pairedDonor',
        'pairedDistributor',
        'notPaired',
        'received',
        'distributed',
      ]);
      const [person] = await queryRows<{ locale: string | null }>(
        database.db,
        sql`select locale from users where id = ${user!.id}`,
      );
      expect(person!.locale).toBeNull();
    } finally {
      await database.close();
    }
  });

  it('give packages from before pickup windows a window, a code and a timeline (0009)', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrateBefore(database, '0009');
      const [donor] = await queryRows<{ id: string }>(
        database.db,
        sql`insert into users (email, name) values ('donor@example.org', 'Old Donor') returning id`,
      );
      const [distributor] = await queryRows<{ id: string }>(
        database.db,
        sql`insert into users (email, name) values ('dist@example.org', 'Old Distributor') returning id`,
      );
      for (const [state, paired, received, distributed] of [
        ['Not Paired', false, false, false],
        ['Paired', true, false, false],
        ['Received', true, true, false],
        ['Distributed', true, true, true],
      ] as const) {
        await database.db.execute(sql`
          insert into packages (donor_id, donor_name, donor_phone, state, address, lat, lng,
            quantity, travel_capacity, created_at, distributor_id, distributor_name,
            paired_at, received_at, distributed_at)
          values (${donor!.id}, 'Old Donor', '9876543210', ${state}, 'Somewhere', 20, 78, 5, 8,
            now() - interval '5 days',
            ${paired ? distributor!.id : null}, ${paired ? 'Old Distributor' : null},
            ${paired ? sql`now() - interval '5 days'` : null},
            ${received ? sql`now() - interval '4 days'` : null},
            ${distributed ? sql`now() - interval '3 days'` : null})`);
      }

      await migrate(database.db);
      const rows = await queryRows<{
        state: string;
        open_window: boolean;
        handover_code: string | null;
        kinds: string[];
      }>(
        database.db,
        sql`select p.state, p.ready_until > now() + interval '47 hours' as open_window,
              p.handover_code, array_agg(e.kind order by e.id) as kinds
            from packages p join package_events e on e.package_id = p.id
            group by p.id order by p.state`,
      );
      expect(rows).toEqual([
        {
          state: 'Distributed',
          open_window: false,
          handover_code: null,
          kinds: ['created', 'paired', 'received', 'distributed'],
        },
        { state: 'Not Paired', open_window: true, handover_code: null, kinds: ['created'] },
        {
          state: 'Paired',
          open_window: true,
          handover_code: expect.stringMatching(/^\d{4}$/),
          kinds: ['created', 'paired'],
        },
        {
          state: 'Received',
          open_window: false,
          handover_code: null,
          kinds: ['created', 'paired', 'received'],
        },
      ]);
    } finally {
      await database.close();
    }
  });

  it("give each distributor the record their packages' timelines tell (0035)", async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrateBefore(database, '0035');
      const [donor, reliable, silent] = await queryRows<{ id: string }>(
        database.db,
        sql`insert into users (email, name) values ('donor@example.org', 'Donor'),
              ('reliable@example.org', 'Reliable'), ('silent@example.org', 'Silent')
            returning id`,
      );
      await database.db.execute(sql`
        insert into distributors (user_id, distance_range, max_capacity)
        values (${reliable!.id}, 5, 50), (${silent!.id}, 5, 50)`);
      /** A package due in an hour, paired `noticeHours` before that; events `minutes` from now. */
      const pkg = async (
        state: string,
        holder: string | null,
        events: [kind: string, who: string, minutes?: number][],
        noticeHours = 2,
      ) => {
        const [row] = await queryRows<{ id: string }>(
          database.db,
          sql`insert into packages (donor_id, donor_name, donor_phone, state, address, lat, lng,
                quantity, travel_capacity, ready_until, warn_at, distributor_id,
                distributor_name, paired_at)
              values (${donor!.id}, 'Donor', '9876543210', ${state}, 'Somewhere', 20, 78, 5, 8,
                now() + interval '1 hour', now(), ${holder}::uuid, ${holder ? 'Holder' : null},
                ${holder ? sql`now() + interval '1 hour' - ${noticeHours * 60} * interval '1 minute'` : null})
              returning id`,
        );
        for (const [kind, who, minutes = 0] of events) {
          await database.db.execute(sql`
            insert into package_events (package_id, kind, distributor_id, at)
            values (${row!.id}, ${kind}, ${who}::uuid, now() + ${minutes} * interval '1 minute')`);
        }
      };
      await pkg('Distributed', reliable!.id, [
        ['lapsed', silent!.id],
        ['received', reliable!.id],
        ['distributed', reliable!.id],
      ]);
      await pkg('Received', reliable!.id, [['received', reliable!.id]]);
      await pkg('Expired', silent!.id, [['paired', silent!.id]]);
      // Paired with half an hour's notice: nobody is charged for missing it...
      await pkg('Expired', reliable!.id, [['paired', reliable!.id]], 0.5);
      // ...unless they accepted it themselves, seeing the pick-up time.
      await pkg('Expired', silent!.id, [['accepted', silent!.id]], 0.5);
      await pkg('Expired', null, [['lapsed', silent!.id]]);
      // An offer that lapsed with the food's window (cut short by it) charges nobody.
      await pkg('Expired', null, [['lapsed', reliable!.id, 60]]);
      // Given back with 20 minutes left after two hours' notice: a miss; with 40 left: none.
      await pkg('Not Paired', null, [
        ['paired', reliable!.id, -60],
        ['released', reliable!.id, 40],
      ]);
      await pkg('Not Paired', null, [
        ['paired', silent!.id, -60],
        ['released', silent!.id, 20],
      ]);

      await migrate(database.db);
      const rows = await queryRows<{ name: string; lapsed: number; missed: number; got: number }>(
        database.db,
        sql`select u.name, d.offers_lapsed as lapsed, d.pickups_missed as missed,
                   d.pickups_collected as got
              from distributors d join users u on u.id = d.user_id order by u.name`,
      );
      expect(rows).toEqual([
        { name: 'Reliable', lapsed: 0, missed: 1, got: 2 },
        { name: 'Silent', lapsed: 2, missed: 2, got: 0 },
      ]);
    } finally {
      await database.close();
    }
  });

  it('keep every week, state and city of the impact equal to the packages, whatever writes them (0030)', async () => {
    // One trigger writes a package's impact delta and tells the other processes (migration
    // 0030); rows written by hand count as the app's do. On the shared test database too: the
    // two sides are read in one statement, so other files' writes cannot come between them.
    const database = await openTestDatabase();
    try {
      const db = database.db;
      const [donor] = await queryRows<{ id: string }>(
        db,
        sql`insert into users (email, name, user_type) values (${`impact-${Date.now()}@db.test`}, 'Impact', 'donor')
            returning id`,
      );
      const insertPackage = async (quantity: number) => {
        const [row] = await queryRows<{ id: string }>(
          db,
          // Far out at sea (no city, no distributor): 12N 63E.
          sql`insert into packages (donor_id, donor_name, donor_phone, address, lat, lng, quantity,
                travel_capacity, ready_until, warn_at)
              values (${donor!.id}::uuid, 'Impact', '9876543210', 'At sea', 12, 63, ${quantity}, 0,
                now() + interval '3 hours', now() + interval '1 hour')
              returning id`,
        );
        return row!.id;
      };
      const kept = await insertPackage(7);
      const gone = await insertPackage(9);
      const change = (set: SQL) => db.execute(sql`update packages set ${set} where id = ${kept}`);
      await change(sql`warned_at = now()`);
      await change(sql`state = 'Cancelled'`);
      // Each figure the impact counts, changed on its own.
      await change(sql`city = 'Elsewhere'`);
      await change(sql`quantity = 8`);
      await change(sql`served_count = 3`);
      await change(sql`created_at = created_at - interval '9 days'`);
      await db.execute(sql`delete from packages where id = ${gone}`);
      await db.execute(sql`select fold_impact_deltas()`);
      await change(sql`quantity = quantity + 1`);
      const [sides] = await queryRows<{ summary: string; counted: string }>(
        db,
        sql`select
              (select coalesce(json_agg(s order by s.week, s.state, s.city), '[]')::text from (
                 select week, state, city, sum(packages)::int as packages,
                        sum(meals)::int as meals, sum(served)::int as served
                   from (select week, state, city, packages, meals, served from impact_totals
                         union all
                         select week, state, city, packages, meals, served from impact_deltas) t
                  group by week, state, city
                 having sum(packages) <> 0 or sum(meals) <> 0 or sum(served) <> 0) s) as summary,
              (select coalesce(json_agg(c order by c.week, c.state, c.city), '[]')::text from (
                 select impact_week(created_at) as week, state, coalesce(city, '') as city,
                        count(*)::int as packages, sum(quantity)::int as meals,
                        sum(coalesce(served_count, 0))::int as served
                   from packages group by 1, 2, 3) c) as counted`,
      );
      expect(JSON.parse(sides!.summary)).toEqual(JSON.parse(sides!.counted));
    } finally {
      await database.close();
    }
  });

  it('match the Drizzle schema (no change is left without a migration)', async () => {
    const snapshot = JSON.parse(
      await readFile(path.join(migrationsDir, 'snapshot.json'), 'utf8'),
    ) as ReturnType<typeof generateDrizzleJson>;
    const pending = await generateMigration(snapshot, generateDrizzleJson(schema, snapshot.id));
    expect(pending).toEqual([]);
  });
});

describe('SQL functions', () => {
  /** The functions and triggers a database has that are ours (not an extension's). */
  async function ourCode(database: Database) {
    const functions = await queryRows<{ name: string }>(
      database.db,
      sql`select p.proname as name from pg_proc p
          join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public'
            and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    );
    const triggers = await queryRows<{ name: string }>(
      database.db,
      sql`select tgname as name from pg_trigger where not tgisinternal`,
    );
    return { functions: functions.map((f) => f.name), triggers: triggers.map((t) => t.name) };
  }

  it('live one per file, each file the function it is named after and only its own triggers', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const { functions, triggers } = await ourCode(database);
      const files = await readFunctions();
      expect(files.map((f) => f.name).sort()).toEqual([...functions].sort());
      const made = new Set<string>();
      for (const file of files) {
        const text = file.statements.join('\n');
        const defines = [...text.matchAll(/create or replace function (\w+)\s*\(/gi)];
        expect(
          defines.map((m) => m[1]),
          file.name,
        ).toEqual([file.name]);
        for (const m of text.matchAll(/create (?:or replace |constraint )trigger (\w+)/gi)) {
          expect(text, `${m[1]} in ${file.name}`).toMatch(
            new RegExp(`execute function ${file.name}\\(`),
          );
          made.add(m[1]!);
        }
      }
      expect([...made].sort()).toEqual([...triggers].sort());
    } finally {
      await database.close();
    }
  });

  it('are applied again when their file changes, and only then', async () => {
    const database = await openTestDatabase('pglite');
    const week = sql`select impact_week('2026-11-26T12:00:00Z')::text as w`;
    try {
      const [before] = await queryRows<{ w: string }>(database.db, week);
      // Changed by hand: the file has not changed, so the next start leaves it alone.
      await database.db.execute(sql`
        create or replace function impact_week(t timestamptz) returns timestamptz
        language sql immutable as $$ select t $$`);
      await migrate(database.db);
      expect((await queryRows<{ w: string }>(database.db, week))[0]!.w).not.toBe(before!.w);
      // As if the file had said something else when this database applied it.
      await database.db.execute(
        sql`update app_functions set checksum = 'older' where name = 'impact_week'`,
      );
      expect(await migrate(database.db)).toEqual([]);
      expect((await queryRows<{ w: string }>(database.db, week))[0]).toEqual(before);
      const [row] = await queryRows<{ checksum: string }>(
        database.db,
        sql`select checksum from app_functions where name = 'impact_week'`,
      );
      const file = (await readFunctions()).find((f) => f.name === 'impact_week');
      expect(row!.checksum).toBe(file!.checksum);
    } finally {
      await database.close();
    }
  });

  it('are only in db/functions from now on: later migrations change the schema only', async () => {
    const later = (await readMigrations()).filter((m) => m.name > LAST_MIGRATION_WITH_FUNCTIONS);
    for (const migration of later) {
      for (const statement of migration.statements) {
        expect(statement, migration.name).not.toMatch(
          /create\s+(or\s+replace\s+)?(constraint\s+)?(function|trigger|procedure)\b/i,
        );
      }
    }
    expect(await allMigrations()).toContain(LAST_MIGRATION_WITH_FUNCTIONS);
  });
});

describe('PGlite storage', () => {
  it('keeps data across a restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'almquest-pglite-'));
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir });
      await migrate(first.db);
      await first.db.insert(users).values({ email: 'Asha@Example.org', name: 'Asha' });
      await first.close();

      const second = await openDatabase({ kind: 'pglite', dataDir });
      expect(await migrate(second.db)).toEqual([]);
      const rows = await second.db.select().from(users);
      expect(rows.map((r) => r.email)).toEqual(['Asha@Example.org']);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("computes each person's area as matching's geometry does", async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrate(database.db);
      const points: [number, number][] = [
        [26.9012, 70.9013],
        [27.0088, 70.9091],
        [12.97, 77.59],
        [8.0, 68.0],
        [-0.004, -0.001],
        [90, 180],
        [35.6749999, 97.4100001],
      ];
      const rows = await database.db
        .insert(users)
        .values(
          points.map(([lat, lng], i) => ({ email: `p${i}@example.org`, name: 'P', lat, lng })),
        )
        .returning({
          lat: users.lat,
          lng: users.lng,
          areaLat: users.areaLat,
          areaLng: users.areaLng,
        });
      for (const row of rows) {
        expect([row.areaLat, row.areaLng]).toEqual(areaCentre([row.lat!, row.lng!]));
      }
    } finally {
      await database.close();
    }
  });

  it('refuses a second account with the same email in any letter case', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrate(database.db);
      await database.db.insert(users).values({ email: 'ravi@example.org', name: 'Ravi' });
      await expect(
        database.db.insert(users).values({ email: 'RAVI@example.org', name: 'Ravi again' }),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });

  it('refuses a kind, state, diet or language outside their fixed lists', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrate(database.db);
      const [user] = await database.db
        .insert(users)
        .values({ email: 'mina@example.org', name: 'Mina' })
        .returning();
      const bad = [
        sql`update users set locale = 'fr' where id = ${user!.id}`,
        sql`insert into notifications (user_id, state, user_type, kind)
            values (${user!.id}, 'Paired', 'Donor', 'paired_donor_v2')`,
        sql`insert into notifications (user_id, state, user_type, kind)
            values (${user!.id}, 'Lost', 'Donor', 'pairedDonor')`,
      ];
      for (const statement of bad) {
        await expect(database.db.execute(statement)).rejects.toMatchObject({
          cause: { message: expect.stringMatching(/check constraint/) },
        });
      }
    } finally {
      await database.close();
    }
  });

  it('keeps each fixed list whole: every value in it is taken, its neighbours are not (0030)', async () => {
    // Migration 0030 stores each list as one array constant ('{"Not Paired",...}'): a value
    // with a space, or a list cut short by the quoting, would refuse what the app writes.
    const database = await openTestDatabase();
    try {
      const checks = await queryRows<{ name: string; definition: string }>(
        database.db,
        sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
             where conname in ('packages_state', 'packages_diet', 'package_events_kind',
                               'notifications_kind', 'notifications_state', 'users_locale',
                               'notification_deliveries_channel', 'notification_deliveries_state',
                               'package_reports_reason')`,
      );
      expect(checks).toHaveLength(9);
      const lists: Record<string, readonly string[]> = {
        packages_state: PACKAGE_STATES,
        packages_diet: DIETS,
        package_events_kind: PACKAGE_EVENT_KINDS,
        notifications_kind: NOTIFICATION_KINDS,
        notifications_state: PACKAGE_STATES,
        users_locale: LOCALES,
        notification_deliveries_channel: ['push', 'email'],
        notification_deliveries_state: ['pending', 'sent', 'failed', 'dropped'],
        package_reports_reason: REPORT_REASONS,
      };
      for (const { name, definition } of checks) {
        const column = /\((\w+) = ANY/.exec(definition)?.[1];
        expect(column, definition).toBeTruthy();
        const holds = async (value: string) => {
          const [row] = await queryRows<{ holds: boolean }>(
            database.db,
            // The stored check itself, evaluated on the value (not a copy of its list).
            sql.raw(
              `select ${definition
                .replace(/^CHECK /, '')
                .replaceAll(
                  new RegExp(`\\b${column}\\b`, 'g'),
                  `'${value.replaceAll("'", "''")}'::text`,
                )} as holds`,
            ),
          );
          return row!.holds;
        };
        for (const value of lists[name]!) expect(await holds(value), `${name} ${value}`).toBe(true);
        for (const value of [`${lists[name]![0]} `, lists[name]![0]!.toUpperCase() + 'x', ''])
          expect(await holds(value), `${name} '${value}'`).toBe(false);
      }
    } finally {
      await database.close();
    }
  });
});
