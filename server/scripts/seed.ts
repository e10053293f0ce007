/**
 * `npm run seed [-- --distributors N]`: demo donors and distributors around Indian cities,
 * including the demo accounts the development sign-in page offers, so a newcomer can try the
 * whole flow at once. Idempotent: running it again adds nothing twice. Uses DATABASE_URL or the
 * PGlite folder, like the server (stop the server first when using PGlite: one process at a time).
 */
import 'dotenv/config';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import type { AppDb } from '../src/db/client';
import { openForCommand } from '../src/db/open-for-command';
import { migrate } from '../src/db/migrate';
import { demoAccounts, demoCoordinator } from '../src/modules/auth/demo-accounts';
import { demoSiteContent } from '../src/modules/site/demo-site-content';
import { readSiteContent, saveSiteContent } from '../src/modules/site/site.service';

/** Cities and a rough weight: most distributors live in metros. */
const cities = [
  { name: 'New Delhi', lat: 28.6139, lng: 77.209, weight: 18 },
  { name: 'Mumbai', lat: 19.076, lng: 72.8777, weight: 18 },
  { name: 'Bengaluru', lat: 12.9716, lng: 77.5946, weight: 14 },
  { name: 'Kolkata', lat: 22.5726, lng: 88.3639, weight: 10 },
  { name: 'Chennai', lat: 13.0827, lng: 80.2707, weight: 10 },
  { name: 'Hyderabad', lat: 17.385, lng: 78.4867, weight: 10 },
  { name: 'Pune', lat: 18.5204, lng: 73.8567, weight: 6 },
  { name: 'Ahmedabad', lat: 23.0225, lng: 72.5714, weight: 5 },
  { name: 'Lucknow', lat: 26.8467, lng: 80.9462, weight: 4 },
  { name: 'Jaipur', lat: 26.9124, lng: 75.7873, weight: 3 },
  { name: 'Guwahati', lat: 26.1445, lng: 91.7362, weight: 2 },
];

/** A small seeded generator, so the same N always makes the same people in the same places. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type SeedPerson = {
  email: string;
  name: string;
  phone: string;
  address: string;
  lat: number;
  lng: number;
  kind: 'donor' | 'distributor';
  range: number;
  capacity: number;
};

export function makePeople(distributorCount: number, donorCount: number): SeedPerson[] {
  const next = random(20221122);
  const totalWeight = cities.reduce((s, c) => s + c.weight, 0);
  const pickCity = () => {
    let r = next() * totalWeight;
    for (const c of cities) if ((r -= c.weight) <= 0) return c;
    return cities[0]!;
  };
  const person = (kind: SeedPerson['kind'], i: number): SeedPerson => {
    const city = pickCity();
    // Within about 15 km of the centre, denser near it.
    const distance = 15 * Math.sqrt(next());
    const angle = next() * 2 * Math.PI;
    return {
      email: `seed.${kind}.${i}@example.org`,
      name:
        kind === 'donor'
          ? `Demo Kitchen ${i} (${city.name})`
          : `Demo Food Bank ${i} (${city.name})`,
      phone: `9${String(100000000 + i).slice(-9)}`,
      address: `${city.name} (demo)`,
      lat: city.lat + (distance / 111.2) * Math.sin(angle),
      lng: city.lng + (distance / (111.2 * Math.cos((city.lat * Math.PI) / 180))) * Math.cos(angle),
      kind,
      range: kind === 'donor' ? 8 : 10 + Math.round(next() * 10),
      capacity: kind === 'donor' ? 0 : 20 + Math.round(next() * 80),
    };
  };
  return [
    ...Array.from({ length: distributorCount }, (_, i) => person('distributor', i + 1)),
    ...Array.from({ length: donorCount }, (_, i) => person('donor', i + 1)),
  ];
}

const demoPeople: SeedPerson[] = demoAccounts.map((a) => ({
  email: a.email,
  name: a.name,
  phone: a.role === 'donor' ? '9876500001' : '9876500002',
  address:
    a.role === 'donor'
      ? 'Connaught Place, Central Delhi, Delhi 110001'
      : 'Karol Bagh, Central Delhi, Delhi 110005',
  lat: a.role === 'donor' ? 28.6431 : 28.6519,
  lng: a.role === 'donor' ? 77.2197 : 77.1909,
  kind: a.role,
  range: a.role === 'donor' ? 8 : 15,
  capacity: a.role === 'donor' ? 0 : 45,
}));

/**
 * Inserts people who are not there yet (by e-mail), with their donor or distributor rows, and
 * completes people who signed in but never registered (e.g. someone tried a demo account before
 * seeding). A registered person is never changed. Returns how many were added or completed.
 */
