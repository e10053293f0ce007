import { type Package, PackageResponseSchema } from '@almquest/contracts/packages';
import {
  type StandingDonation,
  StandingDonationSchema,
  StandingListSchema,
} from '@almquest/contracts/standing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, packages } from '../../db/schema';
import { forgetArea, nextPatches } from '../../test/areas';
import {
  callsAs,
  createDistributor,
  createDonor,
  type Registered,
  updateDistributor,
  withLongRecord,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { localDate, localTime } from './recurrence';

const MINUTE = 60_000;
const DAY = 86_400_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await forgetArea(ctx.database.db, 'standing');
});
afterAll(() => ctx.close());

const patches = nextPatches('standing');

/** Food ready in about an hour, every day, for two hours: today's day is due now. */
function everyDayInAnHour(who: Registered, overrides: Record<string, unknown> = {}) {
  const soon = new Date(Date.now() + 60 * MINUTE);
  return {
    days: ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'],
    readyAt: localTime(soon),
    windowHours: 2,
    quantity: 10,
    travelCapacity: '8 Kilometres',
    location: { ...who.profile.location },
    diet: 'veg',
    foodKind: 'cookedHot',
    ...overrides,
  };
}

async function setUp(who: Registered, overrides: Record<string, unknown> = {}) {
  const res = await callsAs(ctx, who)
    .post('/api/standing-donations', everyDayInAnHour(who, overrides))
    .expect(201);
  return StandingDonationSchema.parse(res.body);
}

/** The standing-donations job, as it runs `ahead` ms from now, for this standing donation. */
function list(standing: { id: string }, ahead = 0) {
  return ctx.standing.runOnce({ now: new Date(Date.now() + ahead), only: [standing.id] });
}

async function dayPackages(standingId: string) {
  return ctx.database.db.select().from(packages).where(eq(packages.standingId, standingId));
}

async function packageAs(who: Registered, id: string): Promise<Package> {
  const res = await callsAs(ctx, who).get(`/api/package/${id}`).expect(200);
  return PackageResponseSchema.parse(res.body).package;
}

async function standingAs(who: Registered, id: string): Promise<StandingDonation> {
  const res = await callsAs(ctx, who).get(`/api/standing-donations/${id}`).expect(200);
  return StandingDonationSchema.parse(res.body);
}

