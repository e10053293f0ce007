import { ImpactSchema } from '@almquest/contracts/impact';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDistributor,
  createDonor,
  donate,
  handoverCodeOf,
  withLongRecord,
} from '../../test/factories';
import { testArea } from '../../test/areas';
import { createTestApp, type TestContext } from '../../test/test-app';
import { CO2E_FACTOR } from '@almquest/contracts/impact';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { cachedImpact, countImpact, foldImpactDeltas } from './impact.service';

// A database of its own (PGlite), so the totals are exactly what this file made.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, {}, 'pglite');
});
afterAll(() => ctx.close());

describe('GET /api/impact', () => {
  it('gives anyone the totals: meals donated, packages distributed, active distributors', async () => {
    const at = testArea('impact');
    const donor = await createDonor(ctx, { location: at(0) });
    const distributor = await createDistributor(ctx, { location: at(1), maxCapacity: 100 });
    // Paired with both donations at once (decision 035).
    await withLongRecord(ctx, [distributor.profile.id]);
    await createDistributor(ctx, { location: at(40) });
    const first = await donate(ctx, donor, { quantity: 12, location: at(0) });
    await donate(ctx, donor, { quantity: 30, location: at(0) });
    for (const state of ['Received', 'Distributed']) {
      await request(ctx.app)
        .post('/api/distributor/togglePackage')
        .set('Cookie', distributor.cookie)
        .send({
          donor_id: donor.profile.id,
          distributor_id: distributor.profile.id,
          packageId: first._id,
          state,
          code: await handoverCodeOf(ctx, first._id),
          ...(state === 'Distributed' ? { servedCount: 25 } : {}),
        })
        .expect(200);
    }
    const res = await request(ctx.app).get('/api/impact').expect(200);
    const impact = ImpactSchema.parse(res.body);
    expect(impact).toMatchObject({
      mealsDonated: 42,
      packagesDistributed: 1,
      activeDistributors: 2,
    });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    // Meals distributed, people served, the city, this week, and CO2e with its source.
    expect(impact).toMatchObject({
      mealsDistributed: 12,
      peopleServed: 25,
      citiesReached: 1,
      topCities: [{ city: 'Kolkata', mealsDistributed: 12, packagesDistributed: 1 }],
      co2e: {
        kgAvoided: 12, // 12 meals × 0.4 kg × 2.5 kg CO2e per kg
        source: CO2E_FACTOR.source,
      },
    });
    expect(impact.packagesByState).toEqual([
      { state: 'Paired', packages: 1, meals: 30 },
      { state: 'Distributed', packages: 1, meals: 12 },
    ]);
    expect(impact.weeks).toHaveLength(12);
    expect(impact.weeks.at(-1)).toMatchObject({ mealsDonated: 42, mealsDistributed: 12 });
    expect(impact.weeks.slice(0, 11).every((w) => w.mealsDonated === 0)).toBe(true);
    // Folding the deltas into the totals changes no figure.
    const before = await countImpact(ctx.database.db);
    expect(await foldImpactDeltas(ctx.database.db)).toBeGreaterThan(0);
    const [left] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from impact_deltas`,
    );
    expect(left?.n).toBe(0);
    const after = await countImpact(ctx.database.db);
    expect({ ...after, countedAt: '' }).toEqual({ ...before, countedAt: '' });
  });

  it('agrees with a count over the packages table after every kind of change', async () => {
    const [counted] = await queryRows<{ meals: number; distributed: number }>(
      ctx.database.db,
      sql`select coalesce(sum(quantity) filter (where state not in ('Cancelled', 'Expired')), 0)::int as meals,
                 coalesce(sum(quantity) filter (where state = 'Distributed'), 0)::int as distributed
          from packages`,
    );
    const impact = await countImpact(ctx.database.db);
    expect(impact.mealsDonated).toBe(counted?.meals);
    expect(impact.mealsDistributed).toBe(counted?.distributed);
  });

  it("names a package's city after the nearest place within 50 km, and none farther out", async () => {
    const [row] = await queryRows<{ kolkata: string | null; sea: string | null }>(
      ctx.database.db,
      // Kolkata's centre; the middle of the Bay of Bengal, hundreds of kilometres from land.
      sql`select package_city(22.5726, 88.3639) as kolkata, package_city(15.0, 88.0) as sea`,
    );
    expect(row).toEqual({ kolkata: 'Kolkata', sea: null });
  });

  it('counts at most once a minute per process', async () => {
    const impact = cachedImpact(ctx.database.db);
    const before = await impact();
    const donor = await createDonor(ctx, { location: testArea('impactCache')(0) });
    await donate(ctx, donor, { quantity: 5 });
    expect((await impact()).mealsDonated).toBe(before.mealsDonated);
    expect((await cachedImpact(ctx.database.db, 0)()).mealsDonated).toBe(before.mealsDonated + 5);
  });

  it("counts weeks on India's calendar whatever the session's time zone (summer time included)", async () => {
    const donor = await createDonor(ctx, { location: testArea('impactCache')(0) });
    const pkg = await donate(ctx, donor, { quantity: 9 });
    // Donated two months ago: before the zone's change below.
    await ctx.database.db.execute(
      sql`update packages set created_at = now() - interval '60 days' where id = ${pkg._id}`,
    );
    const plain = await countImpact(ctx.database.db);
    // A zone that moved its clocks five weeks ago (a POSIX rule, so this holds on any date):
    // weeks stepped in it would drift by an hour after the change.
    const zone = `XST5XDT,J${julianDay(-35)},J${julianDay(35)}`;
    const shifted = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local time zone '${zone}'`));
      return countImpact(tx);
    });
    expect(shifted.weeks).toEqual(plain.weeks);
    const mondays = shifted.weeks.map((w) => new Date(`${w.week}T00:00:00Z`));
    expect(mondays.every((d) => d.getUTCDay() === 1)).toBe(true);
    mondays
      .slice(1)
      .forEach((d, i) => expect(d.getTime() - mondays[i]!.getTime()).toBe(7 * 86400e3));
    expect(plain.weeks.some((w) => w.mealsDonated === 9)).toBe(true);
  });
});

/** Day of the year (1-365, 29 February never counted, as POSIX's Jn) `days` from today. */
function julianDay(days: number): number {
  const at = new Date(Date.now() + days * 86400e3);
  const start = Date.UTC(2001, 0, 1); // a year without 29 February
  const sameDay = Date.UTC(
    2001,
    at.getUTCMonth(),
    Math.min(at.getUTCDate(), at.getUTCMonth() === 1 ? 28 : 31),
  );
  return Math.round((sameDay - start) / 86400e3) + 1;
}
