import { randomUUID } from 'node:crypto';
import {
  AuditListSchema,
  CandidateListSchema,
  ContactMessageListSchema,
  PersonDetailSchema,
  ReportListSchema,
  WaitingListSchema,
} from '@almquest/contracts/coordinator';
import { sql } from 'drizzle-orm';
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { forgetArea, nextPatches } from '../../test/areas';
import {
  createDistributor,
  createDonor,
  donate,
  donorAndAnsweringDistributor,
  donationInput,
  markPackage,
  type Registered,
  uniqueEmail,
  updateDistributor,
  callsAs,
  withLongRecord,
} from '../../test/factories';
import { signIn, type SignedIn } from '../../test/session';
import { openEventStream } from '../../test/sse';
import { createTestApp, type TestContext } from '../../test/test-app';
import { composeMessage } from '../notifications/delivery';
import { subscribe } from '../push/push.service';
import { deleteAccount } from '../users/users.service';
import { csvField, drained } from './csv-export';

const COORDINATOR = uniqueEmail('coordinator');
const SECOND_COORDINATOR = uniqueEmail('coordinator2');
let ctx: TestContext;
let coordinator: SignedIn;
beforeAll(async () => {
  ctx = await createTestApp({ COORDINATOR_EMAILS: `${SECOND_COORDINATOR}, ${COORDINATOR}` });
  await forgetArea(ctx.database.db, 'coordinator');
  await forgetArea(ctx.database.db, 'coordinatorReview');
  coordinator = await signIn(ctx, COORDINATOR.toUpperCase());
});
afterAll(() => ctx.close());

const area = nextPatches('coordinator');

/** GETs a CSV as text (supertest parses only JSON and forms by itself). */
/** The coordinator's export, as the console's form asks for it. */
function postExport(who: { cookie: string }, range: { from: string; to: string }) {
  return request(ctx.app)
    .post('/api/coordinator/packages.csv')
    .set('Cookie', who.cookie)
    .type('form')
    .send(range);
}

function getCsv(who: { cookie: string }, url: string) {
  return readCsv(request(ctx.app).get(url).set('Cookie', who.cookie));
}

function readCsv(req: request.Test) {
  return req
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    })
    .expect(200);
}

const as = (who: { cookie: string }) => callsAs(ctx, who);

async function notificationKinds(userId: string): Promise<string[]> {
  const rows = await queryRows<{ kind: string }>(
    ctx.database.db,
    sql`select kind from notifications where user_id = ${userId} order by id`,
  );
  return rows.map((r) => r.kind);
}

async function auditActions(targetId: string): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(
    ctx.database.db,
    sql`select action from audit_log where target_id = ${targetId} order by id`,
  );
  return rows.map((r) => r.action);
}

/** A donor whose packages nobody can reach (travel 0) and a distributor 30 km off (range 2). */
async function strandedPackage(quantity = 10, travelCapacity = 0) {
  const at = area();
  const donor = await createDonor(ctx, { location: at(0) });
  const distributor = await createDistributor(ctx, {
    location: at(30),
    distanceRange: 2,
    maxCapacity: 50,
  });
  const pkg = await donate(ctx, donor, { location: at(0), travelCapacity, quantity });
  expect(pkg.current_state).toBe('Not Paired');
  return { at, donor, distributor, pkg };
}

describe('who is a coordinator', () => {
  it('is whoever COORDINATOR_EMAILS names (any case), and the session says so to them only', async () => {
    expect(coordinator.user.isCoordinator).toBe(true);
    const other = await signIn(ctx, uniqueEmail('notcoordinator'));
    expect(other.user.isCoordinator).toBeUndefined();
    await as(other).get('/api/coordinator/packages').expect(403);
  });
});

