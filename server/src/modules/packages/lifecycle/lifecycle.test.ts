import { type Package, PackageResponseSchema } from '@almquest/contracts/packages';
import { and, eq, sql } from 'drizzle-orm';
import { createLogger } from '../../../logger';
import type { Notifier } from '../../../notifier';
import { createDeadlineSweeper } from './deadlines';
import { acceptOffer, duePackages, expirePackage, lapseOffer, warnDonor } from './changes';
import { TRANSITIONS } from './transitions';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import {
  distributors,
  donors,
  messagingChannels,
  notifications,
  packages,
  users,
} from '../../../db/schema';
import { forgetArea, nextPatches } from '../../../test/areas';
import {
  createDistributor,
  createDonor,
  donate,
  donationInput,
  handoverCodeOf,
  type Registered,
  updateDistributor,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await forgetArea(ctx.database.db, 'lifecycle');
});
afterAll(() => ctx.close());

const area = nextPatches('lifecycle');

async function dbPackage(id: string) {
  const [row] = await ctx.database.db.select().from(packages).where(eq(packages.id, id));
  return row!;
}
async function openLoad(distributor: Registered) {
  const [row] = await ctx.database.db
    .select({ openLoad: distributors.openLoad })
    .from(distributors)
    .where(eq(distributors.userId, distributor.profile.id));
  return row!.openLoad;
}
async function kindsFor(person: Registered, packageId: string) {
  const rows = await ctx.database.db
    .select({ kind: notifications.kind })
    .from(notifications)
    .where(and(eq(notifications.userId, person.profile.id), eq(notifications.packageId, packageId)))
    .orderBy(notifications.id);
  return rows.map((r) => r.kind);
}
/** The two distributors, the one holding the package (by id) first. */
function holderFirst(holderId: string, a: Registered, b: Registered): [Registered, Registered] {
  return a.profile.id === holderId ? [a, b] : [b, a];
}

const view = async (who: Registered, id: string): Promise<Package> => {
  const res = await request(ctx.app).get(`/api/package/${id}`).set('Cookie', who.cookie);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return PackageResponseSchema.parse(res.body).package;
};
const act = (who: Registered, id: string, action: string, body: object = {}) =>
  request(ctx.app).post(`/api/package/${id}/${action}`).set('Cookie', who.cookie).send(body);
const setProfile = (who: Registered, patch: object) => updateDistributor(ctx, who, patch);
const mark = (who: Registered, pkg: { _id: string; donor_id: string | null }, body: object) =>
  request(ctx.app)
    .post('/api/distributor/togglePackage')
    .set('Cookie', who.cookie)
    .send({ donor_id: pkg.donor_id, distributor_id: who.profile.id, packageId: pkg._id, ...body });

/** A donor and distributors at 2, 3, 4 km, who answer offers themselves unless told. */
async function scene({ distributorCount = 2, autoAccept = false, maxCapacity = 50 } = {}) {
  const at = area();
  const donor = await createDonor(ctx, { location: at(0) });
  const people: Registered[] = [];
  for (let i = 0; i < distributorCount; i++) {
    const d = await createDistributor(ctx, { location: at(2 + i), maxCapacity });
    if (!autoAccept) await setProfile(d, { autoAccept: false });
    people.push(d);
  }
  return { at, donor, distributors: people };
}

/** The donor and the distributors of a new scene, in that order. */
async function people(options: Parameters<typeof scene>[0] = {}) {
  const { donor, distributors } = await scene(options);
  return [donor, ...distributors] as const;
}

describe('donating with a pickup window and a diet', () => {
  it('keeps readyUntil and diet, defaulting to three hours and veg', async () => {
    const { donor } = await scene({ distributorCount: 0 });
    const plain = await donate(ctx, donor);
    expect(plain.diet).toBe('veg');
    const hours = (Date.parse(plain.readyUntil) - Date.parse(plain.timestamp)) / 3_600_000;
    expect(hours).toBeCloseTo(3, 1);
    const readyUntil = new Date(Date.now() + 60 * 60_000).toISOString();
    const egg = await donate(ctx, donor, { readyUntil, diet: 'egg' });
    expect(egg).toMatchObject({ diet: 'egg', readyUntil });
  });

  it.each([
    ['readyUntil', { readyUntil: new Date(Date.now() - 60_000).toISOString() }, 'later than now'],
    ['readyUntil', { readyUntil: new Date(Date.now() + 49 * 3_600_000).toISOString() }, '48 hours'],
    ['readyUntil', { readyUntil: 'tonight' }, 'Enter a time like'],
    ['diet', { diet: 'vegan' }, 'Choose veg, nonveg or egg'],
  ])('refuses a bad %s with 400 naming it (%j)', async (field, overrides, message) => {
    const { donor } = await scene({ distributorCount: 0 });
    const res = await request(ctx.app)
      .post('/api/donor/donate')
      .set('Cookie', donor.cookie)
      .send(donationInput(donor, overrides as object))
      .expect(400);
    expect(res.body.error.fields[field]).toContain(message);
    expect(
      await ctx.database.db.select().from(packages).where(eq(packages.donorId, donor.profile.id)),
    ).toEqual([]);
  });

  it('never offers non-veg or egg food to a distributor who takes veg only', async () => {
    const [donor, vegOnly, other] = await people({ autoAccept: true });
    await setProfile(vegOnly!, { vegOnly: true });
    const nonveg = await donate(ctx, donor, { diet: 'nonveg' });
    expect(nonveg.pair?.distributor_id).toBe(other!.profile.id);
    await setProfile(other!, { vegOnly: true });
    const egg = await donate(ctx, donor, { diet: 'egg' });
    expect(egg.current_state).toBe('Not Paired');
    const veg = await donate(ctx, donor, { diet: 'veg' });
    expect(veg.current_state).toBe('Paired');
  });
});

