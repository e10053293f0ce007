import type { LiveEvent } from '@almquest/contracts/notifications';
import { HANDOVER_CODE_TRIES, type Package } from '@almquest/contracts/packages';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalLiveEvents } from '../../realtime/live-events';
import { forgetArea, testArea } from '../../test/areas';
import {
  createDistributor,
  createDonor,
  distributorInput,
  donate,
  donorInput,
  markPackage,
  type Registered,
  uniqueEmail,
} from '../../test/factories';
import { startLaggingPair, stopServerProcesses } from '../../test/server-process';
import type { TcpProxy } from '../../test/tcp-proxy';
import { signIn, type SignedIn } from '../../test/session';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * A signed-in package page costs no query once this process has read it, yet a change
 * to the package, its timeline or either side's contact is never shown as it was once the request
 * that made it has answered, in any process, and a change made by hand is heard too.
 */

type Page = { package: Package };

describe('the package page cache in one process', () => {
  let ctx: TestContext;
  const live = createLocalLiveEvents();
  beforeAll(async () => {
    ctx = await createTestApp({}, { live });
    for (let i = 0; i < 2; i++) await forgetArea(ctx.database.db, 'packageReads');
    // Resolves once this process listens for changes (the cache serves nothing before).
    await ctx.database.sessions.fence();
  });
  afterAll(() => ctx.close());

  const page = async (who: Registered, id: string) =>
    (await request(ctx.app).get(`/api/package/${id}`).set('Cookie', who.cookie).expect(200))
      .body as Page;

  async function pairedPackage(index: number) {
    const at = testArea('packageReads', index);
    const donor = await createDonor(ctx, { location: at(0) });
    const distributor = await createDistributor(ctx, { location: at(2) });
    const pkg = await donate(ctx, donor);
    expect(pkg.current_state).toBe('Paired');
    return { donor, distributor, pkg };
  }

  it('serves a page again from memory, and forgets it when its row, timeline or a side changes, even by hand', async () => {
    const { donor, distributor, pkg } = await pairedPackage(0);
    await page(donor, pkg._id);
    const { hits } = ctx.packageReads.stats;
    expect((await page(donor, pkg._id)).package.current_state).toBe('Paired');
    expect(ctx.packageReads.stats.hits).toBe(hits + 1);

    const db = ctx.database.db;
    const gate = `${testArea('packageReads', 0).address}, gate 2`;
    await db.execute(sql`update packages set address = ${gate} where id = ${pkg._id}`);
    await ctx.database.sessions.fence();
    expect((await page(donor, pkg._id)).package.location.address).toBe(gate);

    const before = (await page(donor, pkg._id)).package.events.length;
    await db.execute(
      sql`insert into package_events (package_id, kind, reason) values (${pkg._id}, 'widened', 'by hand')`,
    );
    await ctx.database.sessions.fence();
    expect((await page(donor, pkg._id)).package.events).toHaveLength(before + 1);

    // The distributor's name as it is now, from their row: a change to it reaches the page.
    await db.execute(
      sql`update users set name = 'Roti Bank North' where id = ${distributor.profile.id}`,
    );
    await ctx.database.sessions.fence();
    expect((await page(donor, pkg._id)).package.pair?.distributor_name).toBe('Roti Bank North');
  });

  it('shows a change made through the app at once, to both sides', async () => {
    const { donor, distributor, pkg } = await pairedPackage(1);
    await page(donor, pkg._id);
    await page(distributor, pkg._id);
    const marked = await markPackage(
      ctx,
      distributor,
      { ...pkg, donor_id: donor.profile.id },
      'Received',
    );
    expect(marked.status).toBe(200);
    expect((await page(donor, pkg._id)).package.current_state).toBe('Received');
    expect((await page(distributor, pkg._id)).package.current_state).toBe('Received');
  });

  it('forgets a page before a live event about its package reaches anyone', async () => {
    const { donor, pkg } = await pairedPackage(2);
    await page(donor, pkg._id);
    await page(donor, pkg._id);
    const { misses } = ctx.packageReads.stats;
    live.hub.deliver({
      id: 0,
      publicId: '00000000-0000-4000-8000-000000000001',
      userId: donor.profile.id,
      event: { pid: pkg._id } as LiveEvent,
    });
    await page(donor, pkg._id);
    expect(ctx.packageReads.stats.misses).toBe(misses + 1);
  });

  it('keeps nothing a stranger asked for: their read neither fills the memory nor warms it', async () => {
    const { pkg } = await pairedPackage(3);
    const stranger = await createDonor(ctx, { location: testArea('packageReads', 3)(30) });
    await request(ctx.app)
      .get(`/api/package/${pkg._id}`)
      .set('Cookie', stranger.cookie)
      .expect(404);
    expect(ctx.packageReads.peek(pkg._id)).toBeUndefined();
  });

  it('keeps nothing of a package that is not there, and answers 404', async () => {
    const { donor } = await pairedPackage(5);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < 2; i++) {
      await request(ctx.app).get(`/api/package/${missing}`).set('Cookie', donor.cookie).expect(404);
    }
    expect(ctx.packageReads.peek(missing)).toBeUndefined();
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('the package page cache across server processes', () => {
  let a: string;
  let b: string;
  let proxy: TcpProxy;

  beforeAll(async () => {
    // Only a fence keeps B, which hears the database 300 ms late, from showing a package as it
    // was before a change A has answered.
    ({ a, b, proxy } = await startLaggingPair(url!, {}, (database) =>
      forgetArea(database.db, 'packageReads'),
    ));
  }, 90_000);
  afterAll(async () => {
    await stopServerProcesses();
    await proxy?.close();
  });

  const send = (base: string, who: SignedIn, path: string, method = 'GET', body?: object) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        Cookie: who.cookie,
        Origin: base,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  async function registerOnA(role: 'donor' | 'distributor', input: object) {
    const session = await signIn({ baseUrl: a }, uniqueEmail(`reads-${role}`));
    const res = await send(a, session, `/api/${role}/register`, 'POST', input);
    expect(res.status).toBe(201);
    return { ...session, id: ((await res.json()) as { data: { id: string } }).data.id };
  }

  /**
   * Reads `path` on B until B answers from memory. Every answer of B's database comes 300 ms late
   * (the proxy), so an answer in less than that asked it nothing, however loaded the machine:
   * a bar at half of it failed twice in CI while other files started servers beside this one.
   */
  async function fastOnB(who: SignedIn, path: string) {
    for (let tries = 0; tries < 60; tries++) {
      const started = Date.now();
      const res = await send(b, who, path);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      if (Date.now() - started < 290) return;
    }
    throw new Error(`process B never answered ${path} from memory`);
  }
  const cachedOnB = (who: SignedIn, id: string) => fastOnB(who, `/api/package/${id}`);

  /** A donor and a distributor registered on A, and a donation there paired between them. */
  async function pairedOnA(index: number) {
    const at = testArea('packageReads', index);
    const donor = await registerOnA('donor', donorInput({ location: at(0) }));
    const distributor = await registerOnA('distributor', distributorInput({ location: at(2) }));
    const donated = await send(a, donor, '/api/donor/donate', 'POST', {
      donor_id: donor.id,
      quantity: 10,
      travelCapacity: '8 Kilometres',
      location: at(0),
      timestamp: Date.now(),
    });
    expect(donated.status).toBe(201);
    const pkg = ((await donated.json()) as Page).package;
    expect(pkg.current_state).toBe('Paired');
    return { donor, distributor, pkg };
  }

  const stateOnB = async (who: SignedIn, id: string) =>
    ((await (await send(b, who, `/api/package/${id}`)).json()) as Page).package;

  it('shows on B a package received and a distributor renamed on A, as soon as A has answered', async () => {
    const { donor, distributor, pkg } = await pairedOnA(4);
    // One entry serves both sides (the distributor's page also asks why them, each time).
    await cachedOnB(donor, pkg._id);

    const received = await send(a, distributor, '/api/distributor/togglePackage', 'POST', {
      donor_id: donor.id,
      distributor_id: distributor.id,
      packageId: pkg._id,
      state: 'Received',
      code: pkg.handoverCode,
    });
    expect(received.status).toBe(200);
    expect((await stateOnB(donor, pkg._id)).current_state).toBe('Received');
    expect((await stateOnB(distributor, pkg._id)).current_state).toBe('Received');

    await cachedOnB(donor, pkg._id);
    const renamed = await send(
      a,
      distributor,
      `/api/distributor/update/${distributor.id}`,
      'PATCH',
      {
        name: 'Roti Bank West',
      },
    );
    expect(renamed.status).toBe(200);
    expect((await stateOnB(donor, pkg._id)).pair?.distributor_name).toBe('Roti Bank West');
  }, 60_000);

  it('shows on B a handover locked by wrong codes on A, as soon as A has refused the last', async () => {
    const { donor, distributor, pkg } = await pairedOnA(6);
    await cachedOnB(donor, pkg._id);
    // The distributor's session too, so their read on B waits for nothing before the page.
    await fastOnB(distributor, '/api/me');
    const wrong = pkg.handoverCode === '0000' ? '1111' : '0000';
    let last = 0;
    for (let i = 0; i < HANDOVER_CODE_TRIES; i++) {
      const res = await send(a, distributor, '/api/distributor/togglePackage', 'POST', {
        donor_id: donor.id,
        distributor_id: distributor.id,
        packageId: pkg._id,
        state: 'Received',
        code: wrong,
      });
      last = res.status;
      await res.arrayBuffer();
    }
    expect(last).toBe(429);
    // The distributor's page (the one that says until when) read on B at once.
    expect((await stateOnB(distributor, pkg._id)).handoverLockedUntil).not.toBeNull();
  }, 60_000);
});