describe('waiting packages', () => {
  it('lists Not Paired, Offered and Paired packages, oldest deadline first, with both sides and filters', async () => {
    const { pkg, donor } = await strandedPackage(7);
    const res = await as(coordinator).get('/api/coordinator/packages').expect(200);
    const list = WaitingListSchema.parse(res.body);
    const mine = list.packages.find((p) => p.id === pkg._id);
    expect(mine).toMatchObject({
      state: 'Not Paired',
      quantity: 7,
      donor: { id: donor.profile.id, name: donor.profile.name },
      distributor: null,
    });
    // Those at risk first (none are yet), then the rest, each oldest deadline first.
    for (const isAtRisk of [true, false]) {
      const deadlines = list.packages
        .filter((p) => (p.atRiskSince !== null) === isAtRisk)
        .map((p) => p.readyUntil);
      expect(deadlines).toEqual([...deadlines].sort());
    }
    const offered = WaitingListSchema.parse(
      (await as(coordinator).get('/api/coordinator/packages?state=Offered').expect(200)).body,
    );
    expect(offered.packages.every((p) => p.state === 'Offered')).toBe(true);
    const bad = await as(coordinator).get('/api/coordinator/packages?state=Received').expect(400);
    expect(bad.body.error.fields).toHaveProperty('state');
  });

  it('offers a stranded package to a chosen distributor, who is told and still answers', async () => {
    const { pkg, distributor, donor } = await strandedPackage(10, 3);
    await updateDistributor(ctx, distributor, { autoAccept: false });
    await ctx.database.db.execute(sql`
      update distributors set pickups_collected = 4, pickups_missed = 1, offers_lapsed = 2
       where user_id = ${distributor.profile.id}`);
    const candidates = CandidateListSchema.parse(
      (await as(coordinator).get(`/api/coordinator/packages/${pkg._id}/candidates`).expect(200))
        .body,
    );
    const candidate = candidates.candidates.find((c) => c.id === distributor.profile.id);
    expect(candidate).toMatchObject({ refusal: null, maxCapacity: 50, openLoad: 0 });
    // Their record, for the coordinator to weigh (decision 034).
    expect(candidate!.record).toEqual({ collected: 4, missed: 1, lapsed: 2 });
    expect(candidate!.distanceKm).toBeGreaterThan(20);
    // Matching would never pair them: the dialog says by how much they are out of reach.
    expect(candidate!.beyondReachKm).toBeCloseTo(candidate!.distanceKm - 3 - 2, 0);

    const res = await as(coordinator)
      .post(`/api/coordinator/packages/${pkg._id}/offer`, {
        distributorId: distributor.profile.id,
      })
      .expect(200);
    expect(res.body.state).toBe('Offered');
    expect(await notificationKinds(distributor.profile.id)).toContain('offered');
    expect(await auditActions(pkg._id)).toEqual(['package.offer']);
    // The log keeps facts, worded by the console in the reader's language.
    const log = AuditListSchema.parse(
      (await as(coordinator).get('/api/coordinator/audit').expect(200)).body,
    );
    const entry = log.entries.find((e) => e.targetId === pkg._id);
    expect(entry).toMatchObject({
      details: { distributorName: distributor.profile.name, state: 'Offered' },
      targetPackage: { quantity: 10 },
      summary: null,
    });
    // They are told a coordinator chose them (not that matching found them the nearest).
    const offered = (await as(distributor).get(`/api/package/${pkg._id}`).expect(200)).body.package;
    expect(offered.whyYou).toMatchObject({ byCoordinator: true });
    // The distributor accepts as with any offer.
    await as(distributor).post(`/api/package/${pkg._id}/accept`).expect(200);
    // The donor travels no farther than the 3 km they said, however far the distributor has to
    // come (in proportion to the ranges it would have been 18 km).
    const seen = (await as(donor).get(`/api/package/${pkg._id}`).expect(200)).body.package;
    const [lat, lng] = seen.pair.meet_location.coordinates as [number, number];
    const [donorLat, donorLng] = pkg.location.coordinates;
    expect(
      Math.hypot(lat - donorLat, (lng - donorLng) * Math.cos((lat * Math.PI) / 180)) * 111,
    ).toBeLessThan(4.5);
    // Offering it again is refused: it is no longer waiting for a distributor.
    const again = await as(coordinator)
      .post(`/api/coordinator/packages/${pkg._id}/offer`, {
        distributorId: distributor.profile.id,
      })
      .expect(409);
    expect(again.body.error.message).toMatch(/only a Not Paired package/);
  });

  it('keeps the capacity rule: a distributor without room is refused, nothing changes', async () => {
    const { pkg, distributor } = await strandedPackage(60);
    const res = await as(coordinator)
      .post(`/api/coordinator/packages/${pkg._id}/offer`, {
        distributorId: distributor.profile.id,
      })
      .expect(409);
    expect(res.body.error.message).toBe('That distributor has no room for this package.');
    const [row] = await queryRows<{ state: string }>(
      ctx.database.db,
      sql`select state from packages where id = ${pkg._id}`,
    );
    expect(row?.state).toBe('Not Paired');
    expect(await auditActions(pkg._id)).toEqual([]);
    const missing = await as(coordinator)
      .post(`/api/coordinator/packages/${pkg._id}/offer`, { distributorId: 'nope' })
      .expect(400);
    expect(missing.body.error.fields).toHaveProperty('distributorId');
  });

  it('cancels a Paired package with a reason: both sides told, the room freed, the reason logged', async () => {
    const at = area();
    const donor = await createDonor(ctx, { location: at(0) });
    const distributor = await createDistributor(ctx, { location: at(2), maxCapacity: 40 });
    const pkg = await donate(ctx, donor, { location: at(0), quantity: 15 });
    expect(pkg.current_state).toBe('Paired');
    const noReason = await as(coordinator)
      .post(`/api/coordinator/packages/${pkg._id}/cancel`, {})
      .expect(400);
    expect(noReason.body.error.fields).toHaveProperty('reason');
    // Too short, in words a Hindi or Bengali page can say whole.
    const shortReason = await as(coordinator)
      .post(`/api/coordinator/packages/${pkg._id}/cancel`, { reason: 'x' })
      .expect(400);
    expect(shortReason.body.error.fieldWords.reason).toEqual({ key: 'field.reasonRequired' });
    await as(coordinator)
      .post(`/api/coordinator/packages/${pkg._id}/cancel`, { reason: 'Reported as not food' })
      .expect(200);
    expect(await notificationKinds(donor.profile.id)).toContain('cancelledByCoordinator');
    expect(await notificationKinds(distributor.profile.id)).toContain('cancelledByCoordinator');
    const [load] = await queryRows<{ open_load: number }>(
      ctx.database.db,
      sql`select open_load from distributors where user_id = ${distributor.profile.id}`,
    );
    expect(load?.open_load).toBe(0);
    const [entry] = await queryRows<{ reason: string; actor_email: string }>(
      ctx.database.db,
      sql`select reason, actor_email from audit_log where target_id = ${pkg._id}`,
    );
    expect(entry?.reason).toBe('Reported as not food');
    expect(entry?.actor_email.toLowerCase()).toBe(COORDINATOR);
  });
});

