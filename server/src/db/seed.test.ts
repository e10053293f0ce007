import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedPeople } from '../../scripts/seed';
import { queryRows } from './client';
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
});