describe('offers', () => {
  it('offers the package, hiding both sides from each other until the distributor accepts', async () => {
    const [donor, first] = await people({ distributorCount: 1 });
    const pkg = await donate(ctx, donor, { quantity: 12 });
    expect(pkg).toMatchObject({ current_state: 'Offered', pair: null, handoverCode: null });
    expect(pkg.offerExpiresAt).not.toBeNull();
    expect(await openLoad(first!)).toBe(12);
    expect(await kindsFor(first!, pkg._id)).toEqual(['offered']);
    expect(await kindsFor(donor, pkg._id)).toEqual([]);

    const offered = await view(first!, pkg._id);
    expect(offered).toMatchObject({ donor_name: '', donor_phone: '', pair: null, quantity: 12 });
    expect(offered.offerMeetArea).toBeTruthy();
    expect(offered.location.address).toBe(offered.offerMeetArea);
    expect(JSON.stringify(offered)).not.toContain(donor.profile.phone);

    const accepted = await act(first!, pkg._id, 'accept').expect(200);
    const mine = PackageResponseSchema.parse(accepted.body).package;
    expect(mine.current_state).toBe('Paired');
    expect(mine.donor_phone).toBe(donor.profile.phone);
    expect(mine.handoverCode).toBeNull();
    const donorView = await view(donor, pkg._id);
    expect(donorView.pair?.distributor_phone).toBe(first!.profile.phone);
    expect(donorView.handoverCode).toMatch(/^\d{4}$/);
    expect(await kindsFor(donor, pkg._id)).toEqual(['pairedDonor']);
    expect(donorView.events.map((e) => e.kind)).toEqual(['created', 'offered', 'accepted']);
  });

  it('names a distributor to the donor only once they accept', async () => {
    const [donor, first, second] = await people();
    const pkg = await donate(ctx, donor);
    const offeredTo = (await dbPackage(pkg._id)).distributorId!;
    const [decliner, taker] = holderFirst(offeredTo, first!, second!);
    await act(decliner, pkg._id, 'decline', { reason: 'Van is away' }).expect(204);
    let events = (await view(donor, pkg._id)).events;
    expect(events.map((e) => [e.kind, e.distributorName])).toEqual([
      ['created', null],
      ['offered', null],
      ['declined', null],
      ['offered', null],
    ]);
    expect(events[2]!.reason).toBe('Van is away');
    // The next distributor sees that it was offered before, not who declined or why.
    const seenByTaker = (await view(taker, pkg._id)).events;
    expect(seenByTaker[2]).toMatchObject({ kind: 'declined', isViewer: false, reason: null });
    expect(seenByTaker[3]).toMatchObject({ kind: 'offered', isViewer: true });
    await act(taker, pkg._id, 'accept').expect(200);
    events = (await view(donor, pkg._id)).events;
    expect(events.at(-1)).toMatchObject({ kind: 'accepted', distributorName: taker.profile.name });
    expect(events[1]!.distributorName).toBeNull();
  });

  it('goes to the next distributor on decline, never back to one who declined', async () => {
    const [donor, a, b] = await people();
    const pkg = await donate(ctx, donor, { quantity: 7 });
    const firstId = (await dbPackage(pkg._id)).distributorId!;
    const [first, second] = holderFirst(firstId, a!, b!);
    // The decliner no longer holds it (and sees nothing of where it goes); the other one is asked.
    const declined = await act(first, pkg._id, 'decline', {}).expect(204);
    expect(declined.body).toEqual({});
    expect(await openLoad(first)).toBe(0);
    expect(await openLoad(second)).toBe(7);
    expect((await dbPackage(pkg._id)).distributorId).toBe(second.profile.id);
    // Their page says it went to someone else (they knew of it), not that it never existed.
    const gone = await request(ctx.app)
      .get(`/api/package/${pkg._id}`)
      .set('Cookie', first.cookie)
      .expect(409);
    expect(gone.body.error.message).toBe('This package is no longer offered or assigned to you.');

    await act(second, pkg._id, 'decline', { reason: 'Closed today' }).expect(204);
    const row = await dbPackage(pkg._id);
    expect(row).toMatchObject({ state: 'Not Paired', distributorId: null, offerExpiresAt: null });
    expect(await openLoad(second)).toBe(0);
    expect(await kindsFor(donor, pkg._id)).toEqual(['notPaired']);
    // Freed room elsewhere does not bring it back to either of them.
    await ctx.rematcher.runOnce();
    expect((await dbPackage(pkg._id)).state).toBe('Not Paired');
  });

  it('lets only the offered distributor answer, and only while it is Offered', async () => {
    const [donor, a, b] = await people();
    const pkg = await donate(ctx, donor);
    const offeredId = (await dbPackage(pkg._id)).distributorId!;
    const [offered, other] = holderFirst(offeredId, a!, b!);
    await act(other, pkg._id, 'accept').expect(404);
    await act(other, pkg._id, 'decline', {}).expect(404);
    const byDonor = await act(donor, pkg._id, 'accept').expect(403);
    expect(byDonor.body.error.message).toContain('offered to');
    await act(offered, pkg._id, 'accept').expect(200);
    const again = await act(offered, pkg._id, 'accept').expect(409);
    expect(again.body.error.message).toBe(
      'This package is Paired; only an Offered package can be accepted.',
    );
    await act(offered, pkg._id, 'decline', {}).expect(409);
  });

  it("lets the database's matching offer or pair only what the lifecycle lets it: a Not Paired package", async () => {
    const [donor, a, b] = await people();
    const pkg = await donate(ctx, donor);
    const offeredId = (await dbPackage(pkg._id)).distributorId!;
    const [offered, other] = holderFirst(offeredId, a!, b!);
    // Claims `other` for it as matching would; the claim refuses before it looks at them.
    const claim = () =>
      ctx.database.db.execute(
        sql`select almquest_claim_row(p, ${other.profile.id}::uuid, 10, 0, 0, 600000, true, false,
                                      '1234', true)
              from packages p where p.id = ${pkg._id}::uuid`,
      );
    const tried: string[] = [];
    const tryEach = async () => {
      const before = await dbPackage(pkg._id);
      const load = await openLoad(other);
      const allowed = TRANSITIONS.offer.from.includes(before.state as 'Not Paired');
      expect(allowed).toBe(TRANSITIONS.pair.from.includes(before.state as 'Not Paired'));
      if (allowed) return;
      const refused = await claim().then(
        () => null,
        (e: unknown) => e as { cause?: { message?: string } },
      );
      expect(refused?.cause?.message, before.state).toMatch(/is not Not Paired/);
      expect(await dbPackage(pkg._id)).toEqual(before);
      expect(await openLoad(other)).toBe(load);
      tried.push(before.state);
    };
    await tryEach();
    await act(offered, pkg._id, 'accept').expect(200);
    await tryEach();
    await mark(offered, pkg, {
      state: 'Received',
      code: await handoverCodeOf(ctx, pkg._id),
    }).expect(200);
    await tryEach();
    await mark(offered, pkg, { state: 'Distributed' }).expect(200);
    await tryEach();
    expect(tried).toEqual(['Offered', 'Paired', 'Received', 'Distributed']);
  });

  it('lapses an unanswered offer: the next distributor is asked, the silent one told', async () => {
    const [donor, a, b] = await people();
    const pkg = await donate(ctx, donor);
    const firstId = (await dbPackage(pkg._id)).distributorId!;
    const [first] = holderFirst(firstId, a!, b!);
    // Not yet due: the sweep leaves it alone (other test files' packages may be due: the
    // database is shared, so this one is looked at, not the sweep's counts).
    await ctx.deadlines.runOnce();
    expect((await dbPackage(pkg._id)).distributorId).toBe(first.profile.id);
    await ctx.database.db
      .update(packages)
      .set({ offerExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(packages.id, pkg._id));
    // Past the deadline, an answer comes too late even before the sweep has run.
    const late = await act(first, pkg._id, 'accept').expect(409);
    expect(late.body.error.message).toContain('lapsed');
    const counts = await ctx.deadlines.runOnce();
    expect(counts.lapsed).toBeGreaterThanOrEqual(1);
    const row = await dbPackage(pkg._id);
    expect(row.state).toBe('Offered');
    expect(row.distributorId).not.toBe(first.profile.id);
    expect(await openLoad(first)).toBe(0);
    expect(await kindsFor(first, pkg._id)).toEqual(['offered', 'offerLapsed']);
    const events = (await view(donor, pkg._id)).events.map((e) => e.kind);
    expect(events).toEqual(['created', 'offered', 'lapsed', 'offered']);
  });

  it('pairs at once for a distributor who accepts automatically (SPEC flow)', async () => {
    const [donor, d] = await people({ distributorCount: 1, autoAccept: true });
    const pkg = await donate(ctx, donor);
    expect(pkg.current_state).toBe('Paired');
    expect(pkg.events.map((e) => e.kind)).toEqual(['created', 'paired']);
    expect(await kindsFor(d!, pkg._id)).toEqual(['pairedDistributor']);
  });
});

describe('release, cancel and widening', () => {
  it('sends a released package back to matching without its distributor; the donor is told', async () => {
    const [donor, a, b] = await people({ autoAccept: true });
    const pkg = await donate(ctx, donor, { quantity: 5 });
    const firstId = pkg.pair!.distributor_id!;
    const [first, second] = holderFirst(firstId, a!, b!);
    await act(donor, pkg._id, 'release', {}).expect(403);
    await act(second, pkg._id, 'release', {}).expect(404);
    const res = await act(first, pkg._id, 'release', { reason: 'Bike broke down' }).expect(204);
    expect(res.body).toEqual({});
    const row = await dbPackage(pkg._id);
    expect(row.distributorId).toBe(second.profile.id);
    expect(await openLoad(first)).toBe(0);
    expect(await openLoad(second)).toBe(5);
    expect(await kindsFor(donor, pkg._id)).toEqual(['pairedDonor', 'released', 'pairedDonor']);
    const donorView = await view(donor, pkg._id);
    expect(donorView.events.map((e) => e.kind)).toEqual([
      'created',
      'paired',
      'released',
      'paired',
    ]);
    expect(donorView.events[2]!.reason).toBe('Bike broke down');
    await mark(second, pkg, { state: 'Received', code: await handoverCodeOf(ctx, pkg._id) }).expect(
      200,
    );
    await act(second, pkg._id, 'release', {}).expect(409);
  });

  it('cancels before Received: capacity freed, distributor told, meals no longer counted', async () => {
    const [donor, d] = await people({ distributorCount: 1, autoAccept: true });
    const pkg = await donate(ctx, donor, { quantity: 9 });
    await act(d!, pkg._id, 'cancel', {}).expect(403);
    const res = await act(donor, pkg._id, 'cancel', { reason: 'Guests ate it' }).expect(200);
    expect(res.body.package.current_state).toBe('Cancelled');
    expect(await openLoad(d!)).toBe(0);
    expect(await kindsFor(d!, pkg._id)).toEqual(['pairedDistributor', 'cancelled']);
    const [donorRow] = await ctx.database.db
      .select()
      .from(donors)
      .where(eq(donors.userId, donor.profile.id));
    expect(donorRow!.lifetimeDonation).toBe(0);
    // The distributor still sees what happened, with the reason.
    const seen = await view(d!, pkg._id);
    expect(seen.current_state).toBe('Cancelled');
    expect(seen.events.at(-1)).toMatchObject({ kind: 'cancelled', reason: 'Guests ate it' });
    await act(donor, pkg._id, 'cancel', {}).expect(409);

    const later = await donate(ctx, donor, { quantity: 3 });
    await mark(d!, later, { state: 'Received', code: await handoverCodeOf(ctx, later._id) }).expect(
      200,
    );
    const tooLate = await act(donor, later._id, 'cancel', {}).expect(409);
    expect(tooLate.body.error.message).toBe(
      'This package is Received; only a package not yet Received can be cancelled.',
    );
  });

  it('widens a waiting package and matches it again at once', async () => {
    const { at, donor } = await scene({ distributorCount: 0 });
    const far = await createDistributor(ctx, { location: at(25), distanceRange: 5 });
    const pkg = await donate(ctx, donor, { travelCapacity: '2 km' });
    expect(pkg.current_state).toBe('Not Paired');
    const res = await request(ctx.app)
      .patch(`/api/package/${pkg._id}`)
      .set('Cookie', donor.cookie)
      .send({ travelCapacity: '30 km' })
      .expect(200);
    expect(res.body.package).toMatchObject({ current_state: 'Paired', travelCapacity: 30 });
    expect(res.body.package.pair.distributor_id).toBe(far.profile.id);
    const refused = await request(ctx.app)
      .patch(`/api/package/${pkg._id}`)
      .set('Cookie', donor.cookie)
      .send({ travelCapacity: '40 km' })
      .expect(409);
    expect(refused.body.error.message).toContain('only while it waits');
    const bad = await request(ctx.app)
      .patch(`/api/package/${pkg._id}`)
      .set('Cookie', donor.cookie)
      .send({ travelCapacity: 'far' })
      .expect(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['travelCapacity']);
  });
});

describe('deadlines', () => {
  it('expires a package not Received by its pickup time; both told, room freed', async () => {
    const [donor, d] = await people({ distributorCount: 1, autoAccept: true });
    const pkg = await donate(ctx, donor, { quantity: 4 });
    const waiting = await donate(ctx, donor, {
      quantity: 4,
      travelCapacity: 0,
      location: area()(0),
    });
    await ctx.database.db
      .update(packages)
      .set({ readyUntil: sql`now() - interval '1 second'` })
      .where(sql`${packages.id} in (${pkg._id}, ${waiting._id})`);
    // Past the pickup time the handover is refused even before the sweep.
    const late = await mark(d!, pkg, {
      state: 'Received',
      code: await handoverCodeOf(ctx, pkg._id),
    });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain('pickup time');
    expect((await ctx.deadlines.runOnce()).expired).toBeGreaterThanOrEqual(2);
    expect((await dbPackage(pkg._id)).state).toBe('Expired');
    expect((await dbPackage(waiting._id)).state).toBe('Expired');
    expect(await openLoad(d!)).toBe(0);
    expect(await kindsFor(donor, pkg._id)).toEqual(['pairedDonor', 'expiredDonor']);
    expect(await kindsFor(d!, pkg._id)).toEqual(['pairedDistributor', 'expiredDistributor']);
    // An expired package is matched no more.
    await ctx.rematcher.runOnce();
    expect((await dbPackage(waiting._id)).state).toBe('Expired');
  });

  it('tells a donor still waiting at half the window, once', async () => {
    const { donor } = await scene({ distributorCount: 0 });
    const pkg = await donate(ctx, donor);
    await ctx.database.db
      .update(packages)
      .set({ warnAt: sql`now() - interval '1 second'` })
      .where(eq(packages.id, pkg._id));
    await ctx.deadlines.runOnce();
    await ctx.deadlines.runOnce();
    expect(await kindsFor(donor, pkg._id)).toEqual(['notPaired', 'stillWaiting']);
  });
});

describe("a distributor's record (decision 034)", () => {
  async function recordOf(who: Registered) {
    const [row] = await ctx.database.db
      .select({
        lapsed: distributors.offersLapsed,
        missed: distributors.pickupsMissed,
        collected: distributors.pickupsCollected,
      })
      .from(distributors)
      .where(eq(distributors.userId, who.profile.id));
    return row!;
  }
  const lapseNow = (id: string) =>
    ctx.database.db
      .update(packages)
      .set({ offerExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(packages.id, id));

  /** The offer and the pick-up time end together, a second ago. */
  const cutShortNow = (id: string) =>
    ctx.database.db
      .update(packages)
      .set({
        readyUntil: sql`now() - interval '1 second'`,
        offerExpiresAt: sql`now() - interval '1 second'`,
      })
      .where(eq(packages.id, id));

  /** The held package reaches its pick-up time, having been paired `notice` before it. */
  async function expireHeld(id: string, notice: string) {
    await ctx.database.db
      .update(packages)
      .set({
        pairedAt: sql`now() - interval '1 second' - ${notice}::interval`,
        readyUntil: sql`now() - interval '1 second'`,
      })
      .where(eq(packages.id, id));
    await ctx.deadlines.runOnce();
    expect((await dbPackage(id)).state).toBe('Expired');
  }

  it('pairs someone who accepts automatically with as many packages at once as they have collected, plus one; the rest are offers (decision 035)', async () => {
    const [donor, d] = await people({ distributorCount: 1, autoAccept: true });
    const stateOf = async (id: string) => (await dbPackage(id)).state;
    const first = await donate(ctx, donor, { quantity: 2 });
    expect(await stateOf(first._id)).toBe('Paired');
    // A newcomer holding one package, having collected none: the next is asked.
    const second = await donate(ctx, donor, { quantity: 2 });
    expect(await stateOf(second._id)).toBe('Offered');
    await act(d!, second._id, 'accept').expect(200);
    // One collected: they may hold two at once automatically.
    await mark(d!, first, {
      state: 'Received',
      code: await handoverCodeOf(ctx, first._id),
    }).expect(200);
    const third = await donate(ctx, donor, { quantity: 2 });
    expect(await stateOf(third._id)).toBe('Paired');
    const fourth = await donate(ctx, donor, { quantity: 2 });
    expect(await stateOf(fourth._id)).toBe('Offered');
    expect(await recordOf(d!)).toEqual({ lapsed: 0, missed: 0, collected: 1 });
  });

  it('charges nobody for an offer the pick-up time cut short', async () => {
    const [donor, d] = await people({ distributorCount: 1 });
    const pkg = await donate(ctx, donor, { quantity: 2 });
    expect((await dbPackage(pkg._id)).state).toBe('Offered');
    await cutShortNow(pkg._id);
    await ctx.deadlines.runOnce();
    expect((await dbPackage(pkg._id)).state).toBe('Expired');
    expect(await recordOf(d!)).toEqual({ lapsed: 0, missed: 0, collected: 0 });
    // Also when its lapse is acted on before its expiry (a sweep with more due than one batch).
    const next = await donate(ctx, donor, { quantity: 2 });
    await cutShortNow(next._id);
    expect(await lapseOffer(ctx.database.db, next._id, ctx.config.matching)).not.toBeNull();
    expect((await dbPackage(next._id)).distributorId).toBeNull();
    expect(await recordOf(d!)).toEqual({ lapsed: 0, missed: 0, collected: 0 });
  });

  it('counts a miss of a package someone accepted, however short the notice', async () => {
    const [donor, d] = await people({ distributorCount: 1 });
    const pkg = await donate(ctx, donor, { quantity: 2 });
    await act(d!, pkg._id, 'accept').expect(200);
    await expireHeld(pkg._id, '10 minutes');
    expect(await recordOf(d!)).toEqual({ lapsed: 0, missed: 1, collected: 0 });
  });

  it('counts a give-back as a missed pick-up only when it leaves nobody time to go', async () => {
    const [donor, d] = await people({ distributorCount: 1, autoAccept: true });
    const release = async (minutesLeft: number) => {
      const pkg = await donate(ctx, donor, { quantity: 2 });
      await ctx.database.db
        .update(packages)
        .set({
          pairedAt: sql`now() - interval '3 hours'`,
          readyUntil: sql`now() + ${minutesLeft} * interval '1 minute'`,
        })
        .where(eq(packages.id, pkg._id));
      await act(d!, pkg._id, 'release', { reason: 'Cannot come' }).expect(204);
    };
    await release(45);
    expect(await recordOf(d!)).toEqual({ lapsed: 0, missed: 0, collected: 0 });
    await release(20);
    expect(await recordOf(d!)).toEqual({ lapsed: 0, missed: 1, collected: 0 });
  });

  it('counts an offer let lapse, and asks someone a little farther with a clean record first', async () => {
    const [donor, near, far] = await people();
    const first = await donate(ctx, donor, { quantity: 3 });
    expect((await dbPackage(first._id)).distributorId).toBe(near!.profile.id);
    await lapseNow(first._id);
    await ctx.deadlines.runOnce();
    expect(await recordOf(near!)).toEqual({ lapsed: 1, missed: 0, collected: 0 });
    expect((await dbPackage(first._id)).distributorId).toBe(far!.profile.id);
    await act(far!, first._id, 'decline', { reason: 'Busy' }).expect(204);
    expect(await recordOf(far!)).toEqual({ lapsed: 0, missed: 0, collected: 0 });
    // Two lapses and nothing collected count 1.5 km: near (2 km away) ranks behind far (3 km).
    await ctx.database.db
      .update(distributors)
      .set({ offersLapsed: 2 })
      .where(eq(distributors.userId, near!.profile.id));
    const next = await donate(ctx, donor, { quantity: 3 });
    expect((await dbPackage(next._id)).distributorId).toBe(far!.profile.id);
  });

  it('asks first, despite autoAccept, someone who missed more pick-ups than they collected', async () => {
    const [donor, d] = await people({ distributorCount: 1, autoAccept: true });
    // Paired with an hour's notice and more: missing it counts. With less, it would not.
    const short = await donate(ctx, donor, { quantity: 2 });
    await expireHeld(short._id, '59 minutes');
    expect(await recordOf(d!)).toEqual({ lapsed: 0, missed: 0, collected: 0 });
    const missed = await donate(ctx, donor, { quantity: 2 });
    expect(missed.current_state).toBe('Paired');
    await expireHeld(missed._id, '61 minutes');
    expect(await recordOf(d!)).toEqual({ lapsed: 0, missed: 1, collected: 0 });
    expect((await view(d!, missed._id)).current_state).toBe('Expired');
    const paused = async () =>
      (
        await request(ctx.app)
          .get(`/api/distributor/${d!.profile.id}`)
          .set('Cookie', d!.cookie)
          .expect(200)
      ).body.data.autoAcceptPaused;
    expect(await paused()).toBe(true);

    const asked = await donate(ctx, donor, { quantity: 2 });
    expect(asked.current_state).toBe('Offered');
    expect(await kindsFor(d!, asked._id)).toEqual(['offered']);
    await act(d!, asked._id, 'accept').expect(200);
    const code = await handoverCodeOf(ctx, asked._id);
    expect((await mark(d!, asked, { state: 'Received', code })).status).toBe(200);
    // As many collected as missed: pairing is automatic again.
    expect(await recordOf(d!)).toEqual({ lapsed: 0, missed: 1, collected: 1 });
    expect(await paused()).toBe(false);
    expect((await donate(ctx, donor, { quantity: 2 })).current_state).toBe('Paired');
  });
});

describe('handover code', () => {
  it('asks the donor’s code for Received, refuses wrong ones and locks after five', async () => {
    const [donor, d] = await people({ distributorCount: 1, autoAccept: true });
    const pkg = await donate(ctx, donor);
    const code = await handoverCodeOf(ctx, pkg._id);
    const wrong = code === '0000' ? '1111' : '0000';
    const missing = await mark(d!, pkg, { state: 'Received' }).expect(400);
    expect(Object.keys(missing.body.error.fields)).toEqual(['code']);
    const badShape = await mark(d!, pkg, { state: 'Received', code: '12a4' }).expect(400);
    expect(badShape.body.error.fields.code).toBe('Enter the 4-digit handover code');
    // Each field message has its words too, for the reader's language.
    expect(badShape.body.error.fieldWords).toEqual({ code: { key: 'server.codeRequired' } });
    for (let i = 1; i <= 4; i++) {
      const res = await mark(d!, pkg, { state: 'Received', code: wrong }).expect(422);
      expect(res.body.error).toMatchObject({ code: 'wrong_handover_code', key: 'wrongCode' });
      expect(res.body.error.fields.code).toContain(`${5 - i} tr`);
      expect(res.body.error.fieldWords.code).toEqual({
        key: 'server.wrongCodeTries',
        params: { count: 5 - i },
      });
    }
    const fifth = await mark(d!, pkg, { state: 'Received', code: wrong }).expect(429);
    expect(fifth.body.error.code).toBe('handover_locked');
    expect(fifth.body.error.fieldWords).toEqual({ code: { key: 'server.codeLocked' } });
    // Locked: even the right code waits.
    await mark(d!, pkg, { state: 'Received', code }).expect(429);
    expect((await view(d!, pkg._id)).handoverLockedUntil).not.toBeNull();
    expect((await dbPackage(pkg._id)).state).toBe('Paired');
    const unlock = () =>
      ctx.database.db
        .update(packages)
        .set({ handoverLockedUntil: sql`now() - interval '1 second'` })
        .where(eq(packages.id, pkg._id));
    await unlock();
    // The next five wrong codes lock it twice as long: guessing gets slower and slower.
    for (let i = 1; i <= 4; i++) {
      await mark(d!, pkg, { state: 'Received', code: wrong }).expect(422);
    }
    await mark(d!, pkg, { state: 'Received', code: wrong }).expect(429);
    const lockedFor = await queryRows<{ minutes: number }>(
      ctx.database.db,
      sql`select extract(epoch from handover_locked_until - now()) / 60 as minutes
          from packages where id = ${pkg._id}`,
    );
    expect(Number(lockedFor[0]!.minutes)).toBeGreaterThan(19);
    expect(Number(lockedFor[0]!.minutes)).toBeLessThanOrEqual(20);
    await unlock();
    // The code may come in Devanagari digits, as a Hindi keyboard types them.
    const devanagari = code.replace(/\d/g, (digit) => String.fromCharCode(0x966 + Number(digit)));
    await mark(d!, pkg, { state: 'Received', code: devanagari }).expect(200);
    const done = await mark(d!, pkg, { state: 'Distributed', servedCount: 23 }).expect(200);
    expect(done.body.package).toMatchObject({ current_state: 'Distributed', servedCount: 23 });
    expect((await view(donor, pkg._id)).handoverCode).toBeNull();
  });

  it('refuses a bad served count with 400 naming it', async () => {
    const [donor, d] = await people({ distributorCount: 1, autoAccept: true });
    const pkg = await donate(ctx, donor);
    await mark(d!, pkg, { state: 'Received', code: await handoverCodeOf(ctx, pkg._id) }).expect(
      200,
    );
    const res = await mark(d!, pkg, { state: 'Distributed', servedCount: 0 }).expect(400);
    expect(Object.keys(res.body.error.fields)).toEqual(['servedCount']);
    expect((await dbPackage(pkg._id)).state).toBe('Received');
  });
});

describe('what a distributor learns before accepting', () => {
  it('the meet area to a kilometre, never the pickup address, donor id or exact point', async () => {
    const { at, donor } = await scene({ distributorCount: 0 });
    // A donor who will not travel meets at their own door.
    const d = await createDistributor(ctx, { location: at(1), maxCapacity: 50 });
    await setProfile(d, { autoAccept: false });
    const pkg = await donate(ctx, donor, { travelCapacity: 0 });
    const offered = await view(d, pkg._id);
    expect(offered.current_state).toBe('Offered');
    expect(offered.donor_id).toBeNull();
    const [lat, lng] = offered.location.coordinates;
    expect(Math.round(lat * 100) / 100).toBe(lat);
    expect(Math.round(lng * 100) / 100).toBe(lng);
    expect(offered.offerMeetArea).toBe(`${lat.toFixed(2)}, ${lng.toFixed(2)}`);
    await request(ctx.app).get(`/api/package/${pkg._id}/route`).set('Cookie', d.cookie).expect(409);
    // The bell says the same: the area, not the donor's address.
    const notes = await request(ctx.app)
      .get(`/api/distributor/${d.profile.id}/getNotifs`)
      .set('Cookie', d.cookie)
      .expect(200);
    const offer = (notes.body.notifs as { kind: string; about: { address: string } }[]).find(
      (n) => n.kind === 'offered',
    );
    expect(offer?.about.address).toBe(offered.offerMeetArea);
    expect(JSON.stringify(notes.body)).not.toContain(donor.profile.location.address);
    // Once they accept, it is all theirs to see.
    await act(d, pkg._id, 'accept').expect(200);
    const mine = await view(d, pkg._id);
    expect(mine.donor_id).toBe(donor.profile.id);
    expect(mine.location.address).toBe(donor.profile.location.address);
  });

  it('keeps a decline reason with the donor even after the decliner leaves', async () => {
    const [donor, a, b] = await people();
    const pkg = await donate(ctx, donor);
    const firstId = (await dbPackage(pkg._id)).distributorId!;
    const [decliner, next] = holderFirst(firstId, a!, b!);
    await act(decliner, pkg._id, 'decline', { reason: 'Private matter' }).expect(204);
    await request(ctx.app)
      .delete(`/api/distributor/${decliner.profile.id}`)
      .set('Cookie', decliner.cookie)
      .expect(204);
    const seen = await view(next, pkg._id);
    expect(seen.events.find((e) => e.kind === 'declined')?.reason).toBeNull();
    const donorSees = await view(donor, pkg._id);
    expect(donorSees.events.find((e) => e.kind === 'declined')?.reason).toBe('Private matter');
  });
});

describe('after the pick-up time, before the sweep', () => {
  it('refuses to accept or widen, and a decline does not offer it on', async () => {
    const [donor, a, b] = await people();
    const pkg = await donate(ctx, donor);
    const firstId = (await dbPackage(pkg._id)).distributorId!;
    const [first] = holderFirst(firstId, a!, b!);
    await ctx.database.db
      .update(packages)
      .set({ readyUntil: sql`now() - interval '1 second'` })
      .where(eq(packages.id, pkg._id));
    await act(first, pkg._id, 'accept').expect(409);
    await request(ctx.app)
      .patch(`/api/package/${pkg._id}`)
      .set('Cookie', donor.cookie)
      .send({ travelCapacity: '50 km' })
      .expect(409);
    await act(first, pkg._id, 'decline', {}).expect(204);
    expect(await dbPackage(pkg._id)).toMatchObject({ state: 'Not Paired', distributorId: null });
    await ctx.deadlines.runOnce();
    expect((await dbPackage(pkg._id)).state).toBe('Expired');
  });

  it('only widens: a range no larger than now is refused, naming the field', async () => {
    const { donor } = await scene({ distributorCount: 0 });
    const pkg = await donate(ctx, donor, { travelCapacity: '5 km' });
    const res = await request(ctx.app)
      .patch(`/api/package/${pkg._id}`)
      .set('Cookie', donor.cookie)
      .send({ travelCapacity: '5 km' })
      .expect(400);
    expect(res.body.error.fields.travelCapacity).toBe('Enter more than 5 km');
    expect(res.body.error.fieldWords).toEqual({
      travelCapacity: { key: 'field.travelMoreThan', params: { km: 5 } },
    });
  });
});

describe('the deadline sweep', () => {
  it('goes on with every other package when one of them fails', async () => {
    // Room for one package each, so the two offers go to different distributors.
    const [donor, a, b] = await people({ maxCapacity: 3 });
    const poisoned = await donate(ctx, donor, { quantity: 3 });
    const healthy = await donate(ctx, donor, { quantity: 3 });
    const poisonedHolder = (await dbPackage(poisoned._id)).distributorId!;
    const healthyHolder = (await dbPackage(healthy._id)).distributorId!;
    expect(new Set([poisonedHolder, healthyHolder])).toEqual(
      new Set([a!.profile.id, b!.profile.id]),
    );
    // A load counter that drifted: freeing the poisoned offer would take it below zero.
    await ctx.database.db
      .update(distributors)
      .set({ openLoad: 0 })
      .where(eq(distributors.userId, poisonedHolder));
    // The poisoned one is due first, so a sweep that stopped at it would never reach the other.
    for (const [id, seconds] of [
      [poisoned._id, 2],
      [healthy._id, 1],
    ] as const) {
      await ctx.database.db
        .update(packages)
        .set({ offerExpiresAt: sql`now() - ${seconds} * interval '1 second'` })
        .where(eq(packages.id, id));
    }
    const silent: Notifier = { notify: () => {} };
    const sweeper = createDeadlineSweeper({
      db: ctx.database.db,
      notifier: silent,
      rematcher: ctx.rematcher,
      settings: ctx.config.matching,
      coordinatorEmails: ctx.config.coordinatorEmails,
      logger: createLogger('silent'),
    });
    await sweeper.runOnce();
    // The poisoned one could not lapse; the healthy one did, and went to the other distributor.
    expect((await dbPackage(poisoned._id)).distributorId).toBe(poisonedHolder);
    const after = await dbPackage(healthy._id);
    expect(after.distributorId).toBe(poisonedHolder);
    expect(after.state).toBe('Offered');
  });
});

describe('a deadline reached after the package moved on', () => {
  it('is re-checked under the lock: an accepted offer, a received or cancelled package stay', async () => {
    const [donor, d] = await people({ distributorCount: 1 });
    const accepted = await donate(ctx, donor, { quantity: 2 });
    await act(d!, accepted._id, 'accept').expect(200);
    const received = await donate(ctx, donor, { quantity: 2 });
    await act(d!, received._id, 'accept').expect(200);
    await mark(d!, received, {
      state: 'Received',
      code: await handoverCodeOf(ctx, received._id),
    }).expect(200);
    const cancelled = await donate(ctx, donor, { quantity: 2 });
    await act(donor, cancelled._id, 'cancel', {}).expect(200);
    // Every deadline of all three has passed, as if a sweep had read them just before.
    await ctx.database.db
      .update(packages)
      .set({
        readyUntil: sql`now() - interval '1 second'`,
        warnAt: sql`now() - interval '1 second'`,
      })
      .where(sql`${packages.id} in (${accepted._id}, ${received._id}, ${cancelled._id})`);
    const load = await openLoad(d!);
    for (const pkg of [accepted, received, cancelled]) {
      expect(await lapseOffer(ctx.database.db, pkg._id, ctx.config.matching)).toBeNull();
      expect(await warnDonor(ctx.database.db, pkg._id)).toBeNull();
    }
    expect(await expirePackage(ctx.database.db, received._id)).toBeNull();
    expect(await expirePackage(ctx.database.db, cancelled._id)).toBeNull();
    expect((await dbPackage(accepted._id)).state).toBe('Paired');
    expect((await dbPackage(received._id)).state).toBe('Received');
    expect((await dbPackage(cancelled._id)).state).toBe('Cancelled');
    expect(await openLoad(d!)).toBe(load);
    expect(await kindsFor(donor, cancelled._id)).not.toContain('stillWaiting');
  });
});

describe('on my way, and the check-in (decision 044)', () => {
  /** The check-in of a package falls due now. */
  const checkInNow = (id: string) =>
    ctx.database.db
      .update(packages)
      .set({ checkInBy: sql`now() - interval '1 second'` })
      .where(eq(packages.id, id));
  /** almquest_check_in_by, as the decision describes it. */
  const expectedCheckIn = (row: { createdAt: Date; readyUntil: Date; pairedAt: Date | null }) => {
    const ready = row.readyUntil.getTime();
    const due = Math.max(
      ready - (ready - row.createdAt.getTime()) / 3,
      row.pairedAt!.getTime() + 30 * 60_000,
    );
    return due <= ready - 30 * 60_000 ? due : null;
  };

  it('tells the donor once when the distributor sets out; only that distributor may say it', async () => {
    const [donor, d, other] = await people({ distributorCount: 2 });
    const pkg = await donate(ctx, donor, { quantity: 3 });
    const holderId = (await dbPackage(pkg._id)).distributorId!;
    const [holder, notHolder] = holderFirst(holderId, d!, other!);
    // Offered, not yet accepted: nothing to set out for.
    await act(holder, pkg._id, 'on-my-way').expect(409);
    await act(holder, pkg._id, 'accept').expect(200);
    const asked = await view(holder, pkg._id);
    expect(asked.onWayAt).toBeNull();
    // Two thirds of the way to the pick-up time (three hours: two hours after listing it).
    const row = await dbPackage(pkg._id);
    expect(Date.parse(asked.checkInBy!)).toBeCloseTo(expectedCheckIn(row)!, -3);
    expect(Date.parse(asked.checkInBy!) - row.createdAt.getTime()).toBeCloseTo(2 * 3_600_000, -4);
    // Nobody else may say it: the donor is told it is not theirs, another distributor sees nothing.
    const byDonor = await act(donor, pkg._id, 'on-my-way');
    expect(byDonor.status).toBe(403);
    expect(byDonor.body.error.key).toBe('onlyAssignedSetsOut');
    expect((await act(notHolder, pkg._id, 'on-my-way')).status).toBe(404);
    expect((await view(donor, pkg._id)).checkInBy).toBeNull();
    const res = await act(holder, pkg._id, 'on-my-way').expect(200);
    const after = PackageResponseSchema.parse(res.body).package;
    expect(after.onWayAt).not.toBeNull();
    expect(after.checkInBy).toBeNull();
    // Said twice: nothing new.
    await act(holder, pkg._id, 'on-my-way').expect(200);
    expect(await kindsFor(donor, pkg._id)).toEqual(['pairedDonor', 'onWay']);
    const seen = await view(donor, pkg._id);
    expect(seen.onWayAt).toBe(after.onWayAt);
    expect(seen.events.map((e) => e.kind)).toEqual(['created', 'offered', 'accepted', 'onWay']);
  });

  it('takes a package back when its distributor has not said in time; matching never offers it to them again, a coordinator may', async () => {
    const [donor, a, b] = await people({ distributorCount: 2 });
    const pkg = await donate(ctx, donor, { quantity: 3 });
    const [first, second] = holderFirst((await dbPackage(pkg._id)).distributorId!, a!, b!);
    await act(first, pkg._id, 'accept').expect(200);
    // Not yet due: left alone.
    await ctx.deadlines.runOnce();
    expect((await dbPackage(pkg._id)).distributorId).toBe(first.profile.id);
    await checkInNow(pkg._id);
    expect((await ctx.deadlines.runOnce()).reclaimed).toBeGreaterThanOrEqual(1);
    const row = await dbPackage(pkg._id);
    expect(row.state).toBe('Offered');
    expect(row.distributorId).toBe(second.profile.id);
    expect(row.onWayAt).toBeNull();
    expect(row.checkInBy).toBeNull();
    expect(await openLoad(first)).toBe(0);
    expect(await kindsFor(first, pkg._id)).toEqual(['offered', 'reclaimed']);
    expect(await kindsFor(donor, pkg._id)).toEqual(['pairedDonor', 'reclaimedDonor']);
    // Too late to say it now: the package is no longer theirs.
    expect((await act(first, pkg._id, 'on-my-way')).status).toBe(409);
    const events = (await view(donor, pkg._id)).events.map((e) => e.kind);
    expect(events).toEqual(['created', 'offered', 'accepted', 'reclaimed', 'offered']);
    // The second lets it go too: matching does not offer it to the first again.
    await act(second, pkg._id, 'decline', {}).expect(204);
    expect((await dbPackage(pkg._id)).state).toBe('Not Paired');
    // A coordinator may (the first may have been on their way, only without saying it).
    const [blocked] = await queryRows<{ turned: boolean; taken: boolean }>(
      ctx.database.db,
      sql`select ${first.profile.id}::uuid in (select t from almquest_turned_down(${pkg._id}::uuid, null, true) t) as turned,
                 ${first.profile.id}::uuid in (select t from almquest_turned_down(${pkg._id}::uuid, null, false) t) as taken`,
    );
    expect(blocked).toEqual({ turned: true, taken: false });
  });

  it('counts a reclaimed package as an offer let lapse, not a missed pick-up; one said in time is never reclaimed', async () => {
    const [donor, d] = await people({ distributorCount: 1 });
    const missed = await donate(ctx, donor, { quantity: 2 });
    await act(d!, missed._id, 'accept').expect(200);
    const kept = await donate(ctx, donor, { quantity: 2 });
    await act(d!, kept._id, 'accept').expect(200);
    await act(d!, kept._id, 'on-my-way').expect(200);
    await checkInNow(missed._id);
    await checkInNow(kept._id);
    await ctx.deadlines.runOnce();
    expect((await dbPackage(missed._id)).state).toBe('Not Paired');
    expect((await dbPackage(kept._id)).state).toBe('Paired');
    const [record] = await ctx.database.db
      .select({ lapsed: distributors.offersLapsed, missed: distributors.pickupsMissed })
      .from(distributors)
      .where(eq(distributors.userId, d!.profile.id));
    expect(record).toEqual({ lapsed: 1, missed: 0 });
  });

  it('asks nothing when the check-in would leave under half an hour', async () => {
    const [donor, d] = await people({ distributorCount: 1, autoAccept: true });
    const short = await donate(ctx, donor, {
      quantity: 2,
      readyUntil: new Date(Date.now() + 50 * 60_000).toISOString(),
    });
    expect(short.current_state).toBe('Paired');
    expect((await dbPackage(short._id)).checkInBy).toBeNull();
    expect((await view(d!, short._id)).checkInBy).toBeNull();
  });

  it('asks nothing under nearest-first dispatch, nor of someone who accepted from WhatsApp or SMS', async () => {
    const [donor, d] = await people({ distributorCount: 1 });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, d!.profile.id));
    for (const [settings, options] of [
      [{ byRecord: false }, {}],
      [ctx.config.matching, { awayFromPage: true }],
    ] as const) {
      const pkg = await donate(ctx, donor, { quantity: 2 });
      expect((await dbPackage(pkg._id)).state).toBe('Offered');
      await acceptOffer(ctx.database.db, user!, pkg._id, settings, options);
      const row = await dbPackage(pkg._id);
      expect(row.state).toBe('Paired');
      expect(row.checkInBy).toBeNull();
    }
  });

  it('asks nothing of someone paired automatically who may get it by WhatsApp or SMS', async () => {
    const [donor, d] = await people({ distributorCount: 1, autoAccept: true });
    await ctx.database.db.insert(messagingChannels).values({
      userId: d!.profile.id,
      channel: 'sms',
      phone: '+919812345678',
      verifiedAt: new Date(),
    });
    const pkg = await donate(ctx, donor, { quantity: 2 });
    expect(pkg.current_state).toBe('Paired');
    expect((await dbPackage(pkg._id)).checkInBy).toBeNull();
  });

  it('leaves a package to its pick-up time once the dispatch is nearest-first again', async () => {
    const [donor, d] = await people({ distributorCount: 1, autoAccept: true });
    const pkg = await donate(ctx, donor, { quantity: 2 });
    expect((await dbPackage(pkg._id)).checkInBy).not.toBeNull();
    await checkInNow(pkg._id);
    const nearest = { byRecord: false };
    expect((await duePackages(ctx.database.db, 1000, nearest)).reclaimed).not.toContain(pkg._id);
    // Put back before any sweep (this file's or another's, on the shared database) sees it.
    await ctx.database.db
      .update(packages)
      .set({ checkInBy: sql`now() + interval '1 hour'` })
      .where(eq(packages.id, pkg._id));
    expect(await kindsFor(d!, pkg._id)).toEqual(['pairedDistributor']);
  });

  it('tells the donor once that another distributor is sought, not again at half the window', async () => {
    const [donor, d] = await people({ distributorCount: 1 });
    const pkg = await donate(ctx, donor, { quantity: 2 });
    await act(d!, pkg._id, 'accept').expect(200);
    await ctx.database.db
      .update(packages)
      .set({
        checkInBy: sql`now() - interval '1 second'`,
        warnAt: sql`now() - interval '1 second'`,
      })
      .where(eq(packages.id, pkg._id));
    await ctx.deadlines.runOnce();
    await ctx.deadlines.runOnce();
    expect(await kindsFor(donor, pkg._id)).toEqual(['pairedDonor', 'reclaimedDonor', 'notPaired']);
  });
});