describe('packages at risk', () => {
  /** Two hours of a three-hour window gone (a minute more): a third of it is left. */
  const twoThirdsGone = (ids: string[]) =>
    ctx.database.db.execute(sql`
      update packages set created_at = now() - interval '121 minutes',
                          ready_until = now() + interval '59 minutes'
       where id in (${sql.join(
         ids.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})`);
  const alertsAbout = async (packageId: string) =>
    queryRows<{ user_id: string; user_type: string; channels: string | null }>(
      ctx.database.db,
      sql`select n.user_id, n.user_type,
                 (select string_agg(d.channel, ',') from notification_deliveries d
                   where d.notification_id = n.id) as channels
            from notifications n where n.package_id = ${packageId} and n.kind = 'atRisk'`,
    );

  it('raises one nobody accepted with a third of its window left: once, to each coordinator signed in, first in the console', async () => {
    // The coordinator asked for offers by e-mail: an alert goes with them.
    await ctx.database.db.execute(
      sql`update users set email_offers = true where id = ${coordinator.user.id}`,
    );
    const { pkg, donor } = await strandedPackage(9);
    const at = area();
    const helper = await createDistributor(ctx, { location: at(2), maxCapacity: 40 });
    const taken = await donate(ctx, await createDonor(ctx, { location: at(0) }), {
      location: at(0),
      quantity: 5,
    });
    expect(taken.current_state).toBe('Paired');
    expect(taken.pair?.distributor_id).toBe(helper.profile.id);
    // Not yet: two thirds of the window have not gone.
    await ctx.deadlines.runOnce();
    expect(await alertsAbout(pkg._id)).toEqual([]);

    await twoThirdsGone([pkg._id, taken._id]);
    expect((await ctx.deadlines.runOnce()).raised).toBeGreaterThanOrEqual(1);
    await ctx.deadlines.runOnce();
    // One alert, to the coordinator who has signed in (the other has no account to alert yet),
    // by e-mail as they chose; the donor hears nothing new, and the accepted one raises nothing.
    expect(await alertsAbout(pkg._id)).toEqual([
      { user_id: coordinator.user.id, user_type: 'Coordinator', channels: 'email' },
    ]);
    expect(await notificationKinds(donor.profile.id)).not.toContain('atRisk');
    expect(await alertsAbout(taken._id)).toEqual([]);

    const list = WaitingListSchema.parse(
      (await as(coordinator).get('/api/coordinator/packages').expect(200)).body,
    );
    const risky = list.packages.findIndex((p) => p.id === pkg._id);
    expect(list.packages[risky]!.atRiskSince).not.toBeNull();
    expect(list.packages.find((p) => p.id === taken._id)?.atRiskSince).toBeNull();
    // Every package at risk comes before every other.
    const firstCalm = list.packages.findIndex((p) => p.atRiskSince === null);
    expect(list.packages.slice(firstCalm).every((p) => p.atRiskSince === null)).toBe(true);
    expect(risky).toBeLessThan(firstCalm);

    // Its push or e-mail opens the console, which lists it first.
    expect(
      composeMessage(
        { kind: 'atRisk', packageId: pkg._id, quantity: 9, address: 'x', locale: 'en' },
        null,
        'https://almquest.example',
      ).url,
    ).toBe('https://almquest.example/coordinator');
  });

  it('stops being at risk once someone accepts it', async () => {
    const { pkg, distributor } = await strandedPackage(6, 3);
    await updateDistributor(ctx, distributor, { autoAccept: false });
    await twoThirdsGone([pkg._id]);
    await ctx.deadlines.runOnce();
    expect(await alertsAbout(pkg._id)).toHaveLength(1);
    await as(coordinator)
      .post(`/api/coordinator/packages/${pkg._id}/offer`, { distributorId: distributor.profile.id })
      .expect(200);
    const offered = WaitingListSchema.parse(
      (await as(coordinator).get('/api/coordinator/packages').expect(200)).body,
    ).packages.find((p) => p.id === pkg._id);
    // Offered is still nobody's yes.
    expect(offered?.atRiskSince).not.toBeNull();
    await as(distributor).post(`/api/package/${pkg._id}/accept`).expect(200);
    const paired = WaitingListSchema.parse(
      (await as(coordinator).get('/api/coordinator/packages').expect(200)).body,
    ).packages.find((p) => p.id === pkg._id);
    expect(paired).toMatchObject({ state: 'Paired', atRiskSince: null });
  });
});

