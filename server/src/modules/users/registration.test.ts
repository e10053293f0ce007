import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
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
withCoordinatorApp('registration', (started) => ({ ctx, coordinator } = started));

const patches = nextPatches('registration');

describe('registration numbers (FSSAI, NGO Darpan)', () => {
  it('takes a donor’s 14-digit FSSAI number in any digits, and refuses any other form', async () => {
    const donor = await createDonor(ctx, { location: patches()() });
    const as = callsAs(ctx, donor);
    for (const wrong of ['1234567890123', 'ABCDEFGHIJKLMN', '123456789012345', 12345678901234]) {
      const res = await as
        .patch(`/api/donor/update/${donor.profile.id}`, { fssaiNumber: wrong })
        .expect(400);
      expect(res.body.error.fields.fssaiNumber).toMatch(/14-digit FSSAI/);
    }
    const saved = await as
      .patch(`/api/donor/update/${donor.profile.id}`, { fssaiNumber: '१२३४ ५६७८ ९०१२ ३४' })
      .expect(200);
    expect(saved.body.data).toMatchObject({ fssaiNumber: '12345678901234', fssaiVerified: false });
    // Taken off with null.
    const cleared = await as
      .patch(`/api/donor/update/${donor.profile.id}`, { fssaiNumber: null })
      .expect(200);
    expect(cleared.body.data.fssaiNumber).toBeNull();
    // A distributor has no FSSAI field of a donor's; theirs is the NGO registration.
    const distributor = await createDistributor(ctx, { location: patches()() });
    const ngo = await callsAs(ctx, distributor)
      .patch(`/api/distributor/update/${distributor.profile.id}`, {
        registrationNumber: ' rj/2024/1234567 ',
      })
      .expect(200);
    expect(ngo.body.data).toMatchObject({
      registrationNumber: 'RJ/2024/1234567',
      registrationVerified: false,
    });
    await callsAs(ctx, distributor)
      .patch(`/api/distributor/update/${distributor.profile.id}`, { registrationNumber: 'x' })
      .expect(400);
  });

  it('is checked by a coordinator, shown to the other side, and counts licensed meals', async () => {
    const at = patches();
    const donor = await createDonor(ctx, { location: at() });
    const distributor = await createDistributor(ctx, { location: at(2) });
    await withLongRecord(ctx, [distributor.profile.id]);
    await callsAs(ctx, donor)
      .patch(`/api/donor/update/${donor.profile.id}`, { fssaiNumber: '22123456789012' })
      .expect(200);
    await callsAs(ctx, distributor)
      .patch(`/api/distributor/update/${distributor.profile.id}`, {
        registrationNumber: 'WB/2023/0345678',
      })
      .expect(200);
    // Only a coordinator checks; someone with no number cannot be checked.
    const check = { isVerified: true, number: '22123456789012' };
    await callsAs(ctx, donor)
      .post(`/api/coordinator/people/${donor.profile.id}/registration`, check)
      .expect(403);
    // Checked against the number the coordinator saw: changed since, refused.
    await callsAs(ctx, coordinator)
      .post(`/api/coordinator/people/${donor.profile.id}/registration`, {
        isVerified: true,
        number: '11111111111111',
      })
      .expect(409);
    const checked = await callsAs(ctx, coordinator)
      .post(`/api/coordinator/people/${donor.profile.id}/registration`, check)
      .expect(200);
    expect(checked.body.registration).toEqual({
      kind: 'fssai',
      number: '22123456789012',
      isVerified: true,
    });
    const logged = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, donor.profile.id));
    expect(logged.map((e) => e.action)).toContain('person.verifyRegistration');
    const nobody = await createDonor(ctx, { location: at(5) });
    const none = await callsAs(ctx, coordinator)
      .post(`/api/coordinator/people/${nobody.profile.id}/registration`, check)
      .expect(409);
    expect(none.body.error.key).toBe('noRegistrationNumber');

    const before = await countImpact(ctx.database.db);
    const pkg = await donate(ctx, donor, { quantity: 9 });
    expect(pkg.current_state).toBe('Paired');
    const asDistributor = await callsAs(ctx, distributor)
      .get(`/api/package/${pkg._id}`)
      .expect(200);
    expect(asDistributor.body.package.counterpartRegistration).toEqual({
      kind: 'fssai',
      number: '22123456789012',
      isVerified: true,
    });
    const asDonor = await callsAs(ctx, donor).get(`/api/package/${pkg._id}`).expect(200);
    expect(asDonor.body.package.counterpartRegistration).toEqual({
      kind: 'ngo',
      number: 'WB/2023/0345678',
      isVerified: false,
    });
    expect((await markPackage(ctx, distributor, pkg, 'Received')).status).toBe(200);
    expect((await markPackage(ctx, distributor, pkg, 'Distributed')).status).toBe(200);
    const after = await countImpact(ctx.database.db);
    expect(after.mealsFromLicensedSources - before.mealsFromLicensedSources).toBe(9);

    // A new number is checked again.
    const changed = await callsAs(ctx, donor)
      .patch(`/api/donor/update/${donor.profile.id}`, { fssaiNumber: '22123456789013' })
      .expect(200);
    expect(changed.body.data.fssaiVerified).toBe(false);
    // The package page read before (kept in memory) shows the new number at once.
    const again = await callsAs(ctx, distributor).get(`/api/package/${pkg._id}`).expect(200);
    expect(again.body.package.counterpartRegistration).toEqual({
      kind: 'fssai',
      number: '22123456789013',
      isVerified: false,
    });
  });
});
