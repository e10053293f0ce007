import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';

type LatLng = [lat: number, lng: number];

/**
 * The patch of India each test works in, handed out here instead of chosen by hand in each file.
 * Tests that share a database (CI runs every server file against one PostgreSQL database, and a
 * reused local database keeps earlier runs' people) must never reach each other's people:
 * areas.test.ts checks that points of different areas are at least 60 km apart, more than any
 * test's ranges and travel add up to. An area with `count` hands out that many patches (one per
 * test or per round), each at `points(i)`, i from 0.
 */
const AREAS = {
  /** One patch per test of packages.test.ts, inside the test gazetteer's districts. */
  packages: {
    count: 40,
    points: (i: number): LatLng => [21.3 + i * 0.3, 78 + ((i + 1) % 5) * 0.3],
  },
  /** A patch of Varanasi, where the test gazetteer has localities. */
  meetPrivacy: { count: 1, points: (): LatLng => [25.3176, 82.9739] },
  /** Two cells of the 0.01-degree grid, centres given (the Thar desert: no localities). */
  meetArea: { count: 2, points: (i: number): LatLng => [i ? 27.005 : 26.905, 70.905] },
  notifications: { count: 12, points: (i: number): LatLng => [19.8 + i * 0.3, 84.5] },
  deleteRace: { count: 20, points: (i: number): LatLng => [9 + i * 1.2, 69.2] },
  deleteRaceOwnAccount: { count: 8, points: (i: number): LatLng => [9.5 + i * 1.2, 70.4] },
  faultsOutage: { count: 1, points: (): LatLng => [12.3, 79.2] },
  faultsKill: { count: 1, points: (): LatLng => [13.6, 79.2] },
  faultsCut: { count: 1, points: (): LatLng => [14.9, 79.2] },
  silence: { count: 1, points: (): LatLng => [21.0, 74.0] },
  fanOutGap: { count: 1, points: (): LatLng => [21.0, 76.0] },
  fanOutBusy: { count: 1, points: (): LatLng => [19.5, 74.0] },
  fanOutLongGap: { count: 1, points: (): LatLng => [21.0, 80.0] },
  /** A door in the Thar (no localities), 0.4 km off the 0.01-degree point it rounds to. */
  meetDoor: { count: 1, points: (): LatLng => [28.004, 71.204] },
  impact: { count: 1, points: (): LatLng => [22.5, 88.3] },
  impactCache: { count: 1, points: (): LatLng => [23, 86] },
  malformed: { count: 1, points: (): LatLng => [10.5, 76.5] },
  fanOut: { count: 1, points: (): LatLng => [24.5, 86.5] },
  pusher: { count: 1, points: (): LatLng => [23.3, 85.3] },
  concurrency: { count: 1, points: (): LatLng => [15.5, 75.0] },
  invariants: { count: 1, points: (): LatLng => [16.5, 80.6] },
  rateLimits: { count: 1, points: (): LatLng => [31.5, 95.5] },
  /** One patch per test of lifecycle.test.ts, down the west of India, then off its south-west. */
  lifecycle: {
    count: 42,
    points: (i: number): LatLng =>
      i < 30
        ? [8.5 + i * 0.6, 73.0]
        : i < 41
          ? [8.5 + (i - 30) * 0.6, 71.8]
          : [7.9 - (i - 41) * 0.6, 71.8],
  },
  lifecycleRaces: { count: 18, points: (i: number): LatLng => [8.5 + i * 0.6, 74.2] },
  lifecycleModel: { count: 4, points: (i: number): LatLng => [27.5 + i * 0.6, 73.0] },
  /** One patch per test of push.test.ts, up the north-east. */
  push: { count: 24, points: (i: number): LatLng => [21.0 + i * 0.6, 92.5] },
  mail: { count: 18, points: (i: number): LatLng => [21.0 + i * 0.6, 94.0] },
  /** One patch per test of coordinator.test.ts, around Bengaluru and north of it. */
  coordinator: { count: 17, points: (i: number): LatLng => [12.0 + i * 0.6, 77.8] },
  /** One patch per test or round of split.test.ts, from Bengal northwards. */
  split: { count: 28, points: (i: number): LatLng => [22.0 + i * 0.55, 89.6] },
  /** The review's cases in coordinator.test.ts, a column further west. */
  coordinatorReview: { count: 14, points: (i: number): LatLng => [12.0 + i * 0.6, 76.6] },
  /** simulation/sim.test.ts: the Thar desert's north. */
  simulation: { count: 4, points: (i: number): LatLng => [29.6 + i * 0.6, 71.6] },
  /** match-sql.test.ts: by the Rann of Kutch, far from every test locality. */
  matchSql: { count: 1, points: (): LatLng => [24.0, 68.3] },
  /** metrics/metrics.test.ts: the hills of Arunachal Pradesh. */
  metrics: { count: 2, points: (i: number): LatLng => [27.3 + i * 0.6, 95.6] },
  /** ops/backup.test.ts: two rounds, one per engine, in the Andaman Sea's islands' latitude. */
  backup: { count: 2, points: (i: number): LatLng => [11.6 + i * 0.6, 92.7] },
  /** package-reads.test.ts: off the Konkan coast. */
  packageReads: { count: 7, points: (i: number): LatLng => [15.2 + i * 0.6, 71.9] },
  /** messaging/whatsapp-delivery.test.ts: Jammu and Kashmir, northwards, three columns. */
  whatsapp: {
    count: 27,
    points: (i: number): LatLng => [32.6 + (i % 9) * 0.6, 73.7 + Math.floor(i / 9) * 1.3],
  },
  /** messaging/sms.test.ts: the Eastern Ghats, from Andhra Pradesh northwards. */
  foodClock: { count: 8, points: (i: number): LatLng => [26.0 + i * 0.6, 77.0] },
  handoverSafety: { count: 6, points: (i: number): LatLng => [18.5 + i * 0.6, 80.8] },
  registration: { count: 4, points: (i: number): LatLng => [23.5 + i * 0.6, 74.5] },
  calendar: { count: 4, points: (i: number): LatLng => [13.0 + i * 0.6, 84.0] },
  standing: { count: 16, points: (i: number): LatLng => [9.0 + i * 0.6, 78.6] },
  sms: { count: 12, points: (i: number): LatLng => [17.0 + i * 0.6, 82.0] },
  /** privacy/privacy.test.ts: Odisha's coast, northwards into Jharkhand. */
  privacy: { count: 5, points: (i: number): LatLng => [20.3 + i * 0.6, 85.4] },
  /** privacy/erasure.test.ts: West Bengal's Bankura, northwards. */
  erasure: { count: 4, points: (i: number): LatLng => [23.0 + i * 0.6, 87.0] },
  /** privacy/logs.test.ts: Bihar's plains, by the Ganga. */
  logs: { count: 1, points: (): LatLng => [25.6, 85.9] },
  /** privacy/runbook.test.ts: Bundelkhand, by Panna, northwards. */
  runbook: { count: 2, points: (i: number): LatLng => [24.2 + i * 0.6, 80.3] },
  /** ops/several-processes.test.ts: the Garo Hills and north of them. */
  severalProcesses: { count: 4, points: (i: number): LatLng => [25.0 + i * 0.6, 90.4] },
} satisfies Record<string, { count: number; points: (i: number) => LatLng }>;