describe('people', () => {
  it('lists the people found in the order people read names: 2 before 10', async () => {
    // Letters only: digits in the search would also match phones that hold them.
    const tag = `Sortkitchen${randomUUID()
      .replace(/[^a-f]/g, '')
      .padEnd(8, 'x')
      .slice(0, 8)}`;
    for (const n of [10, 2, 1]) {
      const donor = await createDonor(ctx);
      await ctx.database.db.execute(
        sql`update users set name = ${`${tag} ${n}`} where id = ${donor.profile.id}`,
      );
    }
    const found = await as(coordinator).get(`/api/coordinator/people?q=${tag}`).expect(200);
    expect(found.body.people.map((p: { name: string }) => p.name)).toEqual(
      [1, 2, 10].map((n) => `${tag} ${n}`),
    );
  });

  it('finds people by name, e-mail or phone and shows their packages and reliability', async () => {
    const at = area();
    const donor = await createDonor(ctx, { location: at(0), phone: '9812345678' });
    const distributor = await createDistributor(ctx, { location: at(2), maxCapacity: 80 });
    const pkg = await donate(ctx, donor, { location: at(0), quantity: 5 });
    for (const state of ['Received', 'Distributed'] as const) {
      expect((await markPackage(ctx, distributor, pkg, state)).status).toBe(200);
    }
    // Also as the console shows it, in the reader's digits with no-break spaces, whole or in part.
    for (const q of [
      donor.user.email.slice(0, 20),
      '+91 98123 45678',
      '98123',
      '+९१\u00a0९८१२३\u00a0४५६७८',
      '+৯১ ৯৮১২৩',
      '+91 98123',
    ]) {
      const found = await as(coordinator)
        .get(`/api/coordinator/people?q=${encodeURIComponent(q)}`)
        .expect(200);
      expect(found.body.people.map((p: { id: string }) => p.id)).toContain(donor.profile.id);
    }
    const wildcard = await as(coordinator).get('/api/coordinator/people?q=%25%25').expect(200);
    expect(wildcard.body.people).toEqual([]);
    const short = await as(coordinator).get('/api/coordinator/people?q=a').expect(400);
    expect(short.body.error.fields).toHaveProperty('q');
    expect(short.body.error.fieldWords.q).toEqual({ key: 'field.peopleQuery' });
    const detail = PersonDetailSchema.parse(
      (await as(coordinator).get(`/api/coordinator/people/${distributor.profile.id}`).expect(200))
        .body,
    );
    expect(detail.reliability).toMatchObject({ offers: 1, offersAccepted: 1, completed: 1 });
    // The record matching counts (decision 034): one collected; a donor has none.
    expect(detail.dispatchRecord).toEqual({
      collected: 1,
      missed: 0,
      lapsed: 0,
      isAskedFirst: false,
    });
    await ctx.database.db.execute(
      sql`update distributors set pickups_missed = 2 where user_id = ${distributor.profile.id}`,
    );
    const paused = PersonDetailSchema.parse(
      (await as(coordinator).get(`/api/coordinator/people/${distributor.profile.id}`).expect(200))
        .body,
    );
    expect(paused.dispatchRecord).toMatchObject({ missed: 2, isAskedFirst: true });
    const donorDetail = PersonDetailSchema.parse(
      (await as(coordinator).get(`/api/coordinator/people/${donor.profile.id}`).expect(200)).body,
    );
    expect(donorDetail.dispatchRecord).toBeNull();
    expect(detail.isCoordinator).toBe(false);
    expect(detail.packages).toEqual([
      expect.objectContaining({ id: pkg._id, state: 'Distributed', role: 'distributor' }),
    ]);
  });

  it('suspends a distributor: streams and sessions end, sign-in refused, their package goes to someone else', async () => {
    const at = area();
    const donor = await createDonor(ctx, { location: at(0) });
    const suspect = await createDistributor(ctx, { location: at(1), maxCapacity: 30 });
    const pkg = await donate(ctx, donor, { location: at(0), quantity: 8 });
    expect(pkg.pair?.distributor_id).toBe(suspect.profile.id);
    const other = await createDistributor(ctx, { location: at(3), maxCapacity: 30 });
    // Trusted with several packages at once (decision 035): it takes over and then takes more.
    await withLongRecord(ctx, [other.profile.id]);
    const stream = await openEventStream(`${ctx.baseUrl}/api/events`, suspect.cookie);
    expect(stream.status).toBe(200);
    try {
      const res = await as(coordinator)
        .post(`/api/coordinator/people/${suspect.profile.id}/suspend`, {
          reason: 'Never shows up',
        })
        .expect(200);
      expect(PersonDetailSchema.parse(res.body)).toMatchObject({
        suspendedReason: 'Never shows up',
      });
      await stream.waitFor(99, 2000);
      expect(stream.isClosed()).toBe(true);
    } finally {
      await stream.close();
    }
    await as(suspect).get('/api/me').expect(401);
    await expect(signIn(ctx, suspect.user.email)).rejects.toThrow(/signInError=suspended/);
    const [now] = await queryRows<{ state: string; distributor_id: string }>(
      ctx.database.db,
      sql`select state, distributor_id from packages where id = ${pkg._id}`,
    );
    expect(now).toEqual({ state: 'Paired', distributor_id: other.profile.id });
    expect(await notificationKinds(suspect.profile.id)).toContain('takenOver');
    // A new donation next to them goes past them to the other one: matching ranks from a copy of
    // the suspension on their distributor row, which the claim does not rescue.
    const past = await donate(ctx, donor, { location: at(1), quantity: 2 });
    expect(past.pair?.distributor_id).toBe(other.profile.id);
    // A new donation next to them never reaches them (the other one goes inactive first).
    await request(ctx.app)
      .post(`/api/distributor/toggle/${other.profile.id}`)
      .set('Cookie', other.cookie)
      .expect(200);
    const next = await donate(ctx, donor, { location: at(1), quantity: 2 });
    expect(next.current_state).toBe('Not Paired');
    // Twice is refused; reinstating lets them sign in again.
    await as(coordinator)
      .post(`/api/coordinator/people/${suspect.profile.id}/suspend`, { reason: 'again' })
      .expect(409);
    await as(coordinator)
      .post(`/api/coordinator/people/${suspect.profile.id}/reinstate`, { reason: 'Talked to them' })
      .expect(200);
    const back = await signIn(ctx, suspect.user.email);
    await as(back).get('/api/me').expect(200);
    expect(await auditActions(suspect.profile.id)).toEqual(['person.suspend', 'person.reinstate']);
    // And matching finds them again.
    const again = await donate(ctx, donor, { location: at(1), quantity: 2 });
    expect(again.pair?.distributor_id).toBe(suspect.profile.id);
  });

  it('suspending a donor cancels their waiting packages and tells the distributor', async () => {
    const at = area();
    const donor = await createDonor(ctx, { location: at(0) });
    const distributor = await createDistributor(ctx, { location: at(1), maxCapacity: 30 });
    const paired = await donate(ctx, donor, { location: at(0), quantity: 4 });
    expect(paired.current_state).toBe('Paired');
    // The id in capitals is the same person (ids are compared and locked as PostgreSQL writes
    // them, in lower case).
    await as(coordinator)
      .post(`/api/coordinator/people/${donor.profile.id.toUpperCase()}/suspend`, {
        reason: 'Fake packages',
      })
      .expect(200);
    const [row] = await queryRows<{ state: string }>(
      ctx.database.db,
      sql`select state from packages where id = ${paired._id}`,
    );
    expect(row?.state).toBe('Cancelled');
    expect(await notificationKinds(distributor.profile.id)).toContain('cancelledByCoordinator');
    await as(donor).post('/api/donor/donate', {}).expect(401);
    const self = await as(coordinator)
      .post(`/api/coordinator/people/${coordinator.user.id}/suspend`, { reason: 'oops' })
      .expect(409);
    expect(self.body.error.message).toBe('You cannot suspend yourself.');
  });
});