export async function seedPeople(db: AppDb, people: SeedPerson[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < people.length; i += 2000) {
    const batch = JSON.stringify(people.slice(i, i + 2000));
    const result = (await db.transaction(async (tx) => {
      const inserted = (await tx.execute(sql`
        insert into users (email, name, phone, address, lat, lng, user_type)
        select email, name, phone, address, lat, lng, kind
        from json_to_recordset(${batch}::json) as p(email text, name text, phone text, address text, lat float8, lng float8, kind text)
        on conflict (lower(email)) do update
          set name = excluded.name, phone = excluded.phone, address = excluded.address,
              lat = excluded.lat, lng = excluded.lng, user_type = excluded.user_type,
              updated_at = now()
          where users.user_type is null
        returning id, email, user_type`)) as unknown as {
        rows: { id: string; email: string; user_type: string }[];
      };
      await tx.execute(sql`
        insert into donors (user_id, donor_type, distance_range)
        select u.id, 'Organisation', p.range
        from json_to_recordset(${batch}::json) as p(email text, kind text, range float8)
        join users u on lower(u.email) = lower(p.email) and u.user_type = 'donor'
        where p.kind = 'donor'
        on conflict (user_id) do nothing`);
      await tx.execute(sql`
        insert into distributors (user_id, distance_range, max_capacity)
        select u.id, p.range, p.capacity
        from json_to_recordset(${batch}::json) as p(email text, kind text, range float8, capacity int)
        join users u on lower(u.email) = lower(p.email) and u.user_type = 'distributor'
        where p.kind = 'distributor'
        on conflict (user_id) do nothing`);
      return inserted.rows.length;
    })) as number;
    added += result;
  }
  return added;
}

async function main() {
  const args = process.argv.slice(2);
  const index = args.indexOf('--distributors');
  const distributorCount = index >= 0 ? Number(args[index + 1]) : 40;
  if (!Number.isInteger(distributorCount) || distributorCount < 0 || distributorCount > 1_000_000) {
    console.error('--distributors takes a whole number from 0 to 1000000');
    process.exit(2);
  }
  const config = loadConfig();
  // Seeding many people takes a while: on PostgreSQL, the limits of long jobs.
  const database = await openForCommand(
    config.database.kind === 'postgres' ? { ...config.database, limits: 'long' } : config.database,
    'Nothing was seeded',
  );
  try {
    await migrate(database.db);
    const people = [...demoPeople, ...makePeople(distributorCount, Math.min(20, distributorCount))];
    const started = Date.now();
    const added = await seedPeople(database.db, people);
    console.log(
      `Seeded ${added} people (${people.length - added} were already registered) in ${Date.now() - started} ms.`,
    );
    // The landing page's own sections, unless the operator has saved theirs.
    const site = await readSiteContent(database.db);
    const isEmpty = Object.values(site).every((list) => list.length === 0);
    if (isEmpty) await saveSiteContent(database.db, demoSiteContent);
    console.log(
      isEmpty
        ? 'Example testimonials, team, partners and social links shown on the landing page (replace them with npm run site-content).'
        : 'The landing page keeps the testimonials, team, partners and links already saved.',
    );
    console.log(
      `Demo accounts: ${demoAccounts.map((a) => a.email).join(', ')} (one click on the development sign-in page).`,
    );
    console.log(
      `Demo coordinator: ${demoCoordinator.email} (while COORDINATOR_EMAILS is unset; its own button on that page).`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1]?.endsWith('seed.ts')) await main();
