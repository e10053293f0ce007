import type { DonateRequest, PackageEventKind, PackageState } from '@almquest/contracts/packages';
import { eq, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { distributors, packages, users } from '../../../db/schema';
import { areaPrefix, forgetArea, testArea } from '../../../test/areas';
import {
  createDistributor,
  createDonor,
  donationInput,
  type Registered,
  uniqueEmail,
} from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/session';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { statesAfterOneChange, transitionOfEvent } from './transitions';

/**
 * Model-based test of the pickup lifecycle: fast-check drives random sequences of
 * donate / accept / decline / lapse / release / cancel / receive / distribute / expire / profile
 * changes through the real API (and the real deadline sweep) for three donors and three
 * distributors, on PGlite and on PostgreSQL. A small model (each package's state, its holder and
 * its meals, as last read) predicts every answer's status; after every step the database is held
 * to the invariants: each package in one consistent state, loads equal to the open packages, no
 * one over capacity, every timeline entry a transition of transitions.ts from the state before it
 * (the database's matching included), and no step changing a state in a way no transition does.
 */

type Snapshot = {
  id: string;
  state: PackageState;
  distributorId: string | null;
  donorId: string | null;
  quantity: number;
  handoverCode: string | null;
  /** Received is locked by wrong codes just now. */
  isLocked: boolean;
  travelCapacity: number;
  /** Every distributor it was offered to or held by (they get 409, strangers 404). */
  involved: string[];
};
type Model = { packages: Snapshot[]; people: Cast; suspended: string[] };
type Cast = { donors: Registered[]; distributors: Registered[]; coordinator: SignedIn };
type Real = { ctx: TestContext; cast: Cast; area: ReturnType<typeof testArea> };

async function snapshot(real: Real): Promise<Snapshot[]> {
  const rows = await real.ctx.database.db
    .select()
    .from(packages)
    .where(like(packages.address, `${real.area.address}%`))
    .orderBy(packages.createdAt, packages.id);
  const involved = await queryRows<{ package_id: string; distributor_id: string }>(
    real.ctx.database.db,
    sql`select distinct e.package_id, e.distributor_id from package_events e
        join packages p on p.id = e.package_id
        where p.address like ${`${real.area.address}%`} and e.distributor_id is not null`,
  );
  return rows.map((r) => ({
    id: r.id,
    state: r.state,
    distributorId: r.distributorId,
    donorId: r.donorId,
    quantity: r.quantity,
    handoverCode: r.handoverCode,
    isLocked: r.handoverLockedUntil !== null && r.handoverLockedUntil > new Date(),
    travelCapacity: r.travelCapacity,
    involved: involved.filter((i) => i.package_id === r.id).map((i) => i.distributor_id),
  }));
}

/** How many steps and which states the runs went through: a run that never reached a state proves nothing about it. */
const steps = { count: 0, states: new Set<PackageState>(), groups: 0, newHolders: 0 };
/** The last timeline entry the invariants have seen: what a step adds comes after it. */
let seenEvent = 0;

/**
 * Who may be offered or paired a package, written here again in the test's own words (not with
 * almquest_cannot_take): each offer and pairing the step added went to someone not suspended,
 * active, vegetarian-only only for vegetarian food, and not among those who turned it (or a part
 * of its donation) down before: declined, let an offer lapse, released, or had it taken back.
 */
async function offersToWhoMayTake(real: Real): Promise<void> {
  const db = real.ctx.database.db;
  const added = await queryRows<{ id: number; kind: string; why: string | null }>(
    db,
    sql`select e.id, e.kind,
          case when u.suspended_at is not null then 'suspended'
               when not d.is_active then 'inactive'
               when d.veg_only and p.diet <> 'veg' then 'vegetarian only'
               when exists (
                 select 1 from package_events t join packages tp on tp.id = t.package_id
                  where t.distributor_id = e.distributor_id and t.id < e.id
                    and t.kind in ('declined', 'lapsed', 'released', 'reclaimed', 'takenBack')
                    and (tp.id = p.id or tp.group_id = p.group_id)) then 'turned it down'
          end as why
        from package_events e
        join packages p on p.id = e.package_id
        join users u on u.id = e.distributor_id
        join distributors d on d.user_id = e.distributor_id
        where e.id > ${seenEvent} and e.kind in ('offered', 'paired')
          and p.address like ${`${real.area.address}%`}
        order by e.id`,
  );
  steps.newHolders += added.length;
  const wrong = added.filter((a) => a.why !== null);
  expect(wrong, 'offered or paired to someone who may not take it').toEqual([]);
  const [last] = await queryRows<{ id: number }>(
    db,
    sql`select coalesce(max(id), 0)::int as id from package_events`,
  );
  seenEvent = last!.id;
}

/** Every invariant, read from the database after a step. */
async function checkInvariants(real: Real, before: Snapshot[]): Promise<Snapshot[]> {
  steps.count += 1;
  const db = real.ctx.database.db;
  await real.ctx.rematcher.whenIdle();
  await offersToWhoMayTake(real);
  const after = await snapshot(real);
  const rows = await db
    .select()
    .from(packages)
    .where(like(packages.address, `${real.area.address}%`));
  for (const p of rows) {
    const held = ['Offered', 'Paired', 'Received'].includes(p.state);
    expect(held ? p.distributorId !== null : true, `${p.state} without a distributor`).toBe(true);
    if (p.state === 'Not Paired') expect(p.distributorId).toBeNull();
    expect(p.offerExpiresAt !== null, `offer deadline on a ${p.state} package`).toBe(
      p.state === 'Offered',
    );
    expect(p.handoverCode !== null || p.state !== 'Paired', 'Paired without a code').toBe(true);
  }
  // Each distributor's load is the meals of the packages they hold, and within capacity.
  const loads = await queryRows<{ id: string; open_load: number; max: number; held: number }>(
    db,
    sql`select d.user_id as id, d.open_load, d.max_capacity as max,
          coalesce((select sum(p.quantity) from packages p where p.distributor_id = d.user_id
                    and p.state in ('Offered', 'Paired', 'Received')), 0)::int as held
        from distributors d
        where d.user_id in (${sql.join(
          real.cast.distributors.map((d) => sql`${d.profile.id}::uuid`),
          sql`, `,
        )})`,
  );
  for (const l of loads) {
    expect(l.open_load, `load of ${l.id}`).toBe(l.held);
    expect(l.open_load).toBeLessThanOrEqual(l.max);
  }
  // The timeline agrees with the state: its last state-changing entry leads to it.
  const lastStates = await queryRows<{ id: string; state: string; kinds: string[] }>(
    db,
    sql`select p.id, p.state, array_agg(e.kind order by e.id) as kinds
        from packages p join package_events e on e.package_id = p.id
        where p.address like ${`${real.area.address}%`}
        group by p.id, p.state`,
  );
  expect(lastStates.length).toBe(rows.length);
  // Every entry, whoever wrote it (the app or the database's matching), is a transition the
  // lifecycle allows from the state the entries before it left.
  for (const t of lastStates) {
    const story = `timeline ${t.kinds.join(',')} vs ${t.state}`;
    expect(t.kinds[0], story).toBe('created');
    let state: PackageState = 'Not Paired';
    for (const kind of t.kinds.slice(1)) {
      const transition = transitionOfEvent(kind as PackageEventKind);
      expect(transition.from, `${kind} from ${state} in ${story}`).toContain(state);
      if (transition.to !== 'same' && transition.to !== null) state = transition.to;
    }
    expect(state, story).toBe(t.state);
  }
  // A split donation's parts (and what waits of it) add up to the donation, whatever happened.
  const uneven = await queryRows<{ id: string }>(
    db,
    sql`select g.id from donation_groups g
        where exists (select 1 from packages p where p.group_id = g.id and p.address like ${`${real.area.address}%`})
          and g.quantity <> (select sum(quantity) from packages p where p.group_id = g.id)`,
  );
  expect(uneven, 'parts not adding up to their donation').toEqual([]);
  for (const p of after) steps.states.add(p.state);
  const [split] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct group_id)::int as n from packages
        where address like ${`${real.area.address}%`} and group_id is not null`,
  );
  steps.groups = Math.max(steps.groups, split?.n ?? 0);
  // Only allowed transitions since the last step.
  for (const p of after) {
    const was = before.find((b) => b.id === p.id);
    if (was) {
      expect([...statesAfterOneChange(was.state)], `${was.state} -> ${p.state}`).toContain(p.state);
    }
  }
  return after;
}

type Cmd = fc.AsyncCommand<Model, Real>;

/** A step on one package (picked by index among those known), expecting a status from the model. */
function packageStep(
  name: string,
  pick: number,
  /** States the step can succeed on: three times in four it picks such a package, if any. */
  prefer: PackageState[],
  run: (real: Real, pkg: Snapshot, model: Model) => Promise<{ status: number; body?: unknown }>,
  expected: (pkg: Snapshot, model: Model) => number[],
): Cmd {
  return {
    check: (m) => m.packages.length > 0,
    run: async (m, real) => {
      const fitting = m.packages.filter((p) => prefer.includes(p.state));
      const from = pick % 4 !== 0 && fitting.length > 0 ? fitting : m.packages;
      const pkg = from[Math.floor(pick / 4) % from.length]!;
      const res = await run(real, pkg, m);
      expect(expected(pkg, m), `${name} on ${pkg.state}: ${JSON.stringify(res.body)}`).toContain(
        res.status,
      );
      m.packages = await checkInvariants(real, m.packages);
    },
    toString: () => `${name}(${pick})`,
  };
}

function holder(m: Model, pkg: Snapshot): Registered | undefined {
  return m.people.distributors.find((d) => d.profile.id === pkg.distributorId);
}
function donorOf(m: Model, pkg: Snapshot): Registered {
  return m.people.donors.find((d) => d.profile.id === pkg.donorId)!;
}
/** The package's distributor acts; with none, some other distributor tries (and is not party). */
function actor(m: Model, pkg: Snapshot, fallback: number): Registered {
  return holder(m, pkg) ?? m.people.distributors[fallback % m.people.distributors.length]!;
}
/** What a distributor's step answers: as the holder by state, else 409 to a former one, 404. */
function forDistributor(m: Model, pkg: Snapshot, fallback: number, whenHolder: number[]) {
  // Suspension ended their sessions.
  if (m.suspended.includes(actor(m, pkg, fallback).profile.id)) return [401];
  if (pkg.distributorId) return whenHolder;
  return pkg.involved.includes(actor(m, pkg, fallback).profile.id) ? [409] : [404];
}
const post = (real: Real, who: { cookie: string }, url: string, body: object = {}) =>
  request(real.ctx.app).post(url).set('Cookie', who.cookie).send(body);
/** Marks the package Received (with `code`) or Distributed, as `actor` would. */
function mark(
  real: Real,
  m: Model,
  pkg: Snapshot,
  fallback: number,
  state: 'Received' | 'Distributed',
  code?: string,
) {
  const who = actor(m, pkg, fallback);
  return post(real, who, '/api/distributor/togglePackage', {
    donor_id: pkg.donorId,
    distributor_id: who.profile.id,
    packageId: pkg.id,
    state,
    ...(code === undefined ? {} : { code }),
  });
}

async function forceDeadline(real: Real, id: string, column: 'offer_expires_at' | 'ready_until') {
  await real.ctx.database.db.execute(
    sql`update packages set ${sql.raw(column)} = now() - interval '1 second'
        where id = ${id} and ${sql.raw(column)} is not null`,
  );
  await real.ctx.deadlines.runOnce();
}

/** A donation by one of the donors (`donor`, the rest of it the donation's own fields). */
function donateStep<T extends { donor: number } & Partial<DonateRequest>>(
  given: fc.Arbitrary<T>,
  name: (t: T) => string,
): fc.Arbitrary<Cmd> {
  return given.map((t) => ({
    check: () => true,
    run: async (m: Model, real: Real) => {
      const { donor, ...fields } = t;
      const who = m.people.donors[donor]!;
      const res = await post(
        real,
        who,
        '/api/donor/donate',
        donationInput(who, { ...fields, location: real.area(0), travelCapacity: '5 km' }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      m.packages = await checkInvariants(real, m.packages);
    },
    toString: () => name(t),
  }));
}

function commands(): fc.Arbitrary<Cmd>[] {
  const pick = fc.nat(200);
  return [
    donateStep(
      fc.record({
        donor: fc.nat(2),
        quantity: fc.integer({ min: 1, max: 12 }),
        diet: fc.constantFrom('veg', 'nonveg', 'egg'),
      }),
      ({ donor, quantity, diet }) => `donate(${donor}, ${quantity}, ${diet})`,
    ),
    // A donation bigger than anyone's room, which may be split.
    donateStep(
      fc
        .record({ donor: fc.nat(2), quantity: fc.integer({ min: 20, max: 75 }) })
        .map((given) => ({ ...given, allowSplit: true })),
      ({ donor, quantity }) => `donateSplittable(${donor}, ${quantity})`,
    ),
    fc.tuple(pick, fc.nat(2)).map(([p, f]) =>
      packageStep(
        'accept',
        p,
        ['Offered'],
        (real, pkg, m) => post(real, actor(m, pkg, f), `/api/package/${pkg.id}/accept`),
        (pkg, m) => forDistributor(m, pkg, f, pkg.state === 'Offered' ? [200] : [409]),
      ),
    ),
    fc.tuple(pick, fc.nat(2)).map(([p, f]) =>
      packageStep(
        'decline',
        p,
        ['Offered'],
        (real, pkg, m) =>
          post(real, actor(m, pkg, f), `/api/package/${pkg.id}/decline`, { reason: 'busy' }),
        (pkg, m) => forDistributor(m, pkg, f, pkg.state === 'Offered' ? [204] : [409]),
      ),
    ),
    fc.tuple(pick, fc.nat(2)).map(([p, f]) =>
      packageStep(
        'release',
        p,
        ['Paired'],
        (real, pkg, m) => post(real, actor(m, pkg, f), `/api/package/${pkg.id}/release`),
        (pkg, m) => forDistributor(m, pkg, f, pkg.state === 'Paired' ? [204] : [409]),
      ),
    ),
    pick.map((p) =>
      packageStep(
        'cancel',
        p,
        ['Not Paired', 'Offered', 'Paired'],
        (real, pkg, m) => post(real, donorOf(m, pkg), `/api/package/${pkg.id}/cancel`),
        (pkg) => (['Not Paired', 'Offered', 'Paired'].includes(pkg.state) ? [200] : [409]),
      ),
    ),
    fc.tuple(pick, fc.nat(2)).map(([p, f]) =>
      packageStep(
        'receive',
        p,
        ['Paired'],
        (real, pkg, m) => mark(real, m, pkg, f, 'Received', pkg.handoverCode ?? '0000'),
        (pkg, m) =>
          forDistributor(m, pkg, f, pkg.state !== 'Paired' ? [409] : pkg.isLocked ? [429] : [200]),
      ),
    ),
    fc.tuple(pick, fc.nat(2)).map(([p, f]) =>
      packageStep(
        'wrong code',
        p,
        ['Paired'],
        (real, pkg, m) =>
          mark(real, m, pkg, f, 'Received', pkg.handoverCode === '0000' ? '1111' : '0000'),
        // Wrong: refused (422), the fifth in a row locks (429).
        (pkg, m) =>
          forDistributor(
            m,
            pkg,
            f,
            pkg.state !== 'Paired' ? [409] : pkg.isLocked ? [429] : [422, 429],
          ),
      ),
    ),
    pick.map((p) =>
      packageStep(
        'widen',
        p,
        ['Not Paired', 'Offered'],
        (real, pkg, m) =>
          request(real.ctx.app)
            .patch(`/api/package/${pkg.id}`)
            .set('Cookie', donorOf(m, pkg).cookie)
            .send({ travelCapacity: pkg.travelCapacity + 1 }),
        (pkg) => (['Not Paired', 'Offered'].includes(pkg.state) ? [200] : [409]),
      ),
    ),
    fc.tuple(pick, fc.nat(2)).map(([p, f]) =>
      packageStep(
        'distribute',
        p,
        ['Received'],
        (real, pkg, m) => mark(real, m, pkg, f, 'Distributed'),
        (pkg, m) => forDistributor(m, pkg, f, pkg.state === 'Received' ? [200] : [409]),
      ),
    ),
    pick.map((p) =>
      packageStep(
        'lapse',
        p,
        ['Offered'],
        async (real, pkg) => {
          await forceDeadline(real, pkg.id, 'offer_expires_at');
          const [row] = await real.ctx.database.db
            .select()
            .from(packages)
            .where(eq(packages.id, pkg.id));
          // A lapsed offer never goes back to the one who let it lapse.
          if (pkg.state === 'Offered') expect(row!.distributorId).not.toBe(pkg.distributorId);
          return { status: 200 };
        },
        () => [200],
      ),
    ),
    pick.map((p) =>
      packageStep(
        'expire',
        p,
        ['Not Paired', 'Offered', 'Paired'],
        async (real, pkg) => {
          await forceDeadline(real, pkg.id, 'ready_until');
          const [row] = await real.ctx.database.db
            .select()
            .from(packages)
            .where(eq(packages.id, pkg.id));
          const shouldExpire = ['Not Paired', 'Offered', 'Paired'].includes(pkg.state);
          expect(row!.state).toBe(shouldExpire ? 'Expired' : pkg.state);
          return { status: 200 };
        },
        () => [200],
      ),
    ),
    fc
      .record({
        who: fc.nat(2),
        change: fc.constantFrom('toggle', 'autoAccept', 'manual', 'capacity', 'vegOnly'),
        capacity: fc.integer({ min: 1, max: 30 }),
      })
      .map(({ who, change, capacity }) => ({
        check: () => true,
        run: async (m: Model, real: Real) => {
          const d = m.people.distributors[who]!;
          const [row] = await real.ctx.database.db
            .select()
            .from(distributors)
            .where(eq(distributors.userId, d.profile.id));
          // Suspension ended their sessions.
          const isSuspended = m.suspended.includes(d.profile.id);
          if (change === 'toggle') {
            await request(real.ctx.app)
              .post(`/api/distributor/toggle/${d.profile.id}`)
              .set('Cookie', d.cookie)
              .expect(isSuspended ? 401 : 200);
          } else {
            const patch =
              change === 'capacity'
                ? { maxCapacity: capacity }
                : change === 'vegOnly'
                  ? { vegOnly: !row!.vegOnly }
                  : { autoAccept: change === 'autoAccept' };
            const res = await request(real.ctx.app)
              .patch(`/api/distributor/update/${d.profile.id}`)
              .set('Cookie', d.cookie)
              .send(patch);
            const expected = isSuspended
              ? 401
              : change === 'capacity' && capacity < row!.openLoad
                ? 409
                : 200;
            expect(res.status, JSON.stringify(res.body)).toBe(expected);
          }
          m.packages = await checkInvariants(real, m.packages);
        },
        toString: () => `profile(${who}, ${change}, ${capacity})`,
      })),
    // A coordinator suspends a distributor (what they were offered or held unreceived goes to
    // someone else), or reinstates one, who then signs in again.
    fc.nat(2).map((who) => ({
      check: () => true,
      run: async (m: Model, real: Real) => {
        const d = m.people.distributors[who]!;
        const coordinator = m.people.coordinator;
        if (m.suspended.includes(d.profile.id)) {
          await post(real, coordinator, `/api/coordinator/people/${d.profile.id}/reinstate`, {
            reason: 'model run',
          }).expect(200);
          d.cookie = (await signIn(real.ctx, d.user.email)).cookie;
          m.suspended = m.suspended.filter((id) => id !== d.profile.id);
        } else {
          await post(real, coordinator, `/api/coordinator/people/${d.profile.id}/suspend`, {
            reason: 'model run',
          }).expect(200);
          m.suspended = [...m.suspended, d.profile.id];
        }
        m.packages = await checkInvariants(real, m.packages);
      },
      toString: () => `suspendOrReinstate(${who})`,
    })),
  ];
}

describe.each(['pglite', 'default'] as const)('the pickup lifecycle model (%s)', (engine) => {
  let ctx: TestContext;
  let cast: Cast;
  const area = testArea('lifecycleModel', engine === 'pglite' ? 0 : 1);
  beforeAll(async () => {
    const coordinatorEmail = uniqueEmail('coordinator');
    ctx = await createTestApp({ COORDINATOR_EMAILS: coordinatorEmail }, {}, engine);
    await forgetArea(ctx.database.db, 'lifecycleModel');
    cast = { donors: [], distributors: [], coordinator: await signIn(ctx, coordinatorEmail) };
    for (let i = 0; i < 3; i++) cast.donors.push(await createDonor(ctx, { location: area(0) }));
    for (let i = 0; i < 3; i++) {
      cast.distributors.push(
        await createDistributor(ctx, { location: area(1 + i), distanceRange: 10, maxCapacity: 30 }),
      );
    }
  });
  afterAll(() => ctx?.close());

  /** Each run starts from nothing: no packages, everyone active, empty, answering offers. */
  async function reset() {
    await ctx.rematcher.whenIdle();
    // Whoever the last run left suspended is reinstated and signs in again.
    for (const d of cast.distributors) {
      const [row] = await ctx.database.db
        .select({ suspendedAt: users.suspendedAt })
        .from(users)
        .where(eq(users.id, d.profile.id));
      if (!row!.suspendedAt) continue;
      await post(
        { ctx, cast, area },
        cast.coordinator,
        `/api/coordinator/people/${d.profile.id}/reinstate`,
        {
          reason: 'next run',
        },
      ).expect(200);
      d.cookie = (await signIn(ctx, d.user.email)).cookie;
    }
    await ctx.database.db
      .delete(packages)
      .where(like(packages.address, `${areaPrefix('lifecycleModel')}%`));
    for (const [i, d] of cast.distributors.entries()) {
      await ctx.database.db
        .update(distributors)
        .set({
          openLoad: 0,
          isActive: true,
          maxCapacity: 30,
          autoAccept: i === 2,
          vegOnly: i === 1,
        })
        .where(eq(distributors.userId, d.profile.id));
    }
  }

  it('keeps every invariant through random sequences of every action', async () => {
    steps.count = 0;
    steps.groups = 0;
    steps.newHolders = 0;
    steps.states.clear();
    await fc.assert(
      fc.asyncProperty(
        fc.commands(commands(), { size: 'large', maxCommands: 35 }),
        async (cmds) => {
          await reset();
          const real: Real = { ctx, cast, area };
          // Every run starts with a package from each donor, so every step has something to act on.
          for (const [i, donor] of cast.donors.entries()) {
            await post(
              real,
              donor,
              '/api/donor/donate',
              donationInput(donor, {
                quantity: 4 + i * 4,
                location: area(0),
                travelCapacity: '5 km',
              }),
            ).expect(201);
          }
          const start = await checkInvariants(real, []);
          await fc.asyncModelRun(
            () => ({ model: { packages: start, people: cast, suspended: [] }, real }),
            cmds,
          );
        },
      ),
      { numRuns: 20, seed: Number(process.env.MODEL_SEED ?? 2026) },
    );
    // The runs did reach every state (otherwise their invariants were never tried there).
    expect([...steps.states].sort()).toEqual([
      'Cancelled',
      'Distributed',
      'Expired',
      'Not Paired',
      'Offered',
      'Paired',
      'Received',
    ]);
    expect(steps.count).toBeGreaterThan(150);
    expect(steps.groups, 'no run split a donation').toBeGreaterThan(0);
    expect(steps.newHolders, 'too few offers and pairings to hold to who may take').toBeGreaterThan(
      50,
    );
  }, 240_000);
});