describe('suspension racing', () => {
  it('leaves no waiting package behind when donations race the suspension, nor a pairing with the suspended', async () => {
    const at = area();
    const donor = await createDonor(ctx, { location: at(0) });
    const distributor = await createDistributor(ctx, { location: at(1), maxCapacity: 500 });
    const other = await createDonor(ctx, { location: at(0) });
    const donations = Array.from({ length: 8 }, (_, i) =>
      as(i % 2 ? donor : other).post(
        '/api/donor/donate',
        donationInput(i % 2 ? donor : other, { quantity: 3 }),
      ),
    );
    const suspensions = [
      as(coordinator).post(`/api/coordinator/people/${donor.profile.id}/suspend`, {
        reason: 'Race',
      }),
      as(coordinator).post(`/api/coordinator/people/${distributor.profile.id}/suspend`, {
        reason: 'Race',
      }),
    ];
    const answers = await Promise.all([...donations, ...suspensions]);
    for (const res of answers)
      expect([200, 201, 401, 403], JSON.stringify(res.body)).toContain(res.status);
    const open = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from packages
          where (donor_id = ${donor.profile.id} and state in ('Not Paired', 'Offered', 'Paired'))
             or (distributor_id = ${distributor.profile.id} and state in ('Offered', 'Paired'))`,
    );
    expect(open[0]?.n).toBe(0);
    const [load] = await queryRows<{ open_load: number }>(
      ctx.database.db,
      sql`select open_load from distributors where user_id = ${distributor.profile.id}`,
    );
    expect(load?.open_load).toBe(0);
  });
});

describe('review: whole-person actions racing a stream of donations', () => {
  /**
   * One distributor who accepts by themself and eight donors donating to them one after another,
   * while the person is suspended or deletes their account. Taking the distributor row before the
   * person deadlocked with the claims (each retry again): a 500 after several seconds.
   */
  async function whileDonating(act: (distributor: Registered) => Promise<{ status: number }>) {
    const at = area();
    const distributor = await createDistributor(ctx, { location: at(1), maxCapacity: 100000 });
    const donors = await Promise.all(
      Array.from({ length: 8 }, () => createDonor(ctx, { location: at(0) })),
    );
    let acting = true;
    const failures: string[] = [];
    const donating = donors.map(async (donor) => {
      while (acting) {
        const res = await as(donor).post(
          '/api/donor/donate',
          donationInput(donor, { quantity: 1 }),
        );
        if (res.status >= 500) failures.push(JSON.stringify(res.body));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    let answer: { status: number };
    try {
      answer = await act(distributor);
    } finally {
      acting = false;
    }
    await Promise.all(donating);
    return { answer, failures, distributor };
  }

  it('suspends a distributor that donations are being matched to', async () => {
    const { answer, failures, distributor } = await whileDonating((d) =>
      as(coordinator).post(`/api/coordinator/people/${d.profile.id}/suspend`, { reason: 'Race' }),
    );
    expect(answer.status).toBe(200);
    expect(failures).toEqual([]);
    const [open] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from packages
          where distributor_id = ${distributor.profile.id} and state in ('Offered', 'Paired')`,
    );
    expect(open?.n).toBe(0);
  });

  it("deletes a distributor's account while donations are being matched to them, or says why not", async () => {
    const { answer, failures, distributor } = await whileDonating((d) =>
      request(ctx.app).delete(`/api/distributor/${d.profile.id}`).set('Cookie', d.cookie),
    );
    // Paired packages (auto-accepted) keep the account: 409; with none left it goes: 204.
    expect([204, 409]).toContain(answer.status);
    expect(failures).toEqual([]);
    if (answer.status === 204) {
      const [left] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from users where id = ${distributor.profile.id}`,
      );
      expect(left?.n).toBe(0);
    }
  });
});

describe('reports, messages and the audit log', () => {
  it('takes a report from a party to the package and shows it with both parties', async () => {
    const at = area();
    const donor = await createDonor(ctx, { location: at(0) });
    const distributor = await createDistributor(ctx, { location: at(1), maxCapacity: 30 });
    const pkg = await donate(ctx, donor, { location: at(0), quantity: 4 });
    const first = await as(distributor)
      .post(`/api/package/${pkg._id}/report`, { reason: 'not_food', note: 'Only bottles' })
      .expect(201);
    // The same report again is the same report.
    const again = await as(distributor)
      .post(`/api/package/${pkg._id}/report`, { reason: 'not_food' })
      .expect(200);
    expect(again.body.id).toBe(first.body.id);
    const bad = await as(donor)
      .post(`/api/package/${pkg._id}/report`, { reason: 'ugly' })
      .expect(400);
    expect(bad.body.error.fields).toHaveProperty('reason');
    const list = ReportListSchema.parse(
      (await as(coordinator).get('/api/coordinator/reports').expect(200)).body,
    );
    const report = list.reports.find((r) => r.id === first.body.id);
    expect(report).toMatchObject({
      reason: 'not_food',
      note: 'Only bottles',
      closedAt: null,
      reporter: { id: distributor.profile.id },
      package: {
        id: pkg._id,
        donor: { id: donor.profile.id },
        distributor: { id: distributor.profile.id },
      },
    });
    await as(coordinator)
      .post(`/api/coordinator/reports/${first.body.id}/close`, { reason: 'Donor warned' })
      .expect(204);
    const after = ReportListSchema.parse(
      (await as(coordinator).get('/api/coordinator/reports').expect(200)).body,
    );
    expect(after.reports.find((r) => r.id === first.body.id)?.closedAt).not.toBeNull();
    const log = AuditListSchema.parse(
      (await as(coordinator).get('/api/coordinator/audit').expect(200)).body,
    );
    expect(log.entries.find((e) => e.targetId === first.body.id)).toMatchObject({
      action: 'report.close',
      details: { reportReason: 'not_food' },
      targetPackage: { quantity: 4 },
    });
  });

  it('shows contact messages with their delivery state and keeps read/unread', async () => {
    const email = uniqueEmail('writer');
    await request(ctx.app)
      .post('/api/contact')
      .send({ name: 'Asha', email, message: 'Can our NGO join in Pune?' })
      .expect(202);
    const before = ContactMessageListSchema.parse(
      (await as(coordinator).get('/api/coordinator/messages').expect(200)).body,
    );
    const message = before.messages.find((m) => m.email === email);
    expect(message).toMatchObject({ deliveryState: 'stored', readAt: null });
    await as(coordinator)
      .patch(`/api/coordinator/messages/${message!.id}`, { isRead: true })
      .expect(204);
    const after = ContactMessageListSchema.parse(
      (await as(coordinator).get('/api/coordinator/messages').expect(200)).body,
    );
    expect(after.messages.find((m) => m.id === message!.id)?.readAt).not.toBeNull();
    expect(after.unread).toBe(before.unread - 1);
  });

  it('keeps every action in an append-only log, newest first', async () => {
    const res = await as(coordinator).get('/api/coordinator/audit').expect(200);
    const log = AuditListSchema.parse(res.body);
    expect(log.entries.length).toBeGreaterThan(0);
    const ids = log.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    await expect(
      ctx.database.db.execute(sql`update audit_log set reason = 'rewritten'`),
    ).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});

describe('exports', () => {
  it('streams every package of a date range as CSV to a coordinator, logged', async () => {
    const { pkg } = await strandedPackage(3);
    const today = new Date().toISOString().slice(0, 10);
    const res = await readCsv(postExport(coordinator, { from: '2020-01-01', to: '2099-12-31' }));
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = (res.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^id,created_at,state,quantity,/);
    expect(lines.some((l) => l.startsWith(`${pkg._id},`))).toBe(true);
    expect(new Set(lines).size).toBe(lines.length);
    const bad = await postExport(coordinator, { from: today, to: '2020-01-01' }).expect(400);
    expect(bad.body.error.fields).toHaveProperty('to');
    // A day out of range is named as such, never as the wrong order of two days.
    const late = await postExport(coordinator, { from: '2100-01-01', to: today }).expect(400);
    expect(late.body.error.fields.from).toMatch(/between 2000 and 2099/);
    expect(late.body.error.fields).not.toHaveProperty('to');
    expect(JSON.stringify(late.body.error)).not.toContain('before the start date');
  });

  it('writes fields a spreadsheet cannot run as formulas', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+91 98')).toBe("'+91 98");
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
    // A spreadsheet that splits on ; (or tab, or |) sees each piece: none can start a formula.
    expect(csvField('Ravi;=2+3;@SUM(4+5);-6+7')).toBe(`"Ravi;'=2+3;'@SUM(4+5);'-6+7"`);
    expect(csvField('a|=1\t+2')).toBe(`"a|'=1\t'+2"`);
    expect(csvField('Flat 3; Block B')).toBe('"Flat 3; Block B"');
    expect(csvField(", =cmd|'/C calc'!A0")).toBe(`", '=cmd|'/C calc'!A0"`);
    expect(csvField('＝SUM(1+1)')).toBe("'＝SUM(1+1)");
    // The small commercial at (U+FE6B) as well as the full-width one.
    expect(csvField('\ufe6bSUM(1+1)')).toBe("'\ufe6bSUM(1+1)");
    expect(csvField('\uff20SUM(1+1)')).toBe("'\uff20SUM(1+1)");
    // After invisible characters, and in the signs' mathematical forms.
    expect(csvField('\u200b=1+1')).toBe("'\u200b=1+1");
    expect(csvField('\u00ad\u2060=1+1')).toBe("'\u00ad\u2060=1+1");
    expect(csvField('\u2212HYPERLINK(1)')).toBe("'\u2212HYPERLINK(1)");
    expect(csvField('\u2795 2')).toBe("'\u2795 2");
    expect(csvField(' =1+1')).toBe(" '=1+1");
  });

  it('gives each person their own impact and their own packages as CSV', async () => {
    const at = area();
    const donor = await createDonor(ctx, { location: at(0) });
    await donate(ctx, donor, { location: at(0), travelCapacity: 0, quantity: 6 });
    await donate(ctx, donor, { location: at(0), travelCapacity: 0, quantity: 4 });
    const impact = (await as(donor).get(`/api/donor/${donor.profile.id}/impact`).expect(200)).body;
    expect(impact.meals).toBe(10);
    expect(impact.months).toHaveLength(12);
    expect(impact.months[11].meals).toBe(10);
    expect(impact.packagesByState).toEqual([{ state: 'Not Paired', packages: 2, meals: 10 }]);
    const csv = await getCsv(donor, `/api/donor/${donor.profile.id}/packages.csv`);
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    // Moments in ISO 8601, UTC.
    const header = lines[0]!.replace('\uFEFF', '').split(',');
    const created = lines[1]!.split(',')[header.indexOf('created_at')];
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it("names a package's distributor in the donor's CSV only once they accepted it", async () => {
    const at = reviewArea();
    const { donor, distributor } = await donorAndAnsweringDistributor(ctx, at);
    const pkg = await donate(ctx, donor, { location: at(0), quantity: 3 });
    const rowOf = async () => {
      const csv = await getCsv(donor, `/api/donor/${donor.profile.id}/packages.csv`);
      const [head, ...rows] = (csv.body as string).replace('\uFEFF', '').trim().split('\r\n');
      const columns = head!.split(',');
      const row = rows.find((r) => r.startsWith(pkg._id))!.split(',');
      return (column: string) => row[columns.indexOf(column)];
    };
    expect((await rowOf())('state')).toBe('Offered');
    expect((await rowOf())('distributor_name')).toBe('');
    expect((await rowOf())('meet_address')).toBe('');
    await as(distributor).post(`/api/package/${pkg._id}/accept`).expect(200);
    expect((await rowOf())('distributor_name')).toBe(distributor.profile.name);
  });
});

// What an attacker's tries at the console found, each kept from coming back.
const reviewArea = nextPatches('coordinatorReview');

describe('review: reports cannot be erased', () => {
  it('keeps a reported package: its donor cannot delete it, and deleting the account cancels it instead', async () => {
    const at = reviewArea();
    const { donor, distributor } = await donorAndAnsweringDistributor(ctx, at);
    const pkg = await donate(ctx, donor, { location: at(0), quantity: 5 });
    expect(pkg.current_state).toBe('Offered');
    // The donor knows what they gave: only a no-show is theirs to report, and only once a
    // distributor accepted (before that nobody was to come).
    const unsafe = await as(donor)
      .post(`/api/package/${pkg._id}/report`, { reason: 'unsafe' })
      .expect(400);
    expect(unsafe.body.error.fields.reason).toBe('As the donor, you can report a no-show only.');
    const early = await as(donor)
      .post(`/api/package/${pkg._id}/report`, { reason: 'no_show' })
      .expect(409);
    expect(early.body.error.message).toContain('Nobody has accepted this package yet');
    // The distributor offered it reports it and turns it down: it waits again, reported.
    const report = await as(distributor)
      .post(`/api/package/${pkg._id}/report`, { reason: 'not_food' })
      .expect(201);
    await as(distributor)
      .post(`/api/package/${pkg._id}/decline`, { reason: 'Not food' })
      .expect(204);
    const refused = await request(ctx.app)
      .delete(`/api/donor/${donor.profile.id}/package/${pkg._id}`)
      .set('Cookie', donor.cookie)
      .expect(409);
    expect(refused.body.error.message).toContain('has been reported');
    await request(ctx.app)
      .delete(`/api/donor/${donor.profile.id}`)
      .set('Cookie', donor.cookie)
      .expect(204);
    const [row] = await queryRows<{ state: string }>(
      ctx.database.db,
      sql`select state from packages where id = ${pkg._id}`,
    );
    expect(row?.state).toBe('Cancelled');
    const [kept] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from package_reports where id = ${report.body.id}`,
    );
    expect(kept?.n).toBe(1);
    // Nor can anything else delete it while the report stands.
    await expect(
      ctx.database.db.execute(sql`delete from packages where id = ${pkg._id}`),
    ).rejects.toThrow();
  });

  it("answers a report racing its package's deletion with 201 or 404, never a 500", async () => {
    const at = reviewArea();
    const donor = await createDonor(ctx, { location: at(0) });
    for (let round = 0; round < 6; round++) {
      const pkg = await donate(ctx, donor, { location: at(0), travelCapacity: 0, quantity: 2 });
      const [report, deletion] = await Promise.all([
        as(donor).post(`/api/package/${pkg._id}/report`, { reason: 'no_show' }),
        request(ctx.app)
          .delete(`/api/donor/${donor.profile.id}/package/${pkg._id}`)
          .set('Cookie', donor.cookie),
      ]);
      // Nobody accepted it: the donor's report is refused (409), or finds it gone (404).
      const outcome = `${report.status}/${deletion.status}`;
      expect(['409/204', '404/204'], JSON.stringify([report.body, deletion.body])).toContain(
        outcome,
      );
    }
  });
});

