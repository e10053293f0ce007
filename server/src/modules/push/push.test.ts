import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { notificationDeliveries, pushSubscriptions } from '../../db/schema';
import { isAllowedEndpoint, retryAfter } from '../../lib/web-push';
import { createLogger } from '../../logger';
import { createOutreach } from '../notifications/outreach';
import { forgetArea, nextPatches } from '../../test/areas';
import {
  donate,
  donorAndAnsweringDistributor,
  firstDelivery,
  type Registered,
  readsIn,
} from '../../test/factories';
import { startPushEndpoint } from '../../test/push-endpoint';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let pushService: Awaited<ReturnType<typeof startPushEndpoint>>;
beforeAll(async () => {
  pushService = await startPushEndpoint();
  // Its own database: another file's app would lease these pushes (and give up on an endpoint
  // it does not know), and this file's clock moved forward would send another file's early.
  ctx = await createTestApp({ PUSH_EXTRA_ORIGINS: pushService.origin }, {}, 'own');
  await forgetArea(ctx.database.db, 'push');
});
afterAll(async () => {
  await ctx.close();
  await pushService.close();
});

const area = nextPatches('push');

const subscribe = (who: Registered, body: object) =>
  request(ctx.app).post('/api/push/subscriptions').set('Cookie', who.cookie).send(body);

async function subscribedDevice(who: Registered) {
  const device = pushService.device();
  const res = await subscribe(who, device.subscription);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return device;
}

/** A donor and a distributor 2 km away who answers offers themselves. */
const pair = () => donorAndAnsweringDistributor(ctx, area());

const pushesTo = (deviceId: string) => pushService.received.filter((p) => p.device === deviceId);

describe('the VAPID key', () => {
  it('is generated once, kept in the database and given to anyone', async () => {
    const first = await request(ctx.app).get('/api/push/public-key').expect(200);
    expect(Buffer.from(first.body.publicKey, 'base64url')).toHaveLength(65);
    // Another process over the same database (a restart too) signs with the same key.
    const other = createOutreach({
      config: ctx.config,
      db: ctx.database.db,
      logger: createLogger('silent'),
    });
    expect((await other.vapid()).publicKey).toBe(first.body.publicKey);
    other.close();
  });
});

describe('subscriptions', () => {
  it('need a signed-in person', async () => {
    const device = pushService.device();
    await request(ctx.app).post('/api/push/subscriptions').send(device.subscription).expect(401);
    await request(ctx.app)
      .delete('/api/push/subscriptions')
      .send({ endpoint: device.subscription.endpoint })
      .expect(401);
  });

  it.each([
    ['endpoint', { endpoint: 'http://127.0.0.1:5432/push/x' }, 'push service'],
    ['endpoint', { endpoint: 'https://fcm.googleapis.com.evil.example/x' }, 'push service'],
    ['endpoint', { endpoint: 'https://169.254.169.254/latest' }, 'push service'],
    ['endpoint', { endpoint: 'not a url' }, 'Not a valid push subscription'],
    [
      'keys.p256dh',
      { keys: { p256dh: 'AAAA', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
      'Not a valid push subscription',
    ],
    [
      'keys.auth',
      { keys: { p256dh: 'x'.repeat(87), auth: 'short' } },
      'Not a valid push subscription',
    ],
  ])('refuses a bad %s with 400 naming it (%j)', async (field, overrides, message) => {
    const { donor } = await pair();
    const device = pushService.device();
    const res = await subscribe(donor, { ...device.subscription, ...overrides });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields[field]).toContain(message);
    // And in words a reader of another language gets (decision 031).
    expect(res.body.error.fieldWords[field]).toEqual({ key: 'field.pushSubscription' });
  });

  it('refuses a point that is not on the curve', async () => {
    const { donor } = await pair();
    const device = pushService.device();
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    const res = await subscribe(donor, {
      ...device.subscription,
      keys: { ...device.subscription.keys, p256dh: offCurve.toString('base64url') },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields['keys.p256dh']).toContain('P-256');
  });

  it('lets a person remove only their own devices', async () => {
    const { donor, distributor } = await pair();
    const device = await subscribedDevice(donor);
    const endpoint = device.subscription.endpoint;
    await request(ctx.app)
      .delete('/api/push/subscriptions')
      .set('Cookie', distributor.cookie)
      .send({ endpoint })
      .expect(404);
    await request(ctx.app)
      .delete('/api/push/subscriptions')
      .set('Cookie', donor.cookie)
      .send({ endpoint })
      .expect(204);
    const left = await ctx.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(left).toEqual([]);
  });

  it('moves a device to whoever subscribed it last', async () => {
    const { donor, distributor } = await pair();
    const device = await subscribedDevice(donor);
    await subscribe(distributor, device.subscription).expect(201);
    const rows = await ctx.database.db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.subscription.endpoint));
    expect(rows).toEqual([{ userId: distributor.profile.id }]);
  });
});