describe('standing donations', () => {
  it('lists each day once, ahead of its time, as a package of its food and clock', async () => {
    const donor = await createDonor(ctx, { location: patches()() });
    const standing = await setUp(donor);
    expect(standing).toMatchObject({ state: 'active', quantity: 10, standingPickup: null });
    const today = standing.upcoming[0]!;
    expect(today).toMatchObject({ kind: 'scheduled', quantity: 10, packageId: null });
    expect(standing.upcoming.length).toBeGreaterThanOrEqual(14);
    // Two runs at once, then another: one package for the day.
    await Promise.all([list(standing), list(standing)]);
    await list(standing);
    const listed = await dayPackages(standing.id);
    expect(listed).toHaveLength(1);
    const [pkg] = listed;
    expect(pkg).toMatchObject({
      standingDate: today.date,
      quantity: 10,
      foodKind: 'cookedHot',
      donorId: donor.profile.id,
    });
    // Cooked at its time, picked up within its window, eaten within 4 hours of cooking.
    expect(pkg!.preparedAt!.toISOString()).toBe(today.readyAt);
    expect(pkg!.readyUntil.getTime()).toBe(Date.parse(today.readyAt) + 2 * 60 * MINUTE);
    expect(pkg!.useBy!.getTime()).toBe(Date.parse(today.readyAt) + 4 * 60 * MINUTE);
    const after = await standingAs(donor, standing.id);
    expect(after.upcoming[0]).toMatchObject({ kind: 'listed', packageId: pkg!.id });
    // The donor's package says what it is one day of.
    const asDonor = await packageAs(donor, pkg!.id);
    expect(asDonor.standing).toMatchObject({ id: standing.id, days: standing.days });
    // Withdrawn by the donor, the day is not listed again.
    await callsAs(ctx, donor)
      .delete(`/api/donor/${donor.profile.id}/package/${pkg!.id}`)
      .expect(204);
    await list(standing);
    expect(await dayPackages(standing.id)).toHaveLength(0);
    expect((await standingAs(donor, standing.id)).upcoming[0]!.kind).toBe('withdrawn');
    // Nor by undoing it, nor by giving it a quantity: a listed day is changed on its page.
    const as = callsAs(ctx, donor);
    await as.delete(`/api/standing-donations/${standing.id}/days/${today.date}`).expect(409);
    await as
      .put(`/api/standing-donations/${standing.id}/days/${today.date}`, { quantity: 4 })
      .expect(409);
    await list(standing);
    expect(await dayPackages(standing.id)).toHaveLength(0);
  });

  it('skips a day, changes one day’s quantity, pauses and ends', async () => {
    const donor = await createDonor(ctx, { location: patches()() });
    const standing = await setUp(donor, { foodKind: 'bakery', windowHours: 6 });
    const tomorrow = standing.upcoming[1]!;
    const dayAfter = standing.upcoming[2]!;
    const as = callsAs(ctx, donor);
    await as
      .put(`/api/standing-donations/${standing.id}/days/${tomorrow.date}`, { skip: true })
      .expect(200);
    const changed = await as
      .put(`/api/standing-donations/${standing.id}/days/${dayAfter.date}`, { quantity: 25 })
      .expect(200);
    expect(StandingDonationSchema.parse(changed.body).upcoming.slice(1, 3)).toMatchObject([
      { kind: 'skipped' },
      { kind: 'changed', quantity: 25 },
    ]);
    // Tomorrow's run lists nothing (skipped); the next day's lists 25 meals. (Each run lists
    // every standing donation's days: this test counts its own.)
    await list(standing, DAY);
    expect(await dayPackages(standing.id)).toHaveLength(0);
    await list(standing, 2 * DAY);
    const listed = await dayPackages(standing.id);
    expect(listed.map((p) => [p.standingDate, p.quantity])).toEqual([[dayAfter.date, 25]]);
    // Paused: nothing is listed; resumed, today's day is.
    await as.patch(`/api/standing-donations/${standing.id}`, { paused: true }).expect(200);
    await list(standing);
    expect(await dayPackages(standing.id)).toHaveLength(1);
    const resumed = await as
      .patch(`/api/standing-donations/${standing.id}`, { paused: false, quantity: 12 })
      .expect(200);
    expect(resumed.body).toMatchObject({ state: 'active', quantity: 12 });
    await list(standing);
    expect((await dayPackages(standing.id)).map((p) => p.quantity).sort()).toEqual([12, 25]);
    // Ended: no more days, and no more changes.
    const ended = await as.post(`/api/standing-donations/${standing.id}/end`).expect(200);
    expect(ended.body).toMatchObject({ state: 'ended', upcoming: [] });
    await list(standing, 3 * DAY);
    expect(await dayPackages(standing.id)).toHaveLength(2);
    await as.patch(`/api/standing-donations/${standing.id}`, { paused: true }).expect(409);
    const mine = StandingListSchema.parse(
      (await as.get('/api/standing-donations').expect(200)).body,
    );
    expect(mine.standingDonations.map((s) => s.id)).toContain(standing.id);
  });

  it('calls off a listed day when the donor skips it, and tells its distributor', async () => {
    const at = patches();
    const donor = await createDonor(ctx, { location: at() });
    const distributor = await createDistributor(ctx, { location: at(2) });
    await withLongRecord(ctx, [distributor.profile.id]);
    const standing = await setUp(donor, { foodKind: 'packaged', windowHours: 3 });
    await list(standing);
    const [pkg] = await dayPackages(standing.id);
    expect(pkg).toMatchObject({ state: 'Paired', distributorId: distributor.profile.id });
    await callsAs(ctx, donor)
      .put(`/api/standing-donations/${standing.id}/days/${pkg!.standingDate}`, { skip: true })
      .expect(200);
    expect((await dayPackages(standing.id))[0]!.state).toBe('Cancelled');
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, distributor.profile.id), eq(notifications.packageId, pkg!.id)),
      );
    expect(told.map((n) => n.kind)).toContain('cancelled');
    // A day already listed keeps its quantity: changed on its own page instead.
    await callsAs(ctx, donor)
      .put(`/api/standing-donations/${standing.id}/days/${pkg!.standingDate}`, { quantity: 3 })
      .expect(409);
  });

  it('gives every day to the distributor who takes it as a standing pickup, without asking', async () => {
    const at = patches();
    const donor = await createDonor(ctx, { location: at() });
    const regular = await createDistributor(ctx, { location: at(5) });
    await withLongRecord(ctx, [regular.profile.id]);
    const standing = await setUp(donor, { foodKind: 'produce', windowHours: 3 });
    await list(standing);
    const [first] = await dayPackages(standing.id);
    expect(first!.distributorId).toBe(regular.profile.id);
    const offered = await packageAs(regular, first!.id);
    expect(offered.standing).toMatchObject({ mayTakeEveryDay: true, isViewersPickup: false });
    // Someone who never took one of its days cannot find it.
    const stranger = await createDistributor(ctx, { location: at(1) });
    await withLongRecord(ctx, [stranger.profile.id]);
    await callsAs(ctx, stranger)
      .put(`/api/standing-donations/${standing.id}/pickup`, {})
      .expect(404);
    await callsAs(ctx, regular)
      .put(`/api/standing-donations/${standing.id}/pickup`, {})
      .expect(204);
    expect((await packageAs(regular, first!.id)).standing).toMatchObject({
      isViewersPickup: true,
      mayTakeEveryDay: false,
    });
    expect((await packageAs(donor, first!.id)).standing?.pickupBy).toBe(regular.profile.name);
    expect((await standingAs(donor, standing.id)).standingPickup).toBe(regular.profile.name);
    // Even answering offers themselves and farther than someone else, the regular is paired at
    // once the next day.
    await updateDistributor(ctx, regular, { autoAccept: false });
    await list(standing, DAY);
    const second = (await dayPackages(standing.id)).find((p) => p.id !== first!.id)!;
    expect(second).toMatchObject({ state: 'Paired', distributorId: regular.profile.id });
    // The donor stops it: the next day is matched as any other (the nearer one).
    await callsAs(ctx, donor).delete(`/api/standing-donations/${standing.id}/pickup`).expect(204);
    // The donor's stop stands: the regular may not take it every day again.
    expect((await packageAs(regular, second.id)).standing?.mayTakeEveryDay).toBe(false);
    const again = await callsAs(ctx, regular)
      .put(`/api/standing-donations/${standing.id}/pickup`, {})
      .expect(409);
    expect(again.body.error.key).toBe('standingPickupStopped');
    await list(standing, 2 * DAY);
    const third = (await dayPackages(standing.id)).find(
      (p) => p.id !== first!.id && p.id !== second.id,
    )!;
    expect(third.distributorId).toBe(stranger.profile.id);
  });

  it('asks no check-in of the distributor of a standing day, listed before the food is ready (decision 044)', async () => {
    const at = patches();
    const donor = await createDonor(ctx, { location: at() });
    const regular = await createDistributor(ctx, { location: at(5) });
    await withLongRecord(ctx, [regular.profile.id]);
    // Ready in an hour for an hour: an ordinary package listed now would be asked by then.
    const standing = await setUp(donor, { foodKind: 'produce', windowHours: 1 });
    await list(standing);
    const [day] = await dayPackages(standing.id);
    expect(day).toMatchObject({ state: 'Paired', distributorId: regular.profile.id });
    expect(day!.checkInBy).toBeNull();
    expect((await packageAs(regular, day!.id)).checkInBy).toBeNull();
  });

  it('keeps a donor’s stop when the regular asks to take it again at the same moment', async () => {
    const at = patches();
    const donor = await createDonor(ctx, { location: at() });
    const regular = await createDistributor(ctx, { location: at(2) });
    await withLongRecord(ctx, [regular.profile.id]);
    const standing = await setUp(donor, { foodKind: 'packaged', windowHours: 3 });
    await list(standing);
    const take = () =>
      callsAs(ctx, regular).put(`/api/standing-donations/${standing.id}/pickup`, {});
    await take().expect(204);
    await Promise.all([
      callsAs(ctx, donor).delete(`/api/standing-donations/${standing.id}/pickup`).expect(204),
      take(),
      take(),
      take(),
    ]);
    // However the race went, the stop stands: the regular does not take it every day.
    expect((await standingAs(donor, standing.id)).standingPickup).toBeNull();
    await take().expect(409);
  });

  it('gives a day to its regular only while they reach it and keep their pick-ups', async () => {
    const at = patches();
    const donor = await createDonor(ctx, { location: at() });
    const regular = await createDistributor(ctx, { location: at(3) });
    await withLongRecord(ctx, [regular.profile.id]);
    const standing = await setUp(donor, { foodKind: 'packaged', windowHours: 3 });
    await list(standing);
    await callsAs(ctx, regular)
      .put(`/api/standing-donations/${standing.id}/pickup`, {})
      .expect(204);
    // Moved far away: the next day goes to someone who reaches it.
    await updateDistributor(ctx, regular, { location: patches()() });
    const near = await createDistributor(ctx, { location: at(1) });
    await withLongRecord(ctx, [near.profile.id]);
    await list(standing, DAY);
    const next = (await dayPackages(standing.id)).find(
      (p) => p.standingDate !== null && p.distributorId !== regular.profile.id,
    );
    expect(next?.distributorId).toBe(near.profile.id);
  });

  it('calls off every part of a split day when the donor skips it', async () => {
    const at = patches();
    const donor = await createDonor(ctx, { location: at() });
    const first = await createDistributor(ctx, { location: at(1), maxCapacity: 20 });
    const second = await createDistributor(ctx, { location: at(2), maxCapacity: 20 });
    await withLongRecord(ctx, [first.profile.id, second.profile.id]);
    const standing = await setUp(donor, {
      foodKind: 'packaged',
      windowHours: 3,
      quantity: 40,
      allowSplit: true,
    });
    await list(standing);
    const [day] = await dayPackages(standing.id);
    const parts = await ctx.database.db
      .select()
      .from(packages)
      .where(eq(packages.groupId, day!.groupId!));
    expect(parts.map((p) => p.state)).toEqual(['Paired', 'Paired']);
    await callsAs(ctx, donor)
      .put(`/api/standing-donations/${standing.id}/days/${day!.standingDate}`, { skip: true })
      .expect(200);
    const after = await ctx.database.db
      .select()
      .from(packages)
      .where(eq(packages.groupId, day!.groupId!));
    expect(after.map((p) => p.state)).toEqual(['Cancelled', 'Cancelled']);
  });

  it('refuses what is not a standing donation, naming the field', async () => {
    const donor = await createDonor(ctx, { location: patches()() });
    const as = callsAs(ctx, donor);
    const refused = async (overrides: Record<string, unknown>, field: string) => {
      const res = await as
        .post('/api/standing-donations', everyDayInAnHour(donor, overrides))
        .expect(400);
      expect(Object.keys(res.body.error.fields)).toContain(field);
    };
    await refused({ days: [] }, 'days');
    await refused({ days: ['someday'] }, 'days.0');
    await refused({ readyAt: '25:00' }, 'readyAt');
    await refused({ windowHours: 5 }, 'windowHours');
    await refused({ foodKind: 'soup' }, 'foodKind');
    await refused({ startsOn: '2020-01-01' }, 'startsOn');
    await refused({ startsOn: '2099-01-05', endsOn: '2099-01-01' }, 'endsOn');
    await refused({ surprise: true }, 'surprise');
    await refused({ endsOn: '0000-01-01' }, 'endsOn');
    await refused({ endsOn: '2020-01-01' }, 'endsOn');
    await refused({ startsOn: '2099-01-01' }, 'startsOn');
    await refused({ days: ['mo', 'mo'] }, 'days');
    // Another donor's, or a day that is not one of its days: not theirs, or not a day.
    const standing = await setUp(donor, { days: ['mo'] });
    const other = await createDonor(ctx, { location: patches()() });
    await callsAs(ctx, other).get(`/api/standing-donations/${standing.id}`).expect(404);
    await callsAs(ctx, other)
      .put(`/api/standing-donations/${standing.id}/days/${standing.upcoming[0]!.date}`, {
        skip: true,
      })
      .expect(404);
    await callsAs(ctx, other).delete(`/api/standing-donations/${standing.id}/pickup`).expect(404);
    const notMonday = new Date(Date.parse(`${standing.upcoming[0]!.date}T12:00:00Z`) + DAY);
    const res = await as
      .put(`/api/standing-donations/${standing.id}/days/${localDate(notMonday)}`, { skip: true })
      .expect(400);
    expect(res.body.error.fields).toHaveProperty('date');
    // A distributor has no standing donations of their own.
    const distributor = await createDistributor(ctx, { location: patches()() });
    await callsAs(ctx, distributor)
      .post('/api/standing-donations', everyDayInAnHour(distributor))
      .expect(403);
  });
});
