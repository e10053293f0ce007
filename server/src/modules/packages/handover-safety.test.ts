import { type Package, PackageResponseSchema } from '@almquest/contracts/packages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { packageReports, packages } from '../../db/schema';
import { nextPatches } from '../../test/areas';
import {
  callsAs,
  createDistributor,
  createDonor,
  donate,
  markPackage,
  type Registered,
  withLongRecord,
} from '../../test/factories';
import { withCoordinatorApp } from '../../test/suites';
import type { TestContext } from '../../test/test-app';
import { countImpact } from '../impact/impact.service';

let ctx: TestContext;
let coordinator: Registered;
withCoordinatorApp('handoverSafety', (started) => ({ ctx, coordinator } = started));

const patches = nextPatches('handoverSafety');

async function pairedPackage(quantity = 10) {
  const at = patches();
  const donor = await createDonor(ctx, { location: at() });
  const distributor = await createDistributor(ctx, { location: at(2) });
  await withLongRecord(ctx, [distributor.profile.id]);
  const pkg = await donate(ctx, donor, {
    quantity,
    foodKind: 'cookedHot',
    preparedAt: new Date(Date.now() - 3_600_000).toISOString(),
  });
  expect(pkg.current_state).toBe('Paired');
  return { donor, distributor, pkg };
}

const dispose = (who: Registered, pkg: Package, body: object) =>
  callsAs(ctx, who).post(`/api/package/${pkg._id}/dispose`, body);

describe('the handover checklist and unfit food (decision 042)', () => {
  it('keeps what the distributor confirmed at Received, and refuses a failed check', async () => {
    const { donor, distributor, pkg } = await pairedPackage();
    const failed = await markPackage(ctx, distributor, pkg, 'Received', {
      checklist: { packed: true, temperature: false, inTime: true },
    });
    expect(failed.status).toBe(400);
    expect(failed.body.error.fields['checklist.temperature']).toMatch(/passes every check/);
    const [still] = await ctx.database.db.select().from(packages).where(eq(packages.id, pkg._id));
    expect(still!.state).toBe('Paired');
    const ok = await markPackage(ctx, distributor, pkg, 'Received', {
      checklist: { packed: true, temperature: true, inTime: true },
    });
    expect(ok.status).toBe(200);
    const seen = PackageResponseSchema.parse(
      (await callsAs(ctx, donor).get(`/api/package/${pkg._id}`).expect(200)).body,
    ).package;
    expect(seen.handoverCheck).toEqual({ packed: true, temperature: true, inTime: true });
  });

  it('records food disposed of once, by its distributor after Received, apart in impact and to coordinators', async () => {
    const { donor, distributor, pkg } = await pairedPackage(10);
    // Not before the food is theirs, and not by anyone else.
    await dispose(distributor, pkg, { quantity: 2, reason: 'spoiled' }).expect(409);
    expect((await markPackage(ctx, distributor, pkg, 'Received')).status).toBe(200);
    await dispose(donor, pkg, { quantity: 2, reason: 'spoiled' }).expect(403);
    const stranger = await createDistributor(ctx, { location: patches()() });
    await dispose(stranger, pkg, { quantity: 2, reason: 'spoiled' }).expect(404);
    // Bad input names its field.
    const tooMany = await dispose(distributor, pkg, { quantity: 11, reason: 'spoiled' }).expect(
      400,
    );
    expect(tooMany.body.error.fields).toHaveProperty('quantity');
    const noReason = await dispose(distributor, pkg, { quantity: 2, reason: 'bad' }).expect(400);
    expect(noReason.body.error.fields).toHaveProperty('reason');

    const before = await countImpact(ctx.database.db);
    const done = await dispose(distributor, pkg, {
      quantity: 4,
      reason: 'temperature',
      note: 'Cold by the time it came',
    }).expect(200);
    expect(done.body.package).toMatchObject({
      current_state: 'Received',
      disposal: { quantity: 4, reason: 'temperature' },
    });
    await dispose(distributor, pkg, { quantity: 1, reason: 'other' }).expect(409);
    // The donor sees it too.
    const asDonor = await callsAs(ctx, donor).get(`/api/package/${pkg._id}`).expect(200);
    expect(asDonor.body.package.disposal).toMatchObject({ quantity: 4 });
    // The rest is given out; only the meals eaten count as distributed.
    expect((await markPackage(ctx, distributor, pkg, 'Distributed')).status).toBe(200);
    const after = await countImpact(ctx.database.db);
    expect(after.mealsDisposed - before.mealsDisposed).toBe(4);
    expect(after.mealsDistributed - before.mealsDistributed).toBe(6);

    const [report] = await ctx.database.db
      .select()
      .from(packageReports)
      .where(eq(packageReports.packageId, pkg._id));
    expect(report).toMatchObject({
      reason: 'disposed',
      note: 'temperature: Cold by the time it came',
    });
  });

  it('takes no disposal for food given out more than a day ago', async () => {
    const { distributor, pkg } = await pairedPackage(5);
    expect((await markPackage(ctx, distributor, pkg, 'Received')).status).toBe(200);
    expect((await markPackage(ctx, distributor, pkg, 'Distributed')).status).toBe(200);
    await ctx.database.db
      .update(packages)
      .set({ distributedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(packages.id, pkg._id));
    const late = await dispose(distributor, pkg, { quantity: 1, reason: 'spoiled' }).expect(409);
    expect(late.body.error.key).toBe('disposeTooLate');
  });

  it('flags a donor whose food is disposed of again within 30 days', async () => {
    const at = patches();
    const donor = await createDonor(ctx, { location: at() });
    const distributor = await createDistributor(ctx, { location: at(2), maxCapacity: 100 });
    await withLongRecord(ctx, [distributor.profile.id]);
    for (let i = 0; i < 2; i++) {
      const pkg = await donate(ctx, donor, { quantity: 5 });
      expect((await markPackage(ctx, distributor, pkg, 'Received')).status).toBe(200);
      await dispose(distributor, pkg, { quantity: 5, reason: 'spoiled' }).expect(200);
    }
    const list = await callsAs(ctx, coordinator).get('/api/coordinator/reports').expect(200);
    const mine = (
      list.body.reports as { donorDisposals: number; package: { donor: { id: string } } }[]
    ).filter((r) => r.package.donor.id === donor.profile.id);
    expect(mine).toHaveLength(2);
    expect(mine.every((r) => r.donorDisposals === 2)).toBe(true);
  });
});