describe('delivery', () => {
  it('pushes an offer to every device, encrypted, signed, urgent, in the person’s language', async () => {
    const { donor, distributor } = await pair();
    await readsIn(ctx, distributor, 'hi');
    const phone = await subscribedDevice(distributor);
    const laptop = await subscribedDevice(distributor);
    const donorPhone = await subscribedDevice(donor);
    const pkg = await donate(ctx, donor, { quantity: 12 });
    expect(pkg.current_state).toBe('Offered');
    // Sent after commit without waiting for the sweep: the notifier kicks the deliverer.
    await pushService.waitFor(
      () => pushesTo(phone.id).length > 0 && pushesTo(laptop.id).length > 0,
    );
    for (const device of [phone, laptop]) {
      const [push] = pushesTo(device.id);
      expect(push!.message.body).toContain('आपके पास के एक दाता के पास आपके लिए खाना है');
      // Hindi in the app's digits, the time of day as Hindi writes it ("शाम 4:02 तक").
      expect(push!.message.body).toContain('12 भोजन');
      expect(push!.message.body).toMatch(/(सुबह|दोपहर|शाम|रात) (1[0-2]|[1-9]):\d{2} तक जवाब दें/);
      expect(push!.message.url).toBe(`${ctx.config.origin}/transaction/${pkg._id}`);
      expect(push!.headers.urgency).toBe('high');
      const ttl = Number(push!.headers.ttl);
      const left = (Date.parse(pkg.offerExpiresAt!) - Date.now()) / 1000;
      expect(ttl).toBeGreaterThan(left - 30);
      expect(ttl).toBeLessThanOrEqual(left + 1);
      expect(push!.headers.topic).toBe(pkg._id.replaceAll('-', ''));
      expect(push!.claims.aud).toBe(pushService.origin);
    }
    // The donor's phone hears nothing of an offer made to someone else.
    expect(pushesTo(donorPhone.id)).toEqual([]);
  });

  it('pushes each later update to the donor and the distributor', async () => {
    const { donor, distributor } = await pair();
    const donorPhone = await subscribedDevice(donor);
    const distributorPhone = await subscribedDevice(distributor);
    const pkg = await donate(ctx, donor);
    await request(ctx.app)
      .post(`/api/package/${pkg._id}/accept`)
      .set('Cookie', distributor.cookie)
      .send({})
      .expect(200);
    await pushService.waitFor(() => pushesTo(donorPhone.id).length > 0);
    const [paired] = pushesTo(donorPhone.id);
    expect(paired!.message).toMatchObject({
      kind: 'pairedDonor',
      url: `${ctx.config.origin}/transaction/${pkg._id}`,
    });
    expect(paired!.message.body).toContain('Hurray! We have found a distributor');
    expect(paired!.message.body).toContain('10 meals');
    expect(paired!.headers.urgency).toBe('normal');
    await request(ctx.app)
      .post(`/api/package/${pkg._id}/cancel`)
      .set('Cookie', donor.cookie)
      .send({})
      .expect(200);
    await pushService.waitFor(() =>
      pushesTo(distributorPhone.id).some((p) => p.message.kind === 'cancelled'),
    );
  });

  it('goes by the database’s clock: a process whose clock is behind still sends what is due', async () => {
    const { donor, distributor } = await pair();
    const phone = await subscribedDevice(distributor);
    // Queued while push posts fail, so the kick after commit leaves it pending.
    pushService.answer(phone.id, 503);
    await donate(ctx, donor);
    const ofPhone = sql`subscription_id in (
      select id from push_subscriptions where endpoint = ${phone.subscription.endpoint})`;
    await expect
      .poll(async () => {
        const rows = await queryRows<{ error: string | null }>(
          ctx.database.db,
          sql`select last_error as error from notification_deliveries where ${ofPhone}`,
        );
        return rows[0]?.error ?? '';
      })
      .toContain('503');
    pushService.answer(phone.id, 0);
    await ctx.database.db.execute(
      sql`update notification_deliveries set next_attempt_at = now() - interval '1 second'
          where ${ofPhone}`,
    );
    await ctx.outreach.deliverer.runOnce(new Date(Date.now() - 60_000));
    expect(pushesTo(phone.id)).toHaveLength(1);
  });

  it('sends nothing of a kind the person turned off', async () => {
    const { donor, distributor } = await pair();
    const phone = await subscribedDevice(distributor);
    await request(ctx.app)
      .patch('/api/notification-settings')
      .set('Cookie', distributor.cookie)
      .send({ pushOffers: false })
      .expect(200);
    await donate(ctx, donor);
    await ctx.outreach.deliverer.runOnce();
    expect(pushesTo(phone.id)).toEqual([]);
  });

  it('forgets a device its push service says is gone (410), and its pending sends', async () => {
    const { donor, distributor } = await pair();
    const gone = await subscribedDevice(distributor);
    const alive = await subscribedDevice(distributor);
    pushService.answer(gone.id, 410);
    await donate(ctx, donor);
    await pushService.waitFor(() => pushesTo(alive.id).length > 0);
    await pushService.waitFor(() => pushService.rejected.some((r) => r.device === gone.id));
    await expect
      .poll(async () =>
        ctx.database.db
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, gone.subscription.endpoint)),
      )
      .toEqual([]);
  });

  it('retries a push service that fails, then delivers', async () => {
    const { donor, distributor } = await pair();
    const phone = await subscribedDevice(distributor);
    pushService.answer(phone.id, 503);
    const pkg = await donate(ctx, donor);
    await pushService.waitFor(() => pushService.rejected.some((r) => r.device === phone.id));
    await expect
      .poll(() => firstDelivery(ctx, pkg._id))
      .toMatchObject({ state: 'pending', attempts: 1, error: expect.stringContaining('503') });
    pushService.answer(phone.id, 0);
    // The next run after the back-off (10 s) sends it.
    await ctx.outreach.deliverer.runOnce(new Date(Date.now() + 11_000));
    expect(pushesTo(phone.id)).toHaveLength(1);
  });

  it('never posts to an endpoint outside the allowed push services, even one stored earlier', async () => {
    const { donor, distributor } = await pair();
    // A push service nobody allowed, and a device on it stored as if an earlier setting had let it
    // in: the sender checks again and refuses it.
    const outsider = await startPushEndpoint();
    try {
      const device = outsider.device();
      await ctx.database.db.insert(pushSubscriptions).values({
        userId: distributor.profile.id,
        endpoint: device.subscription.endpoint,
        ...device.subscription.keys,
      });
      await donate(ctx, donor);
      await expect
        .poll(async () =>
          ctx.database.db
            .select({
              state: notificationDeliveries.state,
              error: notificationDeliveries.lastError,
            })
            .from(notificationDeliveries)
            .innerJoin(
              pushSubscriptions,
              eq(pushSubscriptions.id, notificationDeliveries.subscriptionId),
            )
            .where(eq(pushSubscriptions.endpoint, device.subscription.endpoint)),
        )
        .toEqual([{ state: 'failed', error: 'endpoint is not a known push service' }]);
      expect(outsider.received).toEqual([]);
      expect(outsider.rejected).toEqual([]);
    } finally {
      await outsider.close();
    }
  });
});

