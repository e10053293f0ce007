import { COOKED_EAT_WITHIN_HOURS, type Package } from '@almquest/contracts/packages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages } from '../../db/schema';
import { forgetArea, nextPatches } from '../../test/areas';
import { callsAs, createDonor, donate, donationInput, type Registered } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

const HOUR = 3_600_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await forgetArea(ctx.database.db, 'foodClock');
});
afterAll(() => ctx.close());

const patches = nextPatches('foodClock');
async function donor(): Promise<Registered> {
  return createDonor(ctx, { location: patches()() });
}
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const hoursAhead = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

async function refused(who: Registered, body: Record<string, unknown>) {
  const res = await callsAs(ctx, who)
    .post('/api/donor/donate')
    .send(donationInput(who, body))
    .expect(400);
  return res.body.error as {
    fields: Record<string, string>;
    fieldWords?: Record<string, { key: string }>;
  };
}

async function row(id: string) {
  const [found] = await ctx.database.db.select().from(packages).where(eq(packages.id, id));
  return found!;
}

describe('the food and its clock (decision 040)', () => {
  it('refuses cooked food prepared more than 4 hours ago, naming preparedAt, and stores nothing', async () => {
    const who = await donor();
    // Also with less than half an hour of its 4 hours left: nobody could pick it up and eat it.
    for (const [foodKind, ago] of [
      ['cookedHot', 4.1],
      ['cookedChilled', 4.1],
      ['cookedHot', 3.6],
    ] as const) {
      const error = await refused(who, { foodKind, preparedAt: hoursAgo(ago) });
      expect(error.fields.preparedAt).toMatch(/within 4 hours of cooking/);
      expect(error.fieldWords?.preparedAt?.key).toBe('server.preparedTooLongAgo');
    }
    const listed = await callsAs(ctx, who)
      .get(`/api/donor/${who.profile.id}/packages?limit=10`)
      .expect(200);
    expect(listed.body.packages).toEqual([]);
  });

  it('asks cooked food when it was prepared, and only cooked food', async () => {
    const who = await donor();
    expect((await refused(who, { foodKind: 'cookedHot' })).fields.preparedAt).toMatch(
      /when cooked food was prepared/,
    );
    expect(
      (await refused(who, { foodKind: 'produce', preparedAt: hoursAgo(1) })).fields.preparedAt,
    ).toMatch(/Only cooked food/);
    expect(
      (await refused(who, { foodKind: 'cookedHot', preparedAt: hoursAhead(1) })).fields.preparedAt,
    ).toMatch(/cannot be in the future/);
    expect(
      (await refused(who, { foodKind: 'cookedHot', preparedAt: 'yesterday' })).fields.preparedAt,
    ).toMatch(/Enter a time like/);
    expect((await refused(who, { foodKind: 'soup' })).fields.foodKind).toMatch(/Choose cookedHot/);
  });

  it('refuses a pick-up later than 4 hours after cooking, naming readyUntil', async () => {
    const who = await donor();
    const error = await refused(who, {
      foodKind: 'cookedHot',
      preparedAt: hoursAgo(2),
      readyUntil: hoursAhead(3),
    });
    expect(error.fields.readyUntil).toMatch(/picked up within 4 hours of cooking/);
    expect(error.fields).not.toHaveProperty('preparedAt');
  });

  it('ends the pick-up window when cooked food must be eaten, and says both', async () => {
    const who = await donor();
    const preparedAt = hoursAgo(2);
    const pkg = await donate(ctx, who, { foodKind: 'cookedHot', preparedAt });
    const useBy = Date.parse(preparedAt) + COOKED_EAT_WITHIN_HOURS * HOUR;
    expect(pkg).toMatchObject({
      foodKind: 'cookedHot',
      preparedAt: new Date(preparedAt).toISOString(),
      useBy: new Date(useBy).toISOString(),
    });
    // Three hours by default, but the food must be eaten in two.
    expect(Date.parse(pkg.readyUntil)).toBe(useBy);
    const stored = await row(pkg._id);
    expect(stored.useBy?.getTime()).toBe(useBy);
    // Cooked an hour ago, three hours is within its clock: the usual window stands.
    const fresh = await donate(ctx, who, { foodKind: 'cookedChilled', preparedAt: hoursAgo(0.5) });
    expect(Date.parse(fresh.readyUntil) - Date.parse(fresh.timestamp)).toBe(3 * HOUR);
  });

  it('gives bakery and produce a day after the pick-up, and packaged food its label', async () => {
    const who = await donor();
    const readyUntil = hoursAhead(2);
    for (const foodKind of ['bakery', 'produce'] as const) {
      const pkg = await donate(ctx, who, { foodKind, readyUntil });
      expect(Date.parse(pkg.useBy!)).toBe(Date.parse(readyUntil) + 24 * HOUR);
      expect(pkg.preparedAt).toBeNull();
    }
    const packaged = await donate(ctx, who, { foodKind: 'packaged' });
    expect(packaged).toMatchObject({ foodKind: 'packaged', useBy: null, preparedAt: null });
    // A donation that does not say (the SPEC's API) keeps working, with no clock.
    const unsaid: Package = await donate(ctx, who, {});
    expect(unsaid).toMatchObject({ foodKind: null, useBy: null, preparedAt: null });
  });

  it('answers a repeated key with the same package, and refuses it for another preparation time', async () => {
    const who = await donor();
    const preparedAt = hoursAgo(1);
    const body = { foodKind: 'cookedHot' as const, preparedAt, idempotencyKey: 'food-clock-1' };
    const first = await donate(ctx, who, body);
    const again = await callsAs(ctx, who)
      .post('/api/donor/donate')
      .send(donationInput(who, body))
      .expect(200);
    expect(again.body.package._id).toBe(first._id);
    const other = await callsAs(ctx, who)
      .post('/api/donor/donate')
      .send(donationInput(who, { ...body, preparedAt: hoursAgo(2) }))
      .expect(422);
    expect(other.body.error.fields).toHaveProperty('idempotencyKey');
  });
});
