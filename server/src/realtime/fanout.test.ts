import http from 'node:http';
import { NOTIFICATION_TEXT } from '@almquest/contracts/notifications';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { createLogger } from '../logger';
import { notificationsByIds } from '../modules/notifications/notifications.service';
import { toDelivery } from '../modules/notifications/notifications.presenter';
import { createPostgresLiveEvents } from './live-events';
import {
  createDistributor,
  createDonor,
  distributorInput,
  donate,
  donorInput,
  uniqueEmail,
  withLongRecord,
} from '../test/factories';
import { forgetArea, testArea } from '../test/areas';
import { loadTestGazetteer } from '../test/gazetteer';
import { startServerProcess, stopServerProcesses } from '../test/server-process';
import { signIn } from '../test/session';
import { donateThrough, registerOverHttp as register } from '../test/over-http';
import { openEventStream } from '../test/sse';
import { proxyDatabase } from '../test/tcp-proxy';
import { freePort } from '../test/ports';
import { createTestApp, openTestDatabase, type TestContext } from '../test/test-app';

const url = process.env.TEST_DATABASE_URL;
afterAll(stopServerProcesses);

/** A proxy in front of several processes that sends each request to the next one in turn. */
async function roundRobin(targets: () => string[]) {
  let n = 0;
  const server = http.createServer((req, res) => {
    const list = targets();
    const target = new URL(list[n++ % list.length]!);
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

describe.runIf(url)('the development sign-in behind a proxy with two processes', () => {
  it('signs in though each step of it lands on the other process', async () => {
    const database = await openTestDatabase();
    await loadTestGazetteer(database.db);
    await database.close();
    let backends: string[] = [];
    const proxy = await roundRobin(() => backends);
    try {
      const env = { PUBLIC_URL: proxy.url };
      const [first, second] = await Promise.all([
        startServerProcess(url!, env),
        startServerProcess(url!, env),
      ]);
      backends = [first.baseUrl, second.baseUrl];
      // Every redirect, form and callback alternates between the two.
      const session = await signIn({ baseUrl: proxy.url } as TestContext, uniqueEmail('donor'));
      for (const base of backends) {
        const me = await fetch(`${base}/api/me`, { headers: { Cookie: session.cookie } });
        expect(me.status).toBe(200);
      }
    } finally {
      proxy.close();
    }
  }, 150_000);
});

describe.runIf(url)('live events across server processes', () => {
  it('reach a user connected to another process than the one that made them', async () => {
    const database = await openTestDatabase();
    await loadTestGazetteer(database.db);
    await forgetArea(database.db, 'fanOut');
    await database.close();
    const [first, second] = await Promise.all([startServerProcess(url!), startServerProcess(url!)]);
    const a = first.baseUrl;
    const b = second.baseUrl;

    const at = testArea('fanOut');
    const distributor = await register(a, 'distributor', distributorInput({ location: at(2) }));
    const donor = await register(a, 'donor', donorInput({ location: at(0) }));

    // Both listen on process B; the donation goes through process A.
    const donorStream = await openEventStream(`${b}/api/events`, donor.cookie);
    const distributorStream = await openEventStream(`${b}/api/events`, distributor.cookie);
    try {
      const pkg = await donateThrough(a, donor, 5, at(0));
      const [toDonor] = await donorStream.waitFor(1, 10_000);
      const [toDistributor] = await distributorStream.waitFor(1, 10_000);
      expect(toDonor?.data).toMatchObject({ pid: pkg._id, message: NOTIFICATION_TEXT.pairedDonor });
      expect(toDistributor?.data).toMatchObject({
        pid: pkg._id,
        message: NOTIFICATION_TEXT.pairedDistributor,
      });
    } finally {
      await Promise.all([donorStream.close(), distributorStream.close()]);
    }
  }, 150_000);

  it('catch up from the stored notifications what a process missed while it could not listen', async () => {
    const database = await openTestDatabase();
    await loadTestGazetteer(database.db);
    await forgetArea(database.db, 'fanOutGap');
    await database.close();
    // B reaches the database through a proxy that can be cut; A directly.
    const { proxy, url: viaProxy } = await proxyDatabase(url!);
    try {
      const [first, second] = await Promise.all([
        startServerProcess(url!),
        startServerProcess(viaProxy),
      ]);
      const a = first.baseUrl;
      const b = second.baseUrl;
      const at = testArea('fanOutGap');
      await register(a, 'distributor', distributorInput({ location: at(2) }));
      const donor = await register(a, 'donor', donorInput({ location: at(0) }));
      const stream = await openEventStream(`${b}/api/events`, donor.cookie);
      await new Promise((r) => setTimeout(r, 500));
      // B loses the database (its listener with it); a donation on A commits meanwhile, and
      // its NOTIFY never reaches B.
      proxy.cut();
      const pkg = await donateThrough(a, donor, 3, at(0));
      await new Promise((r) => setTimeout(r, 1500));
      expect(stream.events).toEqual([]);
      // Back: B's listener reconnects, and the open stream reads what it missed.
      proxy.restore();
      const [caught] = await stream.waitFor(1, 15_000);
      expect(caught?.data).toMatchObject({ pid: pkg._id, message: NOTIFICATION_TEXT.pairedDonor });
      await stream.close();
    } finally {
      await proxy.close();
    }
  }, 150_000);
});

describe.runIf(url)('live events when this process cannot read them in time', () => {
  /** Process B: live events through PostgreSQL, its listener through `listenUrl`. */
  async function processB(listenUrl: string, failFirstLoads = 0) {
    let database: AppDb | null = null;
    let failures = failFirstLoads;
    const live = await createPostgresLiveEvents(listenUrl, createLogger('silent'), {
      load: async (ids) => {
        if (failures-- > 0) throw new Error('timeout exceeded when trying to connect');
        return (await notificationsByIds(database!, ids)).map(toDelivery);
      },
      heartbeatMs: 500,
    });
    const b = await createTestApp({}, { live });
    database = b.database.db;
    return { b, live };
  }

  it('catch up what could not be read (a busy pool), though the listener never dropped', async () => {
    const { b, live } = await processB(url!, 1);
    const a = await createTestApp();
    try {
      await forgetArea(a.database.db, 'fanOutBusy');
      const at = testArea('fanOutBusy');
      const donor = await createDonor(a, { location: at(0) });
      const distributor = await createDistributor(a, { location: at(2) });
      // Paired with each donation at once, so the donor hears of each (decision 035).
      await withLongRecord(a, [distributor.profile.id]);
      // Told before the page opened its stream: the page has it, and a catch-up's look back
      // (for transactions that committed late) never sends it again as new.
      const before = await donate(a, donor, { quantity: 2, location: at(0) });
      await donate(a, donor, { quantity: 2, location: at(0) });
      const stream = await openEventStream(`${b.baseUrl}/api/events`, donor.cookie);
      await new Promise((r) => setTimeout(r, 300));
      // Through A: B hears the commit, fails to read it once, and catches up.
      const pkg = await donate(a, donor, { quantity: 2, location: at(0) });
      const [caught] = await stream.waitFor(1, 10_000);
      expect(caught?.data.pid).toBe(pkg._id);
      await new Promise((r) => setTimeout(r, 500));
      expect(stream.events.map((e) => e.data.pid)).not.toContain(before._id);
      expect(stream.events).toHaveLength(1);
      await stream.close();
    } finally {
      await a.close();
      await b.close();
      await live.close();
    }
  }, 60_000);

  it('catch up from where a stream stood when the gap began, however far its own events moved it', async () => {
    const { proxy, url: viaProxy } = await proxyDatabase(url!);
    const { b, live } = await processB(viaProxy);
    const a = await createTestApp();
    try {
      await forgetArea(a.database.db, 'fanOutLongGap');
      const at = testArea('fanOutLongGap');
      const donor = await createDonor(a, { location: at(0) });
      const distributor = await createDistributor(a, { location: at(2), maxCapacity: 1000 });
      // Paired with each donation at once, so the donor hears of each (decision 035).
      await withLongRecord(a, [distributor.profile.id]);
      const stream = await openEventStream(`${b.baseUrl}/api/events`, donor.cookie);
      await new Promise((r) => setTimeout(r, 300));
      // B stops hearing other processes (its listener only: its pool still works).
      proxy.cut();
      await new Promise((r) => setTimeout(r, 1500));
      const missed = await donate(a, donor, { quantity: 2, location: at(0) });
      // As after a long outage: written longer ago than the late-commit window reaches.
      await a.database.db.execute(
        sql`update notifications set created_at = now() - interval '5 minutes'
            where package_id = ${missed._id}`,
      );
      // A later event of B's own moves the stream past it.
      const own = await donate(b, donor, { quantity: 3, location: at(0) });
      await stream.waitFor(1, 5000);
      expect(stream.events.map((e) => e.data.pid)).toEqual([own._id]);
      proxy.restore();
      const all = await stream.waitFor(2, 15_000);
      expect(all.map((e) => e.data.pid)).toContain(missed._id);
      await stream.close();
    } finally {
      await a.close();
      await b.close();
      await live.close();
      await proxy.close();
    }
  }, 60_000);
});