describe('a device that changes hands', () => {
  it('carries none of the last owner’s pending pushes to the new one', async () => {
    const { donor, distributor } = await pair();
    const phone = await subscribedDevice(distributor);
    pushService.answer(phone.id, 503);
    await donate(ctx, donor);
    await pushService.waitFor(() => pushService.rejected.some((r) => r.device === phone.id));
    // The offer's push waits for a retry; the phone is now the donor's.
    await subscribe(donor, phone.subscription).expect(201);
    pushService.answer(phone.id, 0);
    await ctx.outreach.deliverer.runOnce(new Date(Date.now() + 60 * 60_000));
    expect(pushesTo(phone.id).filter((p) => p.message.kind === 'offered')).toEqual([]);
  });

  it('is one device however its endpoint is spelled', async () => {
    const { donor } = await pair();
    const device = pushService.device();
    const spelled = device.subscription.endpoint.replace('http://', 'HTTP://') + '#again';
    await subscribe(donor, { ...device.subscription, endpoint: spelled }).expect(201);
    await subscribe(donor, device.subscription).expect(201);
    const rows = await ctx.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, donor.profile.id));
    expect(rows).toEqual([{ endpoint: device.subscription.endpoint }]);
  });
});

describe('retryAfter', () => {
  it('reads seconds and HTTP dates, at most an hour', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(retryAfter('120', now)).toBe(120_000);
    expect(retryAfter('Tue, 24 Nov 2026 10:05:00 GMT', now)).toBe(300_000);
    expect(retryAfter('86400', now)).toBe(3_600_000);
    expect(retryAfter('soon', now)).toBeNull();
    expect(retryAfter(null, now)).toBeNull();
  });
});

describe('isAllowedEndpoint', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', true],
    ['https://web.push.apple.com/abc', true],
    ['https://wns2-par02p.notify.windows.com/w/?token=abc', true],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', false],
    ['https://user:pw@fcm.googleapis.com/x', false],
    ['https://notify.windows.com/x', false],
    ['https://evilpush.apple.com/x', false],
    ['https://push.apple.com.evil.example/x', false],
    ['https://localhost/x', false],
  ])('%s → %s', (endpoint, allowed) => {
    expect(isAllowedEndpoint(endpoint, [])).toBe(allowed);
  });
});