describe('review: what the other side is told', () => {
  it("tells a package's other side what a coordinator did, never the reason", async () => {
    const at = reviewArea();
    const donor = await createDonor(ctx, { location: at(0) });
    const suspect = await createDistributor(ctx, { location: at(1), maxCapacity: 30 });
    const taken = await donate(ctx, donor, { location: at(0), quantity: 3 });
    expect(taken.pair?.distributor_id).toBe(suspect.profile.id);
    await as(coordinator)
      .post(`/api/coordinator/people/${suspect.profile.id}/suspend`, {
        reason: 'SECRET-fraud-suspicion',
      })
      .expect(200);
    const seen = await as(donor).get(`/api/package/${taken._id}`).expect(200);
    expect(JSON.stringify(seen.body)).not.toContain('SECRET');
    const kinds = (seen.body.package.events as { kind: string }[]).map((e) => e.kind);
    expect(kinds).toContain('takenBack');
    expect(kinds).not.toContain('released');
    // Not counted against them as a release.
    const record = PersonDetailSchema.parse(
      (await as(coordinator).get(`/api/coordinator/people/${suspect.profile.id}`).expect(200)).body,
    );
    expect(record.reliability.released).toBe(0);

    const other = await createDonor(ctx, { location: at(10) });
    const helper = await createDistributor(ctx, { location: at(11), maxCapacity: 30 });
    // The suspect's package came to them first; trusted with more at once (decision 035).
    await withLongRecord(ctx, [helper.profile.id]);
    const cancelled = await donate(ctx, other, { location: at(10), quantity: 2 });
    expect(cancelled.pair?.distributor_id).toBe(helper.profile.id);
    await as(coordinator)
      .post(`/api/coordinator/packages/${cancelled._id}/cancel`, { reason: 'SECRET-donor-flagged' })
      .expect(200);
    for (const side of [other, helper]) {
      const view = await as(side).get(`/api/package/${cancelled._id}`).expect(200);
      expect(JSON.stringify(view.body)).not.toContain('SECRET');
      expect(view.body.package.events.map((e: { kind: string }) => e.kind)).toContain(
        'cancelledByCoordinator',
      );
    }
  });
});

