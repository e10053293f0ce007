import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { DATABASE_LIMITS, openDatabase, queryRows } from '../db/client';
import { listenWithReconnect } from '../db/listener';
import { createLogger } from '../logger';
import { createRematcher } from '../matching/rematch';
import { createDeadlineSweeper } from './packages/lifecycle/deadlines';
import { createNotifier } from './notifications/notifier';
import { createLocalLiveEvents } from '../realtime/live-events';
import {
  createDistributor,
  createDonor,
  donate,
  donationInput,
  withLongRecord,
} from '../test/factories';
import { forgetArea, testArea } from '../test/areas';
import { startServerProcess, stopServerProcesses } from '../test/server-process';
import { openEventStream } from '../test/sse';
import { proxyDatabase } from '../test/tcp-proxy';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * A database that stops answering without closing anything (a dropped NAT entry, a hung server,
 * a frozen VM): a proxy that keeps every socket open and forwards nothing.
 */
const url = process.env.TEST_DATABASE_URL;
const contexts: TestContext[] = [];
afterAll(async () => {
  await stopServerProcesses();
  for (const ctx of contexts) await ctx.close();
});

/** Every route must have answered within this long while the database was silent. */
const ANSWER_WITHIN_MS = 5000;

const at = testArea('silence');

async function until(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not within ${withinMs} ms`);
}

describe.runIf(url)('a database that goes silent (PostgreSQL)', () => {
  it('answers every route within 5 s, heals without a restart, and stops on SIGTERM while silent', async () => {
    const setup = await createTestApp();
    contexts.push(setup);
    await forgetArea(setup.database.db, 'silence');
    const donor = await createDonor(setup, { location: at(0) });
    const distributor = await createDistributor(setup, { location: at(1), maxCapacity: 100_000 });
    // Paired with every donation at once, however many it holds (decision 035).
    await withLongRecord(setup, [distributor.profile.id]);
    const pkg = await donate(setup, donor, { quantity: 2 });

    const { proxy, url: viaProxy } = await proxyDatabase(url!);
    try {
      const { baseUrl: base, child } = await startServerProcess(viaProxy);
      const call = async (method: 'GET' | 'POST', path: string, cookie?: string, body?: object) => {
        const started = Date.now();
        const res = await fetch(`${base}${path}`, {
          method,
          headers: {
            ...(cookie ? { Cookie: cookie } : {}),
            ...(body ? { 'Content-Type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
          signal: AbortSignal.timeout(20_000),
        }).catch(() => null);
        return {
          path,
          status: res?.status ?? 0,
          retryAfter: res?.headers.get('retry-after') ?? null,
          ms: Date.now() - started,
        };
      };
      const donation = () =>
        call('POST', '/api/donor/donate', donor.cookie, donationInput(donor, { quantity: 1 }));
      expect((await call('GET', `/api/package/${pkg._id}`, donor.cookie)).status).toBe(200);
      // The development sign-in, set up before the silence (its keys are read from the database).
      expect((await call('GET', '/dev-idp/.well-known/openid-configuration')).status).toBe(200);
      const signInStart = `/dev-idp/auth?${new URLSearchParams({
        client_id: 'almquest-dev',
        response_type: 'code',
        scope: 'openid email profile',
        redirect_uri: `${base}/api/auth/callback`,
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        state: 'state-1',
        nonce: 'nonce-1',
      })}`;
      // Its token endpoint, asked as the app's callback asks it (the client's own secret).
      const [keys] = await queryRows<{ value: string }>(
        setup.database.db,
        sql`select value from app_state where key = 'dev_idp_keys'`,
      );
      const secret = (JSON.parse(keys!.value) as { clientSecret: string }).clientSecret;
      const tokenRequest = async () => {
        const started = Date.now();
        const res = await fetch(`${base}/dev-idp/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: 'a-code-that-was-never-given',
            client_id: 'almquest-dev',
            client_secret: secret,
            code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
            redirect_uri: `${base}/api/auth/callback`,
          }),
          signal: AbortSignal.timeout(20_000),
        }).catch(() => null);
        return {
          path: '/dev-idp/token',
          status: res?.status ?? 0,
          retryAfter: res?.headers.get('retry-after') ?? null,
          ms: Date.now() - started,
        };
      };
      const stream = await openEventStream(`${base}/api/events`, distributor.cookie);

      // The stream has read where it starts (a query) before the silence.
      await new Promise((r) => setTimeout(r, 500));
      expect(stream.isClosed()).toBe(false);
      proxy.freeze();
      // Past the session cache's three missed beats, so signed-in reads need the database too.
      await new Promise((r) => setTimeout(r, 7000));
      const silent = await Promise.all([
        call('GET', '/api/health'),
        call('GET', `/api/package/${pkg._id}`, donor.cookie),
        call('GET', '/api/impact'),
        call('GET', '/api/places?q=Kolka'),
        call('GET', '/api/me', donor.cookie),
        call('GET', `/api/donor/${donor.profile.id}/getNotifs`, donor.cookie),
        call('GET', signInStart),
        tokenRequest(),
        donation(),
      ]);
      for (const answer of silent) {
        expect(answer.ms, answer.path).toBeLessThan(ANSWER_WITHIN_MS);
        // Answered from memory (200), or honestly unavailable; never a 500 or no answer.
        expect([200, 503], answer.path).toContain(answer.status);
        if (answer.status === 503) expect(answer.retryAfter, answer.path).not.toBeNull();
      }
      expect(silent.find((a) => a.path === '/api/health')!.status).toBe(503);
      expect(silent.find((a) => a.path === '/api/donor/donate')!.status).toBe(503);

      // The database answers again: within 10 s everything works, without a restart.
      proxy.thaw();
      await until(async () => (await call('GET', '/api/health')).status === 200, 10_000);
      const after = await donation();
      expect(after.status).toBe(201);
      // The live-event listener came back too: the distributor hears of the new package.
      const heard = await stream.waitFor(1, 10_000);
      expect(heard.map((e) => e.data.state)).toContain('Paired');
      await stream.close();

      // Silent again, with a request in flight: SIGTERM still ends the process in time.
      proxy.freeze();
      const inFlight = donation();
      await new Promise((r) => setTimeout(r, 300));
      const signalled = Date.now();
      const exited = new Promise<number>((resolve) =>
        child.once('exit', () => resolve(Date.now() - signalled)),
      );
      child.kill('SIGTERM');
      expect(await exited).toBeLessThan(12_000);
      expect([0, 503]).toContain((await inFlight).status);
    } finally {
      await proxy.close();
    }
  }, 120_000);

  it('gives up on a silent transaction, plain query, listener and sweep, and works again after', async () => {
    const { proxy, url: viaProxy } = await proxyDatabase(url!);
    const database = await openDatabase({ kind: 'postgres', url: viaProxy, maxConnections: 3 });
    const states: boolean[] = [];
    const listener = listenWithReconnect(viaProxy, 'almquest_silence_test', {
      heartbeatMs: 1000,
      onMessage: () => undefined,
      onState: (isListening) => states.push(isListening),
    });
    const logger = createLogger('silent');
    const notifier = createNotifier(createLocalLiveEvents());
    const settings = loadConfig({ NODE_ENV: 'test' }).matching;
    const sweeper = createDeadlineSweeper({
      db: database.db,
      notifier,
      rematcher: createRematcher(database.db, notifier, logger, settings),
      settings,
      coordinatorEmails: new Set(),
      logger,
    });
    try {
      await listener.firstConnection;
      await database.ping();
      proxy.freeze();
      const timed = async (work: () => Promise<unknown>) => {
        const started = Date.now();
        const outcome = await work().then(
          () => 'answered',
          (error: Error) => error.message,
        );
        return { outcome, ms: Date.now() - started };
      };
      const [transaction, plain, sweep] = await Promise.all([
        timed(() => database.db.transaction(async (tx) => tx.execute(sql`select 1`))),
        timed(() => queryRows(database.db, sql`select 1`)),
        timed(() => sweeper.runOnce()),
      ]);
      for (const result of [transaction, plain, sweep]) {
        expect(result.outcome).not.toBe('answered');
        expect(result.ms).toBeLessThan(DATABASE_LIMITS.request.answerMs + 1000);
      }
      // The listener noticed that it is not heard.
      await until(async () => states.includes(false), 5000);

      proxy.thaw();
      // Everything answers again on the same handles: no slot was left holding a dead socket.
      await until(async () => {
        await Promise.all(
          Array.from({ length: 3 }, () =>
            database.db.transaction(async (tx) => tx.execute(sql`select 1`)),
          ),
        );
        return true;
      }, 10_000);
      await sweeper.runOnce();
      await until(async () => states[states.length - 1] === true, 10_000);
    } finally {
      await listener.close();
      await database.close();
      await proxy.close();
    }
  }, 60_000);
});
