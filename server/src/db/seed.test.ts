import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedPeople } from '../../scripts/seed';
import { queryRows } from './client';
import { readMigrations } from './migrate';
import { openTestDatabase } from '../test/test-app';

describe('npm run seed', () => {
  it('registers the demo accounts and adds nothing twice', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const people = [
        {
          email: 'donor.demo@example.org',
          name: 'Demo donor',
          phone: '9876500001',
          address: 'Connaught Place',
          lat: 28.64,
          lng: 77.22,
          kind: 'donor' as const,
          range: 8,
          capacity: 0,
        },
        {
          email: 'distributor.demo@example.org',
          name: 'Demo distributor',
          phone: '9876500002',
          address: 'Karol Bagh',
          lat: 28.65,
          lng: 77.19,
          kind: 'distributor' as const,
          range: 15,
          capacity: 45,
        },
      ];
      expect(await seedPeople(database.db, people)).toBe(2);
      expect(await seedPeople(database.db, people)).toBe(0);
      const rows = await queryRows<{ email: string; user_type: string; capacity: number | null }>(
        database.db,
        sql`select u.email, u.user_type, d.max_capacity as capacity from users u left join distributors d on d.user_id = u.id order by u.email`,
      );
      expect(rows).toEqual([
        { email: 'distributor.demo@example.org', user_type: 'distributor', capacity: 45 },
        { email: 'donor.demo@example.org', user_type: 'donor', capacity: null },
      ]);
    } finally {
      await database.close();
    }
  });

  it('completes a demo account that signed in before the seed, and leaves registered people alone', async () => {
    const database = await openTestDatabase('pglite');
    try {
      // Signing in makes an unregistered row; someone else registered already.
      await database.db.execute(
        sql`insert into users (email, name) values ('donor.demo@example.org', 'Tried it first')`,
      );
      await database.db.execute(
        sql`insert into users (email, name, phone, user_type) values ('taken@example.org', 'Real Person', '9000000000', 'donor')`,
      );
      const person = (email: string, kind: 'donor' | 'distributor') => ({
        email,
        name: 'Seeded',
        phone: '9876500001',
        address: 'Connaught Place',
        lat: 28.64,
        lng: 77.22,
        kind,
        range: 8,
        capacity: 45,
      });
      const added = await seedPeople(database.db, [
        person('DONOR.demo@example.org', 'donor'),
        person('taken@example.org', 'distributor'),
      ]);
      expect(added).toBe(1);
      const rows = await queryRows<{
        email: string;
        name: string;
        user_type: string;
        is_donor: boolean;
        is_distributor: boolean;
      }>(
        database.db,
        sql`select u.email, u.name, u.user_type,
              exists (select 1 from donors d where d.user_id = u.id) as is_donor,
              exists (select 1 from distributors d where d.user_id = u.id) as is_distributor
            from users u order by u.email`,
      );
      expect(rows).toEqual([
        {
          email: 'donor.demo@example.org',
          name: 'Seeded',
          user_type: 'donor',
          is_donor: true,
          is_distributor: false,
        },
        {
          email: 'taken@example.org',
          name: 'Real Person',
          user_type: 'donor',
          is_donor: false,
          is_distributor: false,
        },
      ]);
    } finally {
      await database.close();
    }
  });
});

describe('npm run seed refusing', () => {
  it('says why in one line, without npm error lines after it', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const run = spawnSync('npm', ['run', 'seed', '--', '--distributors', 'many'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: path.join(root, 'data-never-made') },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--distributors takes a whole number');
    expect(run.stderr).not.toContain('npm error');
  });

  it('renames demo accounts a folder seeded before keeps, and no one else', async () => {
    const database = await openTestDatabase('pglite');
    try {
      await database.db.execute(sql`
        insert into users (email, name) values
          ('donor.demo@example.org', 'Annapurna Kitchen (demo donor)'),
          ('distributor.demo@example.org', 'My own kitchen'),
          ('someone@example.org', 'Meera (demo coordinator)')`);
      const migration = (await readMigrations()).find((m) => m.name === '0039_demo_account_names')!;
      for (const statement of migration.statements) await database.db.execute(sql.raw(statement));
      const names = await queryRows<{ email: string; name: string }>(
        database.db,
        sql`select email, name from users order by email`,
      );
      expect(names).toEqual([
        { email: 'distributor.demo@example.org', name: 'My own kitchen' },
        { email: 'donor.demo@example.org', name: 'Annapurna Kitchen' },
        { email: 'someone@example.org', name: 'Meera (demo coordinator)' },
      ]);
    } finally {
      await database.close();
    }
  });
});
