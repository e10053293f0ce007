import http from 'node:http';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../db/client';
import { forgetArea, testArea } from '../test/areas';
import { distributorInput, donorInput } from '../test/factories';
import { loadTestGazetteer } from '../test/gazetteer';
import { startNginx, type Nginx } from '../test/nginx';
import { donateThrough, type OverHttp, registerOverHttp } from '../test/over-http';
import { freePort } from '../test/ports';
import {
  type ServerProcess,
  startServerProcess,
  stopServerProcesses,
} from '../test/server-process';
import { openEventStream } from '../test/sse';
import { openOwnTestDatabase } from '../test/test-app';

/**
 * Two server processes on one PostgreSQL database behind Debian's nginx, running the
 * configuration operators are given (ops/nginx/almquest.conf): what one process does reaches
 * people connected to the other, deadlines are acted on once, rate limits count across both,
 * and a rolling restart loses nothing it answered.
 */
const server = process.env.TEST_DATABASE_URL;

/** Rate limits at a tenth of production's strictness: still exact, but no test reaches one by chance. */
const MULTIPLIER = 10;
const REGISTRATION_LIMIT = 20 * MULTIPLIER;

describe.runIf(server)('two server processes behind nginx', () => {
  let database: Database;
  let url: string;
  let drop: (() => Promise<void>) | undefined;
  let nginx: Nginx;
  let ports: [number, number];
  let env: Record<string, string>;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    // A database of its own: the processes sweep deadlines ten times a second, and on the
    // shared one they would act on other test files' packages under those files' feet.
    const own = await openOwnTestDatabase();
    ({ database, drop } = own);
    url = own.url!;
    await loadTestGazetteer(database.db);
    await forgetArea(database.db, 'severalProcesses');
    ports = [await freePort(), await freePort()];
    // The processes first (they are told nginx's address), then nginx in front of them.
    const nginxPort = await freePort();
    env = {
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      TRUST_PROXY: '1',
      RATE_LIMIT_MULTIPLIER: String(MULTIPLIER),
      // Both sweep ten times a second: they meet on the same deadlines.
      DEADLINE_SWEEP_SECONDS: '0.1',
    };
    processes.push(...(await Promise.all(ports.map((port) => startServerProcess(url, env, port)))));
    nginx = await startNginx(
      ports.map((p) => `127.0.0.1:${p}`),
      nginxPort,
    );
  }, 120_000);
  afterAll(async () => {
    await stopServerProcesses();
    await nginx?.stop();
    await drop?.();
  });

  /** A request through nginx, as a browser sends it: which process answered is in X-Upstream. */
  const send = (who: { cookie: string } | null, path: string, method = 'GET', body?: object) =>
    fetch(`${nginx.baseUrl}${path}`, {
      method,
      headers: {
        ...(who ? { Cookie: who.cookie } : {}),
        Origin: nginx.baseUrl,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const upstreamOf = (res: { headers: Headers }) => res.headers.get('x-upstream') ?? '';
  /**
   * `send` on a connection of its own, closed after the answer: nginx reloading closes the idle
   * connections clients keep to it, and a client sending on one just then gets no answer (a
   * browser sends such a request again; fetch here does not). What this test is about is nginx
   * and the processes behind it, which always keep their connections between them.
   */
  const sendOnce = (who: { cookie: string }, path: string, method = 'GET', body?: object) =>
    new Promise<{ status: number; upstream: string; json: unknown }>((resolve, reject) => {
      const text = body ? JSON.stringify(body) : '';
      const req = http.request(`${nginx.baseUrl}${path}`, {
        method,
        agent: new http.Agent({ keepAlive: false }),
        headers: {
          Cookie: who.cookie,
          Origin: nginx.baseUrl,
          ...(body
            ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) }
            : {}),
        },
      });
      req.on('response', (res) => {
        let said = '';
        res.on('data', (c: Buffer) => (said += c.toString()));
        res.on('end', () => {
          let json: unknown = null;
          try {
            json = JSON.parse(said);
          } catch {
            // not JSON: nginx's own error page
          }
          resolve({
            status: res.statusCode ?? 0,
            upstream: String(res.headers['x-upstream'] ?? ''),
            json,
          });
        });
      });
      req.on('error', reject);
      req.end(text);
    });
  const both = () => ports.map((p) => `127.0.0.1:${p}`).sort();

  const register = (kind: 'donor' | 'distributor', body: object) =>
    registerOverHttp(nginx.baseUrl, kind, body);
  async function withRecord(who: OverHttp, collected = 1000) {
    await database.db.execute(
      sql`update distributors set pickups_collected = ${collected} where user_id = ${who.id}`,
    );
  }

  it('brings an event made through one process to a browser connected to the other', async () => {
    const at = testArea('severalProcesses', 0);
    const donor = await register('donor', donorInput({ location: at(0) }));
    const distributor = await register('distributor', distributorInput({ location: at(2) }));
    await withRecord(distributor);

    // The donor's two tabs, their streams held open through nginx: one on each process.
    const streams: Awaited<ReturnType<typeof openEventStream>>[] = [];
    for (let tries = 0; tries < 10 && new Set(streams.map(upstreamOf)).size < 2; tries++) {
      const stream = await openEventStream(`${nginx.baseUrl}/api/events`, donor.cookie);
      expect(stream.status).toBe(200);
      if (streams.some((s) => upstreamOf(s) === upstreamOf(stream))) await stream.close();
      else streams.push(stream);
    }
    try {
      expect(streams.map(upstreamOf).sort()).toEqual(both());
      const pkg = await donateThrough(nginx.baseUrl, donor, 6, at(0));
      expect(pkg.current_state).toBe('Paired');
      for (const stream of streams) {
        const [paired] = await stream.waitFor(1, 10_000);
        expect(paired?.data).toMatchObject({ pid: pkg._id, state: 'Paired' });
      }
      const [row] = await queryRows<{ code: string }>(
        database.db,
        sql`select handover_code as code from packages where id = ${pkg._id}`,
      );
      const received = await send(distributor, '/api/distributor/togglePackage', 'POST', {
        donor_id: donor.id,
        distributor_id: distributor.id,
        packageId: pkg._id,
        state: 'Received',
        code: row!.code,
      });
      expect(received.status).toBe(200);
      // Whichever process marked it, both tabs hear it, one of them from the other process.
      for (const stream of streams) {
        const events = await stream.waitFor(2, 10_000);
        expect(events[1]?.data).toMatchObject({ pid: pkg._id, state: 'Received' });
      }
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
  }, 60_000);

  it('acts on each passed deadline once, though both processes sweep at the same moment', async () => {
    const at = testArea('severalProcesses', 1);
    const donor = await register('donor', donorInput({ location: at(0) }));
    const near = await register(
      'distributor',
      distributorInput({ location: at(2), maxCapacity: 500 }),
    );
    const far = await register(
      'distributor',
      distributorInput({ location: at(5), maxCapacity: 500 }),
    );
    // Both answer each offer themselves: every package is offered, and waits for an answer.
    for (const who of [near, far]) {
      const res = await send(who, `/api/distributor/update/${who.id}`, 'PATCH', {
        autoAccept: false,
      });
      expect(res.status).toBe(200);
    }
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await donateThrough(nginx.baseUrl, donor, 10, at(0)))._id);
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const states = async () =>
      queryRows<{ id: string; state: string; holder: string | null }>(
        database.db,
        sql`select id, state, distributor_id as holder from packages where id in (${idList})`,
      );
    expect((await states()).map((p) => [p.state, p.holder])).toEqual(
      ids.map(() => ['Offered', near.id]),
    );

    const until = async (done: (rows: Awaited<ReturnType<typeof states>>) => boolean) => {
      for (let tries = 0; tries < 100; tries++) {
        if (done(await states())) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`not done in 10 s: ${JSON.stringify(await states())}`);
    };
    // Every offer's time runs out at once: each lapses once and goes to the next distributor once.
    await database.db.execute(
      sql`update packages set offer_expires_at = now() where id in (${idList})`,
    );
    await until((rows) => rows.every((p) => p.state === 'Offered' && p.holder === far.id));
    // Then every pick-up time: each package expires once.
    await database.db.execute(sql`update packages set ready_until = now() where id in (${idList})`);
    await until((rows) => rows.every((p) => p.state === 'Expired'));
    // Two more sweeps of each process, for anything done twice to show.
    await new Promise((r) => setTimeout(r, 300));

    const events = await queryRows<{ kind: string; n: number }>(
      database.db,
      sql`select kind, count(*)::int as n from package_events where package_id in (${idList})
           group by kind order by kind`,
    );
    expect(events).toEqual([
      { kind: 'created', n: 6 },
      { kind: 'expired', n: 6 },
      { kind: 'lapsed', n: 6 },
      { kind: 'offered', n: 12 },
    ]);
    // Nobody is told the same thing about the same package twice.
    const repeated = await queryRows(
      database.db,
      sql`select user_id, package_id, kind, count(*)::int as n from notifications
           where package_id in (${idList}) group by 1, 2, 3 having count(*) > 1`,
    );
    expect(repeated).toEqual([]);
    const told = await queryRows<{ kind: string; n: number }>(
      database.db,
      sql`select kind, count(*)::int as n from notifications
           where package_id in (${idList}) and kind in ('offered', 'offerLapsed', 'expiredDonor')
           group by kind order by kind`,
    );
    expect(told).toEqual([
      { kind: 'expiredDonor', n: 6 },
      { kind: 'offerLapsed', n: 6 },
      { kind: 'offered', n: 12 },
    ]);
    // The distributors' loads are what they hold: nothing, all expired.
    const loads = await queryRows<{ load: number }>(
      database.db,
      sql`select open_load as load from distributors where user_id in (${near.id}::uuid, ${far.id}::uuid)`,
    );
    expect(loads).toEqual([{ load: 0 }, { load: 0 }]);
  }, 60_000);

  it('keeps a rate limit across both processes, exactly, under concurrent requests', async () => {
    const at = testArea('severalProcesses', 2);
    const person = await registerOverHttp(nginx.baseUrl, 'donor', donorInput({ location: at(0) }));
    const statuses: { status: number; upstream: string }[] = [];
    const attempts = REGISTRATION_LIMIT + 30;
    // Invalid on purpose (each attempt counts, nothing is made), ten at a time.
    for (let sent = 0; sent < attempts; sent += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, attempts - sent) }, () =>
          send(person, '/api/distributor/register', 'POST', { ...distributorInput(), phone: '1' }),
        ),
      );
      for (const res of batch) {
        statuses.push({ status: res.status, upstream: upstreamOf(res) });
        await res.arrayBuffer();
      }
    }
    const refused = statuses.filter((s) => s.status === 429);
    const counted = statuses.filter((s) => s.status === 400);
    // The person's own registration counted too: one fewer attempt is let through.
    expect(counted).toHaveLength(REGISTRATION_LIMIT - 1);
    expect(refused).toHaveLength(31);
    // Both processes counted, and both refused.
    expect([...new Set(counted.map((s) => s.upstream))].sort()).toEqual(both());
    expect([...new Set(refused.map((s) => s.upstream))].sort()).toEqual(both());
  }, 60_000);

  it('passes a 503 of both processes back as it is, and keeps both in service', async () => {
    // The place list locked for longer than a request waits for a lock (3 s): both processes
    // answer a search 503. Counted as failures, those took both out of nginx for fail_timeout,
    // and every other request then got 502 for 5 s.
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table places in access exclusive mode');
      const searches = await Promise.all(
        [0, 1].map((i) =>
          send(null, `/api/places?q=${encodeURIComponent(`Lockpur ${i} ${Date.now()}`)}`),
        ),
      );
      expect(searches.map((r) => r.status)).toEqual([503, 503]);
      expect(searches.every((r) => r.headers.get('retry-after'))).toBe(true);
      await locker.query('rollback');
    } finally {
      await locker.end();
    }
    // Metrics are not on nginx's address at all (each process's own port serves them).
    expect((await send(null, '/metrics')).status).toBe(404);
    const after = await Promise.all([0, 1, 2, 3].map(() => send(null, '/api/impact')));
    expect(after.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect([...new Set(after.map(upstreamOf))].sort()).toEqual(both());
  }, 60_000);

  it('loses no answered request while each process in turn is stopped and started again', async () => {
    const at = testArea('severalProcesses', 3);
    // Enough at once that nginx keeps several idle connections to each process: a process
    // closing one of them as nginx sends on it fails a donation (a POST nginx does not retry).
    const donors = await Promise.all(
      Array.from({ length: 8 }, () => register('donor', donorInput({ location: at(0) }))),
    );
    const answers: { what: string; status: number; upstream: string; id?: string; at: number }[] =
      [];
    let isLoading = true;
    const worker = async (donor: OverHttp) => {
      while (isLoading) {
        const res = await sendOnce(donor, '/api/donor/donate', 'POST', {
          donor_id: donor.id,
          quantity: 3,
          travelCapacity: 8,
          location: at(0),
        }).catch(() => null);
        const made = (res?.json ?? {}) as { package?: { _id: string } };
        answers.push({
          what: 'donate',
          status: res?.status ?? 0,
          upstream: res ? res.upstream : 'no answer',
          ...(made.package ? { id: made.package._id } : {}),
          at: Date.now(),
        });
        const me = await sendOnce(donor, '/api/me').catch(() => null);
        answers.push({
          what: 'me',
          status: me?.status ?? 0,
          upstream: me ? me.upstream : 'no answer',
          at: Date.now(),
        });
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const load = Promise.all(donors.map(worker));
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    try {
      // As the README says: out of nginx's rotation first, then stopped, started, and put back.
      for (const index of [0, 1]) {
        await pause(1000);
        await nginx.setDown(`127.0.0.1:${ports[index]}`);
        await processes[index]!.stop();
        await pause(500);
        processes[index] = await startServerProcess(url, env, ports[index]);
        await nginx.setDown(null);
      }
      await pause(1500);
    } finally {
      isLoading = false;
      await load;
    }

    const failed = answers.filter((a) => a.status < 200 || a.status >= 300);
    expect(failed, nginx.errorLog()).toEqual([]);
    // Both processes served before, during and after.
    expect([...new Set(answers.slice(-16).map((a) => a.upstream))].sort()).toEqual(both());
    const made = answers.flatMap((a) => (a.status === 201 && a.id ? [a.id] : []));
    expect(made.length).toBeGreaterThan(20);
    const [found] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from packages where id in (${sql.join(
        made.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    expect(found!.n).toBe(made.length);
  }, 180_000);
});
