import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { createDistributor, createDonor, donationInput, type Registered } from '../test/factories';
import { areaPrefix, forgetArea, testArea } from '../test/areas';
import { createTestApp, type TestContext } from '../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await forgetArea(ctx.database.db, 'invariants');
});
afterAll(() => ctx.close());

/** A small seeded generator: the same interleaving of actions every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

type Broken = { what: string; n: number };

/** The addresses of this test's people and packages. */
const mine = `${areaPrefix('invariants')}%`;

/** What the packages say must equal every counter, and nobody is over capacity. */
async function brokenInvariants(): Promise<Broken[]> {
  return queryRows<Broken>(
    ctx.database.db,
    sql`
      with mine as (select * from packages where address like ${mine}),
      people as (select id from users where address like ${mine})
      select 'distributor over capacity' as what, count(*)::int as n
        from distributors d where d.user_id in (select id from people) and d.open_load > d.max_capacity
      union all
      select 'open load differs from Offered + Paired + Received', count(*)::int from distributors d
        where d.user_id in (select id from people)
          and d.open_load <> coalesce((select sum(quantity) from mine p where p.distributor_id = d.user_id and p.state in ('Offered', 'Paired', 'Received')), 0)
      union all
      select 'distributed count differs', count(*)::int from distributors d
        where d.user_id in (select id from people)
          and d.total_packages_distributed <> (select count(*) from mine p where p.distributor_id = d.user_id and p.state = 'Distributed')
      union all
      select 'lifetime donation differs', count(*)::int from donors o
        where o.user_id in (select id from people)
          and o.lifetime_donation <> coalesce((select sum(quantity) from mine p where p.donor_id = o.user_id), 0)
      union all
      select 'paired without a distributor', count(*)::int from mine where state <> 'Not Paired' and distributor_name is null
      union all
      -- Matching ranks from these copies: they follow the person's own row.
      select 'distributor copies differ from users', count(*)::int from distributors d
        join users u on u.id = d.user_id
        where u.id in (select id from people)
          and (d.lat, d.lng, d.area_lat, d.area_lng, d.area_earth, d.suspended_at)
            is distinct from (u.lat, u.lng, u.area_lat, u.area_lng, u.area_earth, u.suspended_at)
      union all
      select 'a donor ranked as a distributor', count(*)::int from distributors d
        join users u on u.id = d.user_id
        where u.user_type <> 'distributor' and d.lat is not null`,
  ).then((rows) => rows.filter((r) => r.n > 0));
}

describe('many people acting at once', () => {
  it('keeps every counter equal to what the packages say, and nobody over capacity', async () => {
    const [lat, lng] = testArea('invariants').base;
    const at = (i: number) => ({
      address: `${areaPrefix('invariants')}${i}`,
      coordinates: [lat + (i % 5) * 0.01, lng + (i % 3) * 0.01] as [number, number],
    });
    const donors: Registered[] = [];
    const distributors: Registered[] = [];
    for (let i = 0; i < 8; i++) donors.push(await createDonor(ctx, { location: at(i) }));
    for (let i = 0; i < 4; i++)
      distributors.push(await createDistributor(ctx, { location: at(i), maxCapacity: 12 }));
    const next = random(42);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const statuses = new Map<number, number>();

    const act = async () => {
      const roll = next();
      if (roll < 0.45) {
        const donor = pick(donors);
        return request(ctx.app)
          .post('/api/donor/donate')
          .set('Cookie', donor.cookie)
          .send(
            donationInput(donor, {
              quantity: 1 + Math.floor(next() * 5),
              location: at(Math.floor(next() * 5)),
            }),
          );
      }
      if (roll < 0.55) {
        const d = pick(distributors);
        return request(ctx.app)
          .post(`/api/distributor/toggle/${d.profile.id}`)
          .set('Cookie', d.cookie);
      }
      if (roll < 0.6) {
        // A distributor moves (to another of the test's cells): matching ranks from the copy.
        const d = pick(distributors);
        return request(ctx.app)
          .patch(`/api/distributor/update/${d.profile.id}`)
          .set('Cookie', d.cookie)
          .send({ location: at(Math.floor(next() * 5)) });
      }
      const [pkg] = await queryRows<{
        id: string;
        donor_id: string;
        distributor_id: string | null;
        state: string;
        handover_code: string | null;
      }>(
        ctx.database.db,
        sql`select id, donor_id, distributor_id, state, handover_code from packages where address like ${mine} and state <> 'Distributed' order by random() limit 1`,
      );
      if (!pkg) return null;
      if (pkg.state === 'Not Paired') {
        const donor = donors.find((d) => d.profile.id === pkg.donor_id)!;
        return request(ctx.app)
          .delete(`/api/donor/${donor.profile.id}/package/${pkg.id}`)
          .set('Cookie', donor.cookie);
      }
      const distributor = distributors.find((d) => d.profile.id === pkg.distributor_id)!;
      return request(ctx.app)
        .post('/api/distributor/togglePackage')
        .set('Cookie', distributor.cookie)
        .send({
          donor_id: pkg.donor_id,
          distributor_id: pkg.distributor_id,
          packageId: pkg.id,
          state: pkg.state === 'Paired' ? 'Received' : 'Distributed',
          code: pkg.handover_code ?? undefined,
        });
    };

    for (let batch = 0; batch < 12; batch++) {
      const results = await Promise.all(Array.from({ length: 15 }, () => act()));
      for (const res of results)
        if (res) statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(await brokenInvariants()).toEqual([]);
    }
    // Races lose cleanly (409: already marked or no longer Not Paired; 404: deleted by a twin
    // action a moment before), never with a 500.
    expect([...statuses.keys()].filter((s) => ![200, 201, 204, 404, 409].includes(s))).toEqual([]);
    expect(statuses.get(201) ?? 0).toBeGreaterThan(20);
    await ctx.database.db.execute(sql`select 1`);
  }, 120_000);
});
