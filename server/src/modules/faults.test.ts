import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, queryRows } from '../db/client';
import { createLogger } from '../logger';
import { createDistributor, createDonor, donationInput, type Registered } from '../test/factories';
import { forgetArea, testArea } from '../test/areas';
import { loadTestGazetteer } from '../test/gazetteer';
import { startServerProcess, stopServerProcesses } from '../test/server-process';
import { proxyDatabase } from '../test/tcp-proxy';
import { createTestApp, openTestDatabase, type TestContext } from '../test/test-app';

const url = process.env.TEST_DATABASE_URL;
const contexts: TestContext[] = [];
afterAll(async () => {
  await stopServerProcesses();
  for (const ctx of contexts) await ctx.close();
});

/** Each test in its own patch, so one's distributor never takes the other's packages. */
const killAddress = testArea('faultsKill').address;
const at = (tag: 'outage' | 'kill', km: number) =>
  testArea(tag === 'outage' ? 'faultsOutage' : 'faultsKill')(km);

async function countAcknowledged(ids: string[]) {
  const database = await openTestDatabase();
  try {
    const rows = await queryRows<{ id: string; n: number }>(
      database.db,
      sql`select id, count(*)::int as n from packages where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) group by id`,
    );
    return rows;
  } finally {
    await database.close();
  }
}

