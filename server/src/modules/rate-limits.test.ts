import { PRIVACY_NOTICE_VERSION } from '@almquest/contracts/privacy';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { users } from '../db/schema';
import { clientAddressKey } from '../middleware/rate-limit';
import { createSession } from '../db/sessions';
import { presentProfile } from './users/users.presenter';
import { registerDonor } from './users/users.service';
import {
  donationInput,
  donorInput,
  type Registered,
  uniqueClientIp,
  uniqueEmail,
} from '../test/factories';
import { testArea } from '../test/areas';
import { startServerProcess, stopServerProcesses } from '../test/server-process';
import { CookieJar, signIn } from '../test/session';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * The limits as configured for production (multiplier 1), behind one reverse proxy
 * (TRUST_PROXY=1): the proxy appends the address it saw to X-Forwarded-For, and only that last
 * entry is believed.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1', TRUST_PROXY: '1' });
});
afterAll(async () => {
  await stopServerProcesses();
  await ctx.close();
});

/** What one proxy in front sends on: whatever the client claimed, then the client's address. */
const viaProxy = (claimed: string, client: string) => `${claimed}, ${client}`;

describe('rate limits', () => {
  it('limits one person to 20 registration attempts in 10 minutes, whatever address they claim', async () => {
    const session = await signIn(ctx, uniqueEmail('limited'));
    const client = uniqueClientIp();
    for (let i = 0; i < 20; i++) {
      // Invalid on purpose: the attempt counts, nothing is created. The left-most address is
      // the client's own invention, a new one each time: it must not buy a fresh limit.
      await request(ctx.app)
        .post('/api/donor/register')
        .set('Cookie', session.cookie)
        .set('X-Forwarded-For', viaProxy(`203.0.113.${i}`, client))
        .send({ ...donorInput(), phone: '1' })
        .expect(400);
    }
    const res = await request(ctx.app)
      .post('/api/donor/register')
      .set('Cookie', session.cookie)
      .set('X-Forwarded-For', viaProxy('203.0.113.250', client))
      .send(donorInput())
      .expect(429);
    expect(res.body.error.code).toBe('rate_limited');
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('counts registration attempts per signed-in person, never a visitor without a session', async () => {
    const client = uniqueClientIp();
    for (let i = 0; i < 25; i++) {
      await request(ctx.app)
        .post('/api/donor/register')
        .set('X-Forwarded-For', viaProxy('203.0.113.5', client))
        .send(donorInput())
        .expect(401);
    }
    // Someone signing in behind the same address still has every attempt.
    const session = await signIn(ctx, uniqueEmail('same-address'));
    await request(ctx.app)
      .post('/api/donor/register')
      .set('Cookie', session.cookie)
      .set('X-Forwarded-For', viaProxy('203.0.113.5', client))
      .send(donorInput())
      .expect(201);
  });

  it('limits one donor to 30 donations in 10 minutes', async () => {
    const strictDonor = await createDonorOutsideLimit();
    for (let i = 0; i < 30; i++) {
      await request(ctx.app)
        .post('/api/donor/donate')
        .set('Cookie', strictDonor.cookie)
        .send(
          donationInput(strictDonor, {
            location: testArea('rateLimits')(0),
          }),
        )
        .expect(201);
    }
    const res = await request(ctx.app)
      .post('/api/donor/donate')
      .set('Cookie', strictDonor.cookie)
      .send(donationInput(strictDonor))
      .expect(429);
    expect(res.body.error.message).toContain('wait a few minutes');
    // Refused again and again: answered from the stored count, with no write (a flood of
    // refused requests used to add a row version each, for the vacuum to clear).
    const version = async () =>
      (
        await queryRows<{ xmin: string; hits: number }>(
          ctx.database.db,
          // This test app's own buckets (other files share the database).
          sql`select xmin::text as xmin, hits from rate_limit_hits
               where starts_with(bucket, ${`${ctx.config.rateLimitScope}donation:`})
                 and hits > 30`,
        )
      )[0];
    const before = await version();
    expect(before?.hits).toBe(31);
    for (let i = 0; i < 5; i++) {
      const again = await request(ctx.app)
        .post('/api/donor/donate')
        .set('Cookie', strictDonor.cookie)
        .send(donationInput(strictDonor))
        .expect(429);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
      expect(again.headers['ratelimit-remaining']).toBe('0');
    }
    expect(await version()).toEqual(before);
  });
});

describe('who a client address counts as', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7', undefined],
    ['203.0.113.7:51234', '203.0.113.7', undefined],
    ['::ffff:203.0.113.7', '203.0.113.7', undefined],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64', '2001:db8:1::/48'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64', '2001:db8:1::/48'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64', '2001:db8:1::/48'],
    ['[2001:db8:1:2::9]', '2001:db8:1:2::/64', '2001:db8:1::/48'],
    ['[2001:db8:1:2::9]:443', '2001:db8:1:2::/64', '2001:db8:1::/48'],
    ['2001:db8::1', '2001:db8:0:0::/64', '2001:db8:0::/48'],
    ['2001:DB8:0:0:1::1', '2001:db8:0:0::/64', '2001:db8:0::/48'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64', 'fe80:0:0::/48'],
    ['::1', '0:0:0:0::/64', '0:0:0::/48'],
    [undefined, 'unknown', undefined],
  ])('counts %s as %s within %s', (ip, key, network) => {
    expect(clientAddressKey(ip)).toEqual(network ? { key, network } : { key });
  });

  it('holds one IPv6 /64 to one limit however its addresses rotate', async () => {
    const net = `2001:db8:${(Math.random() * 0xffff) | 0}:${process.pid & 0xffff}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await request(ctx.app)
        .post('/api/contact')
        .set('X-Forwarded-For', viaProxy('203.0.113.9', `${net}:${i}::${i + 1}`))
        .send({ name: 'Kavya', email: 'kavya@example.org', message: `v6 ${i}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('holds one IPv6 /48 to a limit of its own however its /64s rotate', async () => {
    // The contact limit is 5 per sender; a /48 may send 16 times that, then no /64 in it may.
    const net = `2001:db9:${((Math.random() * 0xffff) | 0).toString(16)}`;
    const send = (i: number) =>
      request(ctx.app)
        .post('/api/contact')
        .set('X-Forwarded-For', viaProxy('203.0.113.9', `${net}:${i}::1`))
        .send({ name: 'Kavya', email: 'kavya@example.org', message: `net ${i}` });
    for (let i = 0; i < 80; i++) expect((await send(i)).status).toBe(202);
    const refused = await send(80);
    expect(refused.status).toBe(429);
    expect(refused.body.error.key).toBe('messagesTooMany');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A /64 over its own limit does not spend its neighbours' allowance: a request it is refused
    // leaves the /48's count alone.
    const blockedNet = `2001:dbb:${((Math.random() * 0xffff) | 0).toString(16)}`;
    const fromBlocked = (i: number) =>
      request(ctx.app)
        .post('/api/contact')
        .set('X-Forwarded-For', viaProxy('203.0.113.9', `${blockedNet}:1::${i + 1}`))
        .send({ name: 'Kavya', email: 'kavya@example.org', message: `blocked ${i}` });
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await fromBlocked(i)).status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    const neighbour = await request(ctx.app)
      .post('/api/contact')
      .set('X-Forwarded-For', viaProxy('203.0.113.9', `${blockedNet}:2::1`))
      .send({ name: 'Kavya', email: 'kavya@example.org', message: 'neighbour' });
    expect(neighbour.status).toBe(202);
    const elsewhere = await request(ctx.app)
      .post('/api/contact')
      .set('X-Forwarded-For', viaProxy('203.0.113.9', `2001:dba:${net.split(':')[2]}:1::1`))
      .send({ name: 'Kavya', email: 'kavya@example.org', message: 'other network' });
    expect(elsewhere.status).toBe(202);
  });
});

describe('place search limit', () => {
  it('answers 429 after 120 searches a minute from one address, and counts only that address', async () => {
    const client = uniqueClientIp();
    const search = (from: string) =>
      request(ctx.app)
        .get('/api/places/reverse?lat=26.85&lng=80.95')
        .set('X-Forwarded-For', viaProxy('203.0.113.1', from));
    for (let i = 0; i < 120; i++) expect((await search(client)).status).toBe(200);
    const refused = await search(client);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toContain('place searches');
    // Its words, for a reader of Hindi or Bengali (limits.ts names them for every limit).
    expect(refused.body.error.key).toBe('placeSearchesTooMany');
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await search(uniqueClientIp())).status).toBe(200);
  });
});

