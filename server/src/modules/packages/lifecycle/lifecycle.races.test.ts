import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { distributors, packages } from '../../../db/schema';
import { forgetArea, testArea } from '../../../test/areas';
import {
  createDistributor,
  createDonor,
  donate,
  donationInput,
  handoverCodeOf,
  type Registered,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/test-app';

/**
 * Races of the pickup lifecycle, each run for several rounds with the two sides fired
 * at the same moment: exactly one side wins, the other is told 409, nothing answers 500, and the
 * distributors' loads still equal their open packages. On PostgreSQL (TEST_DATABASE_URL) the
 * requests really run at once on separate connections; on PGlite they interleave.
 */
const ROUNDS = 6;
const engines: ('pglite' | 'default')[] = [
  'pglite',
  ...(process.env.TEST_DATABASE_URL ? (['default'] as const) : []),
];

describe.each(engines)('lifecycle races (%s)', (engine) => {
  let ctx: TestContext;
  let patch = engine === 'pglite' ? 0 : 9;
  beforeAll(async () => {
    ctx = await createTestApp({}, {}, engine);
    await forgetArea(ctx.database.db, 'lifecycleRaces');
  });
  afterAll(() => ctx?.close());

  /** A donor and two distributors who answer offers, in a patch of their own. */
  async function scene({ autoAccept = false } = {}) {
    const at = testArea('lifecycleRaces', patch++);
    const donor = await createDonor(ctx, { location: at(0) });
    const people: Registered[] = [];
    for (const km of [2, 3]) {
      const d = await createDistributor(ctx, { location: at(km), maxCapacity: 500 });
      await request(ctx.app)
        .patch(`/api/distributor/update/${d.profile.id}`)
        .set('Cookie', d.cookie)
        .send({ autoAccept })
        .expect(200);
      people.push(d);
    }
    const holderOf = async (id: string) => {
      const [row] = await ctx.database.db.select().from(packages).where(eq(packages.id, id));
      return { row: row!, who: people.find((p) => p.profile.id === row!.distributorId) };
    };
    return { donor, distributors: people, holderOf };
  }

  const act = (who: Registered, id: string, action: string, body: object = {}) =>
    request(ctx.app).post(`/api/package/${id}/${action}`).set('Cookie', who.cookie).send(body);
  const receive = async (who: Registered, id: string, donorId: string, code: string) =>
    request(ctx.app).post('/api/distributor/togglePackage').set('Cookie', who.cookie).send({
      donor_id: donorId,
      distributor_id: who.profile.id,
      packageId: id,
      state: 'Received',
      code,
    });
  /** Sets a deadline a moment ahead and waits for it, so the sweep and the request meet there. */
  async function deadlineSoon(id: string, column: 'offer_expires_at' | 'ready_until') {
    const ms = 30 + Math.floor(Math.random() * 40);
    await ctx.database.db.execute(
      sql`update packages set ${sql.raw(column)} = now() + ${ms} * interval '1 millisecond' where id = ${id}`,
    );
    await new Promise((resolve) => setTimeout(resolve, ms - 5 + Math.floor(Math.random() * 10)));
  }
  async function loadsMatch(people: Registered[]) {
    for (const d of people) {
      const [row] = await queryRows<{ open_load: number; held: number }>(
        ctx.database.db,
        sql`select d.open_load, coalesce((select sum(quantity) from packages p where p.distributor_id = d.user_id and p.state in ('Offered', 'Paired', 'Received')), 0)::int as held
            from ${distributors} d where d.user_id = ${d.profile.id}`,
      );
      expect(row!.open_load).toBe(row!.held);
    }
  }
  /**
   * Whether a package's row comes to satisfy `done` within a few seconds, sweeping until it does.
   * Swept here, or by a sweep of another app on the same database (other test files run at once
   * on PostgreSQL): that one holds the row, this one skips it, and its commit lands a moment later.
   */
  async function sweptTo(id: string, done: (row: typeof packages.$inferSelect) => boolean) {
    const until = Date.now() + 5000;
    for (;;) {
      await ctx.deadlines.runOnce();
      const [row] = await ctx.database.db.select().from(packages).where(eq(packages.id, id));
      if (done(row!)) return true;
      if (Date.now() > until) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const statuses = (...responses: { status: number }[]) => responses.map((r) => r.status);

  it("two claims of one package at once (the database's matching): the second finds it taken and writes nothing", async () => {
    const { donor, distributors: people, holderOf } = await scene();
    const ids = people.map((d) => d.profile.id);
    // Waiting for nobody: both away while it is donated, back (unknown to matching) after.
    await ctx.database.db.execute(
      sql`update distributors set is_active = false where user_id in (${ids[0]}::uuid, ${ids[1]}::uuid)`,
    );
    const pkg = await donate(ctx, donor, { quantity: 4 });
    expect(pkg.current_state).toBe('Not Paired');
    await ctx.database.db.execute(
      sql`update distributors set is_active = true where user_id in (${ids[0]}::uuid, ${ids[1]}::uuid)`,
    );
    const claimFor = (who: string, holdMs: number) =>
      ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`
          select almquest_claim_row(p, u.id, d.distance_range, u.lat, u.lng, 600000, true, false,
                                    '1234', false)
            from packages p, users u join distributors d on d.user_id = u.id
           where p.id = ${pkg._id}::uuid and u.id = ${who}::uuid`);
        // Holds its claim a moment: the other runs meanwhile, on its own connection.
        await tx.execute(sql`select pg_sleep(${holdMs / 1000})`);
      });
    const [first, second] = await Promise.allSettled([
      claimFor(ids[0]!, 300),
      new Promise((resolve) => setTimeout(resolve, 50)).then(() => claimFor(ids[1]!, 0)),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second.status).toBe('rejected');
    const why = (second as PromiseRejectedResult).reason as { cause?: { message?: string } };
    expect(why.cause?.message).toMatch(/is not Not Paired/);
    const { row } = await holderOf(pkg._id);
    expect(row.distributorId).toBe(ids[0]);
    const [events] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from package_events where package_id = ${pkg._id}
            and kind in ('offered', 'paired')`,
    );
    expect(events!.n).toBe(1);
    await loadsMatch(people);
  });

  it('accept vs lapse: either the answer came in time or the offer moved on', async () => {
    const { donor, distributors: people, holderOf } = await scene();
    for (let round = 0; round < ROUNDS; round++) {
      const pkg = await donate(ctx, donor, { quantity: 2 });
      const { who } = await holderOf(pkg._id);
      await deadlineSoon(pkg._id, 'offer_expires_at');
      const [accepted] = await Promise.all([act(who!, pkg._id, 'accept'), ctx.deadlines.runOnce()]);
      const { row } = await holderOf(pkg._id);
      expect([200, 409]).toContain(accepted.status);
      if (accepted.status === 200) {
        expect(row).toMatchObject({ state: 'Paired', distributorId: who!.profile.id });
      } else {
        expect(await sweptTo(pkg._id, (r) => r.distributorId !== who!.profile.id)).toBe(true);
      }
      await loadsMatch(people);
    }
  });

  it('accept vs cancel: one order or the other, never half of each', async () => {
    const { donor, distributors: people, holderOf } = await scene();
    for (let round = 0; round < ROUNDS; round++) {
      const pkg = await donate(ctx, donor, { quantity: 2 });
      const { who } = await holderOf(pkg._id);
      const [accepted, cancelled] = await Promise.all([
        act(who!, pkg._id, 'accept'),
        act(donor, pkg._id, 'cancel', { reason: 'race' }),
      ]);
      // Cancel always applies (an accepted package may be cancelled too); accept only if first.
      expect(cancelled.status).toBe(200);
      expect([200, 409]).toContain(accepted.status);
      const { row } = await holderOf(pkg._id);
      expect(row.state).toBe('Cancelled');
      const [events] = await queryRows<{ kinds: string[] }>(
        ctx.database.db,
        sql`select array_agg(kind order by id) as kinds from package_events where package_id = ${pkg._id}`,
      );
      expect(events!.kinds).toEqual(
        accepted.status === 200
          ? ['created', 'offered', 'accepted', 'cancelled']
          : ['created', 'offered', 'cancelled'],
      );
      await loadsMatch(people);
    }
  });

  it('release vs receive: the package is either handed over or back in matching', async () => {
    const { donor, distributors: people, holderOf } = await scene({ autoAccept: true });
    for (let round = 0; round < ROUNDS; round++) {
      const pkg = await donate(ctx, donor, { quantity: 2 });
      const { who } = await holderOf(pkg._id);
      const code = await handoverCodeOf(ctx, pkg._id);
      const [released, received] = await Promise.all([
        act(who!, pkg._id, 'release', { reason: 'race' }),
        receive(who!, pkg._id, donor.profile.id, code),
      ]);
      // The winner answers 204 (released: no longer theirs) or 200 (received); the loser 409.
      expect([statuses(released, received)]).toContainEqual(
        received.status === 200 ? [409, 200] : [204, 409],
      );
      const { row } = await holderOf(pkg._id);
      if (received.status === 200) {
        expect(row).toMatchObject({ state: 'Received', distributorId: who!.profile.id });
      } else {
        expect(row.distributorId).not.toBe(who!.profile.id);
      }
      await loadsMatch(people);
    }
  });

  it('two distributors accepting after a re-offer: only the one it is offered to wins', async () => {
    const { donor, distributors: people, holderOf } = await scene();
    for (let round = 0; round < ROUNDS; round++) {
      const pkg = await donate(ctx, donor, { quantity: 2 });
      const { who: first } = await holderOf(pkg._id);
      await act(first!, pkg._id, 'decline').expect(204);
      const { who: second } = await holderOf(pkg._id);
      expect(second).toBeDefined();
      expect(second!.profile.id).not.toBe(first!.profile.id);
      const [late, taker] = await Promise.all([
        act(first!, pkg._id, 'accept'),
        act(second!, pkg._id, 'accept'),
      ]);
      expect(statuses(late, taker)).toEqual([409, 200]);
      expect((await holderOf(pkg._id)).row).toMatchObject({
        state: 'Paired',
        distributorId: second!.profile.id,
      });
      await loadsMatch(people);
    }
  });

  it('expiry vs receive: received in time, or expired and the handover refused', async () => {
    const { donor, distributors: people, holderOf } = await scene({ autoAccept: true });
    for (let round = 0; round < ROUNDS; round++) {
      const pkg = await donate(ctx, donor, { quantity: 2 });
      const { who } = await holderOf(pkg._id);
      // A holder who missed more pick-ups than they collected is asked first (decision 034).
      if (pkg.current_state === 'Offered') await act(who!, pkg._id, 'accept').expect(200);
      const code = await handoverCodeOf(ctx, pkg._id);
      await deadlineSoon(pkg._id, 'ready_until');
      const [received] = await Promise.all([
        receive(who!, pkg._id, donor.profile.id, code),
        ctx.deadlines.runOnce(),
      ]);
      expect([200, 409]).toContain(received.status);
      const state = received.status === 200 ? 'Received' : 'Expired';
      expect(await sweptTo(pkg._id, (r) => r.state === state)).toBe(true);
      await loadsMatch(people);
    }
  });

  it('cancel vs a due lapse: the sweep re-checks under the lock and never frees room twice', async () => {
    const { donor, distributors: people, holderOf } = await scene();
    // Other meals already held, so room freed twice would show in the load, not trip its check.
    await donate(ctx, donor, { quantity: 20 });
    await donate(ctx, donor, { quantity: 20 });
    for (let round = 0; round < ROUNDS; round++) {
      const pkg = await donate(ctx, donor, { quantity: 2 });
      // Already due: whichever locks the package first acts, the other finds it changed.
      await ctx.database.db.execute(
        sql`update packages set offer_expires_at = now() - interval '1 second' where id = ${pkg._id}`,
      );
      const [cancelled] = await Promise.all([
        act(donor, pkg._id, 'cancel', { reason: 'race' }),
        ctx.deadlines.runOnce(),
      ]);
      expect(cancelled.status).toBe(200);
      const { row } = await holderOf(pkg._id);
      expect(row.state).toBe('Cancelled');
      await loadsMatch(people);
    }
  });

  it('declines crossing between distributors at once: every one answered, no deadlock, no 500', async () => {
    const { donor, distributors: people, holderOf } = await scene();
    for (let round = 0; round < 3; round++) {
      // Two packages offered to each of the two distributors.
      const offered = [];
      for (let i = 0; i < 4; i++) offered.push(await donate(ctx, donor, { quantity: 1 }));
      const holders = await Promise.all(offered.map((p) => holderOf(p._id)));
      const answers = await Promise.all(
        offered.map((p, i) => act(holders[i]!.who!, p._id, 'decline', { reason: 'busy' })),
      );
      expect(answers.map((a) => a.status)).toEqual([204, 204, 204, 204]);
      await loadsMatch(people);
      // Each went to the other distributor (the decliner is never asked again), or waits.
      for (const [i, p] of offered.entries()) {
        const { row } = await holderOf(p._id);
        expect(row.distributorId).not.toBe(holders[i]!.who!.profile.id);
      }
    }
  });

  it('donations and cancels by one donor at once: no deadlock, no 500', async () => {
    const { donor, distributors: people } = await scene({ autoAccept: true });
    for (let round = 0; round < 3; round++) {
      const paired = [];
      for (let i = 0; i < 6; i++) paired.push(await donate(ctx, donor, { quantity: 1 }));
      const answers = await Promise.all([
        ...paired.map((p) => act(donor, p._id, 'cancel', {})),
        ...paired.map(() =>
          request(ctx.app)
            .post('/api/donor/donate')
            .set('Cookie', donor.cookie)
            .send(donationInput(donor, { quantity: 1 })),
        ),
      ]);
      expect(answers.map((a) => a.status)).toEqual([
        ...paired.map(() => 200),
        ...paired.map(() => 201),
      ]);
      await loadsMatch(people);
    }
  });
});