export type AreaName = keyof typeof AREAS;

/** Every area's points, for areas.test.ts. */
export function allAreaPoints(): { name: AreaName; point: LatLng }[] {
  return (Object.keys(AREAS) as AreaName[]).flatMap((name) =>
    Array.from({ length: AREAS[name].count }, (_, i) => ({ name, point: AREAS[name].points(i) })),
  );
}

/** What people and packages of an area are called: their address starts with this. */
export function areaPrefix(name: AreaName): string {
  return `Test area ${name} `;
}

/**
 * Patch `index` of an area: a function giving a location `northKm` north and `eastKm` east of
 * its point, with an address naming the area (so forgetArea can clear it), and the point itself.
 */
export function testArea(name: AreaName, index = 0) {
  const area = AREAS[name];
  if (index < 0 || index >= area.count) {
    throw new Error(
      `Test area ${name} has ${area.count} patches; ask for one more in test/areas.ts`,
    );
  }
  const base = area.points(index);
  const address = `${areaPrefix(name)}${index}`;
  const at = (northKm = 0, eastKm = 0) => ({
    address,
    coordinates: [base[0] + northKm / 111.2, base[1] + eastKm / 104] as [number, number],
  });
  return Object.assign(at, { base, address });
}

/**
 * Removes the packages and people an earlier run left in an area: a reused PostgreSQL test
 * database keeps them, and they would be matched in this run.
 */
export async function forgetArea(db: AppDb, name: AreaName): Promise<void> {
  const prefix = `${areaPrefix(name)}%`;
  // The area's packages, and those of its people (a package whose donor left no longer carries
  // the area's address, but its distributor still lives there).
  const packagesOf = sql`select id from packages
     where address like ${prefix}
        or distributor_id in (select id from users where address like ${prefix})
        or donor_id in (select id from users where address like ${prefix})`;
  // Reports hold on to their packages: they go first.
  await db.execute(sql`delete from package_reports where package_id in (${packagesOf})`);
  await db.execute(sql`delete from packages where id in (${packagesOf})`);
  await db.execute(sql`delete from users where address like ${prefix}`);
}

/** A file's patches of an area, one after another: each call gives the next (see testArea). */
export function nextPatches(name: AreaName): () => ReturnType<typeof testArea> {
  let index = 0;
  return () => testArea(name, index++);
}