describe('review: suspension holds', () => {
  it('will not suspend a coordinator (two could lock each other out)', async () => {
    const second = await signIn(ctx, SECOND_COORDINATOR);
    const res = await as(coordinator)
      .post(`/api/coordinator/people/${second.user.id}/suspend`, { reason: 'Takeover' })
      .expect(409);
    expect(res.body.error.message).toContain('COORDINATOR_EMAILS');
    await as(second).get('/api/coordinator/packages').expect(200);
    // Their record says so, and the console offers no Suspend for them.
    const record = PersonDetailSchema.parse(
      (await as(coordinator).get(`/api/coordinator/people/${second.user.id}`).expect(200)).body,
    );
    expect(record.isCoordinator).toBe(true);
  });

  it('refuses a suspended person a new push device and the deletion of their account', async () => {
    const at = reviewArea();
    const donor = await createDonor(ctx, { location: at(0) });
    await as(coordinator)
      .post(`/api/coordinator/people/${donor.profile.id}/suspend`, { reason: 'Fake packages' })
      .expect(200);
    // As a request already past the session check when the suspension committed would.
    const key = createECDH('prime256v1');
    key.generateKeys();
    await expect(
      subscribe(
        ctx.database.db,
        donor.profile.id,
        {
          endpoint: 'https://fcm.googleapis.com/fcm/send/suspended-device',
          keys: {
            p256dh: key.getPublicKey().toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          },
        },
        [],
      ),
    ).rejects.toThrow('Your account is suspended.');
    await expect(deleteAccount(ctx.database.db, donor.profile.id)).rejects.toThrow(
      'Your account is suspended.',
    );
    const [still] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from users where id = ${donor.profile.id} and suspended_at is not null`,
    );
    expect(still?.n).toBe(1);
  });
});

describe('review: lists and the log', () => {
  it('pages through every report and message, none twice, even with equal times', async () => {
    const at = reviewArea();
    const donor = await createDonor(ctx, { location: at(0) });
    const pkg = await donate(ctx, donor, { location: at(0), travelCapacity: 0, quantity: 2 });
    const tag = `page-${Date.now()}`;
    // 130 of each written in one statement: they share one time, and only the id orders them.
    await ctx.database.db.execute(sql`
      insert into package_reports (package_id, reporter_id, reason, note)
      select ${pkg._id}, null, 'no_show', ${tag} || '-' || i from generate_series(1, 130) i`);
    await ctx.database.db.execute(sql`
      insert into contact_messages (name, email, message)
      select 'Pager', ${tag} || '-' || i || '@example.org', 'Hello' from generate_series(1, 130) i`);
    const all = async <T>(path: string, pick: (body: { nextCursor: string | null }) => T[]) => {
      const seen: T[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 50; page++) {
        const url: string = cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path;
        const body = (await as(coordinator).get(url).expect(200)).body;
        seen.push(...pick(body));
        cursor = body.nextCursor;
        if (!cursor) break;
      }
      return seen;
    };
    const reports = await all('/api/coordinator/reports', (b) =>
      ReportListSchema.parse(b).reports.map((r) => r.note ?? ''),
    );
    const mine = reports.filter((n) => n.startsWith(tag));
    expect(mine).toHaveLength(130);
    expect(new Set(mine).size).toBe(130);
    const messages = await all('/api/coordinator/messages', (b) =>
      ContactMessageListSchema.parse(b).messages.map((m) => m.email),
    );
    const ours = messages.filter((e) => e.startsWith(tag));
    expect(ours).toHaveLength(130);
    expect(new Set(ours).size).toBe(130);
    for (const bad of ['cursor=yesterday', 'cursor=', 'page=2']) {
      const res = await as(coordinator).get(`/api/coordinator/messages?${bad}`).expect(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    await as(coordinator).get('/api/coordinator/reports?limit=5').expect(400);
    // Cursors of the right shape that are not real moments, or belong to the other list.
    const id = '0b9f3c4e-1d2a-4b5c-8d7e-9f0a1b2c3d4e';
    const times = ['2024-13-45T10:00:00.000000Z', '2024-02-30T10:00:00.000000Z'];
    for (const time of [...times, '2024-01-01T24:00:00.000000Z', '0000-01-01T00:00:00.000000Z']) {
      const asMessage = encodeURIComponent(`${time}_${id}`);
      const asReport = encodeURIComponent(`o${time}_${id}`);
      const message = await as(coordinator).get(`/api/coordinator/messages?cursor=${asMessage}`);
      expect(message.status, time).toBe(400);
      expect(message.body.error.fields).toHaveProperty('cursor');
      await as(coordinator).get(`/api/coordinator/reports?cursor=${asReport}`).expect(400);
    }
    const reportCursor = encodeURIComponent(`o2024-02-29T10:00:00.123456Z_${id}`);
    const messageCursor = encodeURIComponent(`2024-02-29T10:00:00.123456Z_${id}`);
    await as(coordinator).get(`/api/coordinator/messages?cursor=${reportCursor}`).expect(400);
    await as(coordinator).get(`/api/coordinator/reports?cursor=${messageCursor}`).expect(400);
    await as(coordinator).get(`/api/coordinator/messages?cursor=${messageCursor}`).expect(200);
    await as(coordinator).get(`/api/coordinator/reports?cursor=${reportCursor}`).expect(200);
    const audit = await as(coordinator).get('/api/coordinator/audit?cursor=abc').expect(400);
    expect(audit.body.error.fields.cursor).toBe('Not a valid cursor');
  });

  it('logs a change of read state once, and names targets as they are now, not in the log', async () => {
    const email = uniqueEmail('reader');
    await request(ctx.app)
      .post('/api/contact')
      .send({ name: 'Ravi', email, message: 'Hello there' })
      .expect(202);
    const list = ContactMessageListSchema.parse(
      (await as(coordinator).get('/api/coordinator/messages').expect(200)).body,
    );
    const message = list.messages.find((m) => m.email === email)!;
    for (let i = 0; i < 3; i++)
      await as(coordinator)
        .patch(`/api/coordinator/messages/${message.id}`, { isRead: true })
        .expect(204);
    expect(await auditActions(message.id)).toEqual(['message.read']);

    const at = reviewArea();
    const person = await createDonor(ctx, { location: at(0), name: 'Named Later Donor' });
    await as(coordinator)
      .post(`/api/coordinator/people/${person.profile.id}/suspend`, { reason: 'Checking' })
      .expect(200);
    const [raw] = await queryRows<{ summary: string | null; details: unknown }>(
      ctx.database.db,
      sql`select summary, details from audit_log where target_id = ${person.profile.id}`,
    );
    expect(raw?.summary).toBeNull();
    expect(JSON.stringify(raw?.details)).not.toContain('Named Later');
    expect(JSON.stringify(raw?.details)).not.toContain(person.user.email);
    const log = AuditListSchema.parse(
      (await as(coordinator).get('/api/coordinator/audit').expect(200)).body,
    );
    const suspension = log.entries.find((e) => e.targetId === person.profile.id);
    expect(suspension?.targetName).toBe('Named Later Donor');
    expect(suspension?.details).toEqual({ openPackages: 0 });
    expect(log.entries.find((e) => e.targetId === message.id)?.targetName).toBe(`Ravi <${email}>`);
  });
});

describe('review: exports', () => {
  it('refuses years a database cannot count and downloads started by other sites, logging neither', async () => {
    const before = await auditActions('*');
    const old = await postExport(coordinator, { from: '0000-01-01', to: '2020-01-01' }).expect(400);
    expect(old.body.error.fields).toHaveProperty('from');
    await postExport(coordinator, { from: '2020-01-01', to: '2020-01-02' })
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(403);
    await postExport(coordinator, { from: '2020-01-01', to: '2020-01-02' })
      .set('Origin', 'https://elsewhere.example')
      .expect(403);
    // "Origin: null" (a sandboxed frame, a data: page) is someone else's, unless the browser says
    // the form was our own page's (our pages send no referrer, so their forms say null too).
    await postExport(coordinator, { from: '2020-01-01', to: '2020-01-02' })
      .set('Origin', 'null')
      .expect(403);
    await postExport(coordinator, { from: '2020-01-01', to: '2020-01-02' })
      .set('Origin', 'null')
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(403);
    expect(await auditActions('*')).toEqual(before);
    await postExport(coordinator, { from: '2020-01-01', to: '2020-01-02' })
      .set('Origin', 'null')
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(200);
    const exported = await auditActions('*');
    expect(exported.length).toBe(before.length + 1);
    // A GET, as an image or a link in a page would make it, exports nothing and logs nothing.
    const got = await as(coordinator)
      .get('/api/coordinator/packages.csv?from=2020-01-01&to=2020-01-02')
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Sec-Fetch-Dest', 'image')
      .expect(405);
    expect(got.headers.allow).toBe('POST');
    expect(got.headers['content-type']).toContain('application/json');
    expect(await auditActions('*')).toEqual(exported);
    const donor = await createDonor(ctx, { location: reviewArea()(0) });
    await as(donor)
      .get(`/api/donor/${donor.profile.id}/packages.csv`)
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(403);
  });

  it('stops waiting for the socket once the reader has gone', async () => {
    let closed!: Promise<void>;
    const server = createServer((_req, res) => {
      // Fill the socket until it pushes back, then the reader goes away.
      while (res.write('x'.repeat(64 * 1024)));
      closed = new Promise((resolve) => res.on('close', () => resolve()));
      res.socket?.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<ServerResponse>((resolve) => {
      server.once('request', (_req, res: ServerResponse) => resolve(res));
      const req = httpRequest({ port, host: '127.0.0.1', path: '/' }, (res) => res.pause());
      req.on('error', () => {});
      req.end();
    });
    await closed;
    const waited = await Promise.race([
      drained(answer as unknown as Parameters<typeof drained>[0]).then(() => 'returned'),
      new Promise((resolve) => setTimeout(() => resolve('hung'), 2000)),
    ]);
    expect(waited).toBe('returned');
    server.close();
  });
});
