import { ImpactSchema } from '@almquest/contracts/impact';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDistributor, createDonor, donate, handoverCodeOf } from '../../test/factories';
import { testArea } from '../../test/areas';
import { createTestApp, type TestContext } from '../../test/test-app';
import { cachedImpact } from './impact.service';

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
  });

  it('counts at most once a minute per process', async () => {
    const impact = cachedImpact(ctx.database.db);
    const before = await impact();
    const donor = await createDonor(ctx, { location: testArea('impactCache')(0) });
    await donate(ctx, donor, { quantity: 5 });
    expect((await impact()).mealsDonated).toBe(before.mealsDonated);
    expect((await cachedImpact(ctx.database.db, 0)()).mealsDonated).toBe(before.mealsDonated + 5);
  });
});
