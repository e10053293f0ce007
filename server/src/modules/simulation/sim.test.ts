import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { queryRows } from '../../db/client';
import { installSimClock, type SimClock } from '../../lib/sim-clock';
import { forgetArea, nextPatches } from '../../test/areas';
import {
  callsAs,
  createDistributor,
  createDonor,
  donate,
  updateDistributor,
} from '../../test/factories';
import { signIn } from '../../test/session';
import { createTestApp, type TestContext } from '../../test/test-app';

const COORDINATOR = 'sim.coordinator@example.org';
let ctx: TestContext;
let clock: SimClock;

beforeAll(async () => {
  // The clock this process and its embedded database read from now on (this file's own process).
  clock = installSimClock(Date.now());
  ctx = await createTestApp({ COORDINATOR_EMAILS: COORDINATOR }, { simClock: clock }, 'pglite');
});
afterAll(async () => {
  await forgetArea(ctx.database.db, 'simulation');
  await ctx.close();
});

const area = nextPatches('simulation');
const minutes = (n: number) => n * 60_000;

async function coordinator() {
  return signIn(ctx, COORDINATOR, 'Sim Coordinator');
}

function moveTo(who: { cookie: string }, ms: number) {
  return callsAs(ctx, who).post('/api/sim/clock', { at: new Date(ms).toISOString() });
}

describe('SIM_CLOCK in the configuration', () => {
  it('is refused in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SIM_CLOCK: '1', ALLOW_DEV_IDP: '1' }),
    ).toThrow(/SIM_CLOCK: the simulation clock is for simulations; production refuses it/);
  });

  it('is refused with a PostgreSQL server, whose clock it cannot move', () => {
    expect(() => loadConfig({ SIM_CLOCK: 'yes', DATABASE_URL: 'postgres://127.0.0.1/x' })).toThrow(
      /SIM_CLOCK: needs the embedded database/,
    );
  });

  it('is off unless asked for', () => {
    expect(loadConfig({}).simClock).toBe(false);
    expect(loadConfig({ SIM_CLOCK: '1' }).simClock).toBe(true);
  });
});

describe('the simulation clock', () => {
  it('stands still until moved, and the database reads the same clock', async () => {
    const before = Date.now();
    await new Promise((r) => setTimeout(r, 20));
    expect(Date.now()).toBe(before);
    expect(new Date().getTime()).toBe(before);
    // Dates made from a value are Date's own.
    expect(new Date('2026-01-02T03:04:05Z').toISOString()).toBe('2026-01-02T03:04:05.000Z');

    const res = await moveTo(await coordinator(), before + minutes(90)).expect(200);
    expect(res.body.now).toBe(new Date(before + minutes(90)).toISOString());
    const [row] = await queryRows<{ now: string }>(ctx.database.db, sql`select now() as now`);
    expect(new Date(row!.now).getTime()).toBe(before + minutes(90));
  });

  it('moves only forward, and says which field is wrong', async () => {
    const who = await coordinator();
    const back = await moveTo(who, clock.now() - minutes(1)).expect(409);
    expect(back.body.error.message).toBe('The simulation clock only moves forward.');
    const bad = await callsAs(ctx, who).post('/api/sim/clock', { at: 'tomorrow' }).expect(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['at']);
  });

  it('is moved only by a coordinator', async () => {
    const at = area();
    const donor = await createDonor(ctx, { location: at(0) });
    await moveTo(donor, clock.now() + minutes(1)).expect(403);
    await callsAs(ctx, { cookie: '' })
      .post('/api/sim/clock', { at: new Date().toISOString() })
      .expect(401);
    await callsAs(ctx, donor).get('/api/sim/notifications').expect(403);
  });

  it('lapses an offer once moved past it, offers the next, and tells the simulation who heard', async () => {
    const at = area();
    const donor = await createDonor(ctx, { location: at(0) });
    const near = await createDistributor(ctx, { location: at(1) });
    const far = await createDistributor(ctx, { location: at(3) });
    await updateDistributor(ctx, near, { autoAccept: false });
    await updateDistributor(ctx, far, { autoAccept: false });
    const who = await coordinator();
    const { body: before } = await callsAs(ctx, who).get('/api/sim/notifications').expect(200);
    const cursor = Math.max(0, ...before.notifications.map((n: { seq: number }) => n.seq));

    const pkg = await donate(ctx, donor, { location: at(0), quantity: 5 });
    expect(pkg.current_state).toBe('Offered');
    // However long it takes in real time, nothing lapses while the clock stands.
    await new Promise((r) => setTimeout(r, 50));
    await ctx.deadlines.runOnce();
    const heard = async () =>
      (await callsAs(ctx, who).get(`/api/sim/notifications?after=${cursor}`).expect(200)).body
        .notifications as { userId: string; kind: string; packageId: string }[];
    expect((await heard()).filter((n) => n.packageId === pkg._id)).toEqual([
      expect.objectContaining({ userId: near.profile.id, kind: 'offered' }),
    ]);

    await moveTo(who, clock.now() + ctx.config.matching.offerMs + 1000).expect(200);
    const kinds = (await heard())
      .filter((n) => n.packageId === pkg._id)
      .map((n) => [
        n.userId === near.profile.id ? 'near' : n.userId === far.profile.id ? 'far' : n.userId,
        n.kind,
      ]);
    expect(kinds).toEqual([
      ['near', 'offered'],
      ['near', 'offerLapsed'],
      ['far', 'offered'],
    ]);
  });

  it('refuses a cursor that is not a whole number, naming it', async () => {
    const res = await callsAs(ctx, await coordinator())
      .get('/api/sim/notifications?after=-1')
      .expect(400);
    expect(Object.keys(res.body.error.fields)).toEqual(['after']);
  });
});

describe('without SIM_CLOCK', () => {
  it('has no simulation routes', async () => {
    const plain = await createTestApp({ COORDINATOR_EMAILS: COORDINATOR }, {}, 'pglite');
    try {
      const who = await signIn(plain, COORDINATOR);
      await callsAs(plain, who)
        .post('/api/sim/clock', { at: new Date().toISOString() })
        .expect(404);
    } finally {
      await plain.close();
    }
  });
});