describe.runIf(url)('faults (PostgreSQL)', () => {
  it('answers 503 quickly while the database is unreachable, recovers without a restart, and loses no acknowledged donation', async () => {
    const { proxy, url: viaProxy } = await proxyDatabase(url!);
    // People are made through a normal app; the app under test reaches the database through the proxy.
    const setup = await createTestApp();
    contexts.push(setup);
    await forgetArea(setup.database.db, 'faultsOutage');
    const donor: Registered = await createDonor(setup, { location: at('outage', 0) });
    await createDistributor(setup, { location: at('outage', 1), maxCapacity: 100_000 });
    const database = await openDatabase({
      kind: 'postgres',
      url: viaProxy,
      maxConnections: 5,
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MULTIPLIER: '100000',
      PUBLIC_URL: setup.baseUrl,
    });
    const app = createApp({ config, database, logger: createLogger('silent') });
    const donateOnce = (i: number) =>
      request(app)
        .post('/api/donor/donate')
        .set('Cookie', donor.cookie)
        .send(donationInput(donor, { quantity: 1 + (i % 3), location: at('outage', 0) }));

    const acknowledged: string[] = [];
    const statuses: number[] = [];
    const record = (res: request.Response) => {
      statuses.push(res.status);
      if (res.status === 201) acknowledged.push(res.body.package._id as string);
    };
    try {
      // Load, then the outage in the middle of it, then the way back.
      const first = Promise.all(Array.from({ length: 20 }, (_, i) => donateOnce(i).then(record)));
      await new Promise((r) => setTimeout(r, 30));
      proxy.cut();
      await first;
      const during: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        const res = await donateOnce(i);
        record(res);
        during.push(Date.now() - started);
        expect(res.status).toBe(503);
        expect(res.body.error.code).toBe('service_unavailable');
      }
      const health = await request(app).get('/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ status: 'unavailable', db: 'postgres' });
      expect(Math.max(...during)).toBeLessThan(5000);

      proxy.restore();
      let isBack = false;
      for (let i = 0; i < 50 && !isBack; i++) {
        isBack = (await request(app).get('/api/health')).status === 200;
        if (!isBack) await new Promise((r) => setTimeout(r, 100));
      }
      expect(isBack).toBe(true);
      await Promise.all(Array.from({ length: 10 }, (_, i) => donateOnce(i).then(record)));
      expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(10);

      // Every donation answered 201 exists exactly once.
      const found = await countAcknowledged(acknowledged);
      expect(found.length).toBe(new Set(acknowledged).size);
      expect(found.every((r) => r.n === 1)).toBe(true);
    } finally {
      await database.close();
      await proxy.close();
    }
  }, 120_000);

  it('loses no acknowledged donation when the process is killed mid-load, and the restarted one re-matches', async () => {
    const database = await openTestDatabase();
    await loadTestGazetteer(database.db);
    await forgetArea(database.db, 'faultsKill');
    await database.close();
    const setup = await createTestApp();
    contexts.push(setup);
    const donor = await createDonor(setup, { location: at('kill', 0) });

    const start = async () => {
      const { baseUrl: base, child } = await startServerProcess(url!);
      return { base, child };
    };

    const first = await start();
    const acknowledged: string[] = [];
    const donateOnce = (i: number) =>
      fetch(`${first.base}/api/donor/donate`, {
        method: 'POST',
        headers: { Cookie: donor.cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify(
          donationInput(donor, { quantity: 1 + (i % 3), location: at('kill', 0) }),
        ),
      })
        .then(async (res) => {
          if (res.status === 201)
            acknowledged.push(((await res.json()) as { package: { _id: string } }).package._id);
        })
        .catch(() => undefined);
    const load = Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        new Promise((r) => setTimeout(r, i * 20)).then(() => donateOnce(i)),
      ),
    );
    // Kill it hard once some donations were answered and more are under way.
    for (let i = 0; i < 200 && acknowledged.length < 5; i++)
      await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await load;
    expect(acknowledged.length).toBeGreaterThan(0);
    const found = await countAcknowledged(acknowledged);
    expect(found.length).toBe(acknowledged.length);
    expect(found.every((r) => r.n === 1)).toBe(true);

    // Nobody could take them; a distributor appears while no server runs; the restarted server's
    // start-up sweep pairs the waiting packages.
    const direct = await openTestDatabase();
    const [waitingBefore] = await queryRows<{ n: number }>(
      direct.db,
      sql`select count(*)::int as n from packages where address = ${killAddress} and state = 'Not Paired'`,
    );
    expect(waitingBefore!.n).toBeGreaterThan(0);
    await createDistributor(setup, { location: at('kill', 1), maxCapacity: 100_000 });
    // The app that made the distributor re-matched what it could; put them back to waiting to
    // prove the restarted process does it by itself.
    await setup.database.db.execute(sql`
      with reset as (
        update packages set state = 'Not Paired', distributor_id = null, distributor_name = null, distributor_phone = null,
          distributor_address = null, distributor_lat = null, distributor_lng = null, meet_address = null, meet_lat = null,
          meet_lng = null, distributor_path = null, donor_path = null, paired_at = null
        where address = ${killAddress} and state = 'Paired' returning quantity, 1 as k)
      update distributors set open_load = 0 where user_id in (select id from users where address = ${killAddress})`);
    const second = await start();
    let waiting = waitingBefore!.n;
    for (let i = 0; i < 100 && waiting > 0; i++) {
      const [row] = await queryRows<{ n: number }>(
        direct.db,
        sql`select count(*)::int as n from packages where address = ${killAddress} and state = 'Not Paired'`,
      );
      waiting = row!.n;
      if (waiting > 0) await new Promise((r) => setTimeout(r, 100));
    }
    await direct.close();
    expect(waiting).toBe(0);
    second.child.kill('SIGTERM');
  }, 150_000);

  it('gives back every connection the database dropped as a transaction began', async () => {
    const { proxy, url: viaProxy } = await proxyDatabase(url!);
    const database = await openDatabase({ kind: 'postgres', url: viaProxy, maxConnections: 2 });
    const errorsOf = (error: unknown) => {
      const messages: string[] = [];
      for (let e = error as { message?: unknown; cause?: unknown } | undefined; e;) {
        messages.push(String(e.message));
        e = e.cause as typeof e;
      }
      return messages.join(' / ');
    };
    try {
      await database.ping();
      // Each connection that sends BEGIN is closed: more failed transactions than the pool has.
      proxy.dropConnectionsSending((sent) => sent.includes('begin\0'));
      for (let i = 0; i < 5; i++) {
        const failed = await database.db
          .transaction((tx) => tx.execute(sql`select 1`))
          .then(
            () => null,
            (error: unknown) => errorsOf(error),
          );
        // The database's going away, each time; never a pool with no connection left to lend.
        expect(failed).toMatch(/Connection terminated|not queryable/);
        expect(failed).not.toMatch(/timeout/);
      }
      proxy.dropConnectionsSending(null);
      const rows = await database.db.transaction((tx) =>
        queryRows<{ n: number }>(tx, sql`select 2 as n`),
      );
      expect(rows).toEqual([{ n: 2 }]);
      await database.ping();
    } finally {
      await Promise.race([database.close(), new Promise((r) => setTimeout(r, 2000))]);
      await proxy.close();
    }
  }, 60_000);

  it('keeps running when the database goes away while transactions are in flight', async () => {
    const database = await openTestDatabase();
    await loadTestGazetteer(database.db);
    await forgetArea(database.db, 'faultsCut');
    await database.close();
    const setup = await createTestApp();
    contexts.push(setup);
    const donor = await createDonor(setup, { location: testArea('faultsCut')(0) });
    await createDistributor(setup, { location: testArea('faultsCut')(1), maxCapacity: 100_000 });
    // Every reply 50 ms late: a donation that may be split is a transaction of several round
    // trips, so the cut finds some of them holding a connection.
    const { proxy, url: viaProxy } = await proxyDatabase(url!, { replyDelayMs: 50 });
    try {
      const { baseUrl: base, child } = await startServerProcess(viaProxy);
      for (let round = 0; round < 3; round++) {
        const inFlight = Array.from({ length: 8 }, (_, i) =>
          fetch(`${base}/api/donor/donate`, {
            method: 'POST',
            headers: { Cookie: donor.cookie, 'Content-Type': 'application/json' },
            body: JSON.stringify(
              donationInput(donor, {
                quantity: 5 + i,
                location: testArea('faultsCut')(0),
                allowSplit: true,
              }),
            ),
          }).then(
            (res) => res.status,
            () => 0,
          ),
        );
        await new Promise((r) => setTimeout(r, 150 + round * 60));
        proxy.cut();
        const statuses = await Promise.all(inFlight);
        expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
        proxy.restore();
        expect(child.exitCode).toBeNull();
        let isBack = false;
        for (let i = 0; i < 100 && !isBack; i++) {
          isBack = await fetch(`${base}/api/health`).then(
            (res) => res.ok,
            () => false,
          );
          if (!isBack) await new Promise((r) => setTimeout(r, 100));
        }
        expect(isBack).toBe(true);
      }
    } finally {
      await proxy.close();
    }
  }, 150_000);
});