describe('rate limits across server processes', () => {
  // PGlite belongs to one process; two processes share only a PostgreSQL server.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'counts one sender against one limit whichever process answers',
    async () => {
      const env = { RATE_LIMIT_MULTIPLIER: '1', TRUST_PROXY: '1' };
      const url = process.env.TEST_DATABASE_URL!;
      const [a, b] = await Promise.all([
        startServerProcess(url, env),
        startServerProcess(url, env),
      ]);
      const client = uniqueClientIp();
      const send = (baseUrl: string, i: number) =>
        fetch(`${baseUrl}/api/contact`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Forwarded-For': viaProxy(`203.0.113.${i}`, client),
          },
          body: JSON.stringify({ name: 'Kavya', email: 'kavya@example.org', message: `m${i}` }),
        });
      const statuses: number[] = [];
      // The contact limit is 5 in 10 minutes: three through each process make six.
      for (let i = 0; i < 6; i++)
        statuses.push((await send(i % 2 ? b!.baseUrl : a!.baseUrl, i)).status);
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    },
    150_000,
  );
});

/** A donor made through the services, so the registration limit above does not bite. */
async function createDonorOutsideLimit(): Promise<Registered> {
  const email = uniqueEmail('limited-donor');
  const [row] = await ctx.database.db
    .insert(users)
    .values({ email, name: 'Limited Donor' })
    .returning();
  const location = testArea('rateLimits')(0);
  const rows = await registerDonor(ctx.database.db, row!.id, {
    name: 'Limited Donor',
    phone: '9876543210',
    location,
    donorType: 'Individual',
    distanceRange: 5,
    consent: { notice: PRIVACY_NOTICE_VERSION, isAdult: true },
  });
  const token = await createSession(ctx.database.db, row!.id, 3_600_000);
  return {
    jar: new CookieJar(),
    cookie: `aq_session=${token}`,
    user: {
      id: row!.id,
      name: 'Limited Donor',
      email,
      picture: null,
      isRegistered: true,
      userType: 'donor',
      locale: null,
      privacyNotice: PRIVACY_NOTICE_VERSION,
    },
    landedOn: '',
    profile: presentProfile(rows, { byRecord: true }),
  };
}
