import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorInput, uniqueEmail } from '../test/factories';
import { startLaggingPair, stopServerProcesses } from '../test/server-process';
import type { TcpProxy } from '../test/tcp-proxy';
import { signIn, type SignedIn } from '../test/session';
import { createTestApp, type TestContext } from '../test/test-app';
import { type ChangeFeed, createSessionCache } from './session-cache';

/**
 * A signed-in read costs no query for its session (each process keeps the sessions it
 * has checked), yet an ended session, a suspended or deleted person, or a changed profile is
 * never served from memory once the request that changed it has answered, in any process.
 */

async function me(baseUrl: string, cookie: string) {
  return fetch(`${baseUrl}/api/me`, { headers: { Cookie: cookie } });
}

describe('the session cache in one process', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    // Resolves once this process listens for changes (the cache serves nothing before).
    await ctx.database.sessions.fence();
  });
  afterAll(() => ctx.close());

  it('answers a signed-in read without a session query, and forgets what changed, even by hand', async () => {
    const session = await signIn(ctx, uniqueEmail('cache'), 'Asha');
    expect((await me(ctx.baseUrl, session.cookie)).status).toBe(200);
    const { hits } = ctx.database.sessions.stats;
    const res = await me(ctx.baseUrl, session.cookie);
    expect(((await res.json()) as { name: string }).name).toBe('Asha');
    expect(ctx.database.sessions.stats.hits).toBe(hits + 1);

    // A change made outside the app (psql) reaches the cache through the trigger.
    await ctx.database.db.execute(
      sql`update users set name = 'Asha Rao' where id = ${session.user.id}`,
    );
    await ctx.database.sessions.fence();
    expect(((await (await me(ctx.baseUrl, session.cookie)).json()) as { name: string }).name).toBe(
      'Asha Rao',
    );

    await ctx.database.db.execute(sql`delete from sessions where user_id = ${session.user.id}`);
    await ctx.database.sessions.fence();
    expect((await me(ctx.baseUrl, session.cookie)).status).toBe(401);
  });

  it('does not serve a session that ends after it was cached, through the app', async () => {
    const session = await signIn(ctx, uniqueEmail('cache-out'));
    expect((await me(ctx.baseUrl, session.cookie)).status).toBe(200);
    expect((await me(ctx.baseUrl, session.cookie)).status).toBe(200);
    const out = await fetch(`${ctx.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { Cookie: session.cookie, Origin: ctx.baseUrl },
    });
    expect(out.status).toBe(204);
    expect((await me(ctx.baseUrl, session.cookie)).status).toBe(401);
  });
});

const url = process.env.TEST_DATABASE_URL;
const COORDINATOR = uniqueEmail('cache-coordinator');

describe.runIf(url)('the session cache across server processes', () => {
  let a: string;
  let b: string;
  let proxy: TcpProxy;

  beforeAll(async () => {
    // Only a fence keeps B, which hears the database 300 ms late, from serving an ended session.
    ({ a, b, proxy } = await startLaggingPair(url!, { env: { COORDINATOR_EMAILS: COORDINATOR } }));
  }, 90_000);
  afterAll(async () => {
    await stopServerProcesses();
    await proxy?.close();
  });

  /** Signs in on A and reads on B until B answers from memory (B's queries wait 300 ms). */
  async function cachedOnB(tag: string) {
    const session = await signIn({ baseUrl: a }, uniqueEmail(tag));
    for (let tries = 0; tries < 40; tries++) {
      const started = Date.now();
      expect((await me(b, session.cookie)).status).toBe(200);
      if (Date.now() - started < 150) return session;
    }
    throw new Error('process B never answered a signed-in read from memory');
  }

  async function registerDonorOnA(session: SignedIn) {
    const registered = await fetch(`${a}/api/donor/register`, {
      method: 'POST',
      headers: { Cookie: session.cookie, Origin: a, 'Content-Type': 'application/json' },
      body: JSON.stringify(donorInput({ email: session.user.email })),
    });
    expect(registered.status).toBe(201);
  }

  it('refuses on B a session signed out on A, as soon as A has answered', async () => {
    for (let i = 0; i < 3; i++) {
      const session = await cachedOnB('two-out');
      const out = await fetch(`${a}/api/auth/logout`, {
        method: 'POST',
        headers: { Cookie: session.cookie, Origin: a },
      });
      expect(out.status).toBe(204);
      expect((await me(b, session.cookie)).status).toBe(401);
    }
  }, 60_000);

  it('refuses on B a person suspended on A, and one who deleted their account there', async () => {
    const coordinator = await signIn({ baseUrl: a }, COORDINATOR);
    const suspect = await cachedOnB('two-suspect');
    await registerDonorOnA(suspect);
    // B sees the new role at once (its cached row had none).
    const profile = (await (await me(b, suspect.cookie)).json()) as {
      userType: string;
      id: string;
    };
    expect(profile.userType).toBe('donor');
    expect((await me(b, suspect.cookie)).status).toBe(200);
    const suspended = await fetch(`${a}/api/coordinator/people/${suspect.user.id}/suspend`, {
      method: 'POST',
      headers: { Cookie: coordinator.cookie, Origin: a, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'Testing a suspension across processes' }),
    });
    expect(suspended.status).toBe(200);
    expect((await me(b, suspect.cookie)).status).toBe(401);

    const leaving = await cachedOnB('two-delete');
    await registerDonorOnA(leaving);
    expect((await me(b, leaving.cookie)).status).toBe(200);
    const deleted = await fetch(`${a}/api/donor/${leaving.user.id}`, {
      method: 'DELETE',
      headers: { Cookie: leaving.cookie, Origin: a },
    });
    expect(deleted.status).toBe(204);
    expect((await me(b, leaving.cookie)).status).toBe(401);
  }, 60_000);

  // Last: it leaves B's connections unusable.
  it('stops answering from memory on B once B no longer hears the database, though nobody said so', async () => {
    const session = await cachedOnB('two-silent');
    // Everything between B and the database goes silent; no connection is closed.
    proxy.freeze();
    const frozenAt = Date.now();
    const out = await fetch(`${a}/api/auth/logout`, {
      method: 'POST',
      headers: { Cookie: session.cookie, Origin: a },
    });
    expect(out.status).toBe(204);
    // B misses three of its own beats (2 s apart) and stops trusting its memory: its read now
    // waits for the database (which cannot answer), and never honours the ended session.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, frozenAt + 8000 - Date.now())));
    const late = await fetch(`${b}/api/me`, {
      headers: { Cookie: session.cookie },
      signal: AbortSignal.timeout(3000),
    }).then(
      (res) => res.status,
      () => 'no answer',
    );
    expect(late).not.toBe(200);
    proxy.cut();
  }, 60_000);
});

describe('a fence, among processes that beat', () => {
  /** A pretend process: whether it beats and answers fences, and from when it is listed. */
  type Peer = {
    id: string;
    beats: boolean;
    answers: boolean;
    listedFromMs?: number;
    beatsUntilMs?: number;
  };

  /** One feed as a channel shared by this process and pretend peers, in memory. */
  function feedWith(
    peers: Peer[],
    heartbeatMs: number,
    outage?: { fromMs: number; toMs: number },
  ): ChangeFeed & { stop(): void } {
    let hear: (payload: string) => void = () => undefined;
    let self = '';
    const timers: NodeJS.Timeout[] = [];
    const startedAt = Date.now();
    const listed = () => peers.filter((p) => Date.now() - startedAt >= (p.listedFromMs ?? 0));
    const say = (payload: string) => setTimeout(() => hear(payload), 1);
    return {
      heartbeatMs,
      start(onMessage, onState, listenerId) {
        hear = onMessage;
        self = listenerId;
        setTimeout(() => onState(true), 1);
        if (outage) {
          // This process's own listening connection drops and comes back.
          setTimeout(() => onState(false), outage.fromMs);
          setTimeout(() => onState(true), outage.toMs);
        }
        for (const peer of peers.filter((p) => p.beats)) {
          timers.push(
            setInterval(() => {
              if (Date.now() - startedAt < (peer.beatsUntilMs ?? Infinity)) say(`beat:${peer.id}`);
            }, heartbeatMs),
          );
        }
      },
      async announce(payload) {
        say(payload);
        if (payload.startsWith('fence:')) {
          const nonce = payload.slice('fence:'.length);
          for (const peer of listed().filter((p) => p.answers)) say(`ack:${nonce}:${peer.id}`);
        }
        return [self, ...listed().map((p) => p.id)];
      },
      close: async () => undefined,
      stop: () => timers.forEach(clearInterval),
    };
  }

  /** What a fence made `afterMs` after listening began warns, beats `heartbeatMs` apart. */
  async function fenceAmong(
    peers: Peer[],
    {
      heartbeatMs = 20,
      afterMs = 150,
      outage,
    }: { heartbeatMs?: number; afterMs?: number; outage?: { fromMs: number; toMs: number } } = {},
  ) {
    const warnings: string[] = [];
    const feed = feedWith(peers, heartbeatMs, outage);
    const cache = createSessionCache(feed, {
      fenceTimeoutMs: 300,
      onWarning: (message) => warnings.push(message),
    });
    cache.listen();
    await new Promise((resolve) => setTimeout(resolve, afterMs));
    await cache.fence();
    feed.stop();
    await cache.close();
    // What the fence said: on a busy machine the 20 ms beats can slip long enough for the
    // listener to warn that it hears nothing and reconnect, which is another test's subject.
    return warnings.filter((message) => message.startsWith('session fence'));
  }

  it('waits for every process heard beating lately, and says so when one does not answer', async () => {
    expect(await fenceAmong([{ id: 'b', beats: true, answers: true }])).toEqual([]);
    expect(await fenceAmong([{ id: 'b', beats: true, answers: false }])).toEqual([
      'session fence: 1 of 2 processes did not answer in time',
    ]);
  });

  it('does not wait for a process silent for three beats (paused, or gone without closing)', async () => {
    // Listed from the start, never heard: by 400 ms, far more than three 20 ms beats have
    // passed (150 ms was too close on a loaded machine, where timers run late).
    expect(
      await fenceAmong([{ id: 'gone', beats: false, answers: false }], { afterMs: 400 }),
    ).toEqual([]);
  });

  it('waits for a process that has just begun listening, before its first beat is heard', async () => {
    // This process has listened for 200 ms (five 40 ms beats); the other is listed from then on.
    const started = { id: 'new', beats: false, answers: false, listedFromMs: 200 };
    expect(await fenceAmong([started], { heartbeatMs: 40, afterMs: 210 })).toEqual([
      'session fence: 1 of 2 processes did not answer in time',
    ]);
  });

  it('waits for every process while its own listening has only just come back', async () => {
    // Heard until its listening dropped at 50 ms; back at 200 ms, it could not have heard the
    // other's beats meanwhile, so a fence at 210 ms waits for it.
    const unheard = { id: 'unheard', beats: true, answers: false, beatsUntilMs: 50 };
    const outage = { fromMs: 50, toMs: 200 };
    expect(await fenceAmong([unheard], { heartbeatMs: 40, afterMs: 210, outage })).toEqual([
      'session fence: 1 of 2 processes did not answer in time',
    ]);
  });
});
