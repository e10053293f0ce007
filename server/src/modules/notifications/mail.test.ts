import { eq, sql } from 'drizzle-orm';
import { deliveries } from '../../metrics/metrics';
import { createECDH, randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, notifications } from '../../db/schema';
import { forgetArea, nextPatches } from '../../test/areas';
import {
  createDonor,
  donate,
  donorAndAnsweringDistributor,
  type Registered,
  firstDelivery,
  readsIn,
} from '../../test/factories';
import { readMail, startSmtpServer } from '../../test/smtp';
import { generateVapidKeys } from '../../lib/web-push';
import { UNDO_MS } from './mail-tokens';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // Its own database: another file's app would lease these mails (and drop them, having no
  // SMTP server), and its clock moved forward would send them early.
  ctx = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'AlmQuest <alerts@almquest.test>' },
    {},
    'own',
  );
  await forgetArea(ctx.database.db, 'mail');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const area = nextPatches('mail');

const settings = (who: Registered) =>
  request(ctx.app).get('/api/notification-settings').set('Cookie', who.cookie);
const changeSettings = (who: Registered, body: object) =>
  request(ctx.app).patch('/api/notification-settings').set('Cookie', who.cookie).send(body);

const pair = () => donorAndAnsweringDistributor(ctx, area());

function mailsTo(who: Registered) {
  return smtp.received.filter((m) => m.to.includes(who.user.email)).map((m) => readMail(m.raw));
}

describe('notification settings', () => {
  it('start with push on and e-mail off, and say e-mail is available', async () => {
    const { donor } = await pair();
    const res = await settings(donor).expect(200);
    expect(res.body).toEqual({
      pushOffers: true,
      pushUpdates: true,
      emailOffers: false,
      emailUpdates: false,
      emailAvailable: true,
    });
  });

  it('need a signed-in person', async () => {
    await request(ctx.app).get('/api/notification-settings').expect(401);
    await request(ctx.app).patch('/api/notification-settings').send({}).expect(401);
  });

  it.each([
    [{ emailOffers: 'yes' }, 'emailOffers'],
    [{ pushUpdates: null }, 'pushUpdates'],
  ])('refuses %j with 400 naming the field', async (body, field) => {
    const { donor } = await pair();
    const res = await changeSettings(donor, body).expect(400);
    expect(res.body.error.fields[field]).toContain('true or false');
  });

  it('refuses a setting it does not know', async () => {
    const { donor } = await pair();
    const res = await changeSettings(donor, { smsOffers: true }).expect(400);
    expect(JSON.stringify(res.body.error)).toContain('smsOffers');
  });

  it.each(['constructor', '__proto__', 'toString'])(
    'names an unknown setting %j in the 400, even one an object already has',
    async (key) => {
      const { donor } = await pair();
      const res = await request(ctx.app)
        .patch('/api/notification-settings')
        .set('Cookie', donor.cookie)
        .set('Content-Type', 'application/json')
        .send(`{"${key}": true}`)
        .expect(400);
      expect(Object.keys(res.body.error.fields)).toEqual([key]);
    },
  );

  it('cannot turn e-mail on where no SMTP server is set up (409)', async () => {
    const noMail = await createTestApp({});
    try {
      // Signed up on that app (on PGlite each test app has a database of its own).
      const donor = await createDonor(noMail, { location: area()(0) });
      const read = await request(noMail.app)
        .get('/api/notification-settings')
        .set('Cookie', donor.cookie)
        .expect(200);
      expect(read.body.emailAvailable).toBe(false);
      const res = await request(noMail.app)
        .patch('/api/notification-settings')
        .set('Cookie', donor.cookie)
        .send({ emailUpdates: true })
        .expect(409);
      expect(res.body.error.message).toContain('E-mail is not set up');
    } finally {
      await noMail.close();
    }
  });
});

describe('notification e-mail', () => {
  it('mails an offer in the person’s language, with a one-click unsubscribe that works', async () => {
    const { donor, distributor } = await pair();
    await readsIn(ctx, distributor, 'bn');
    await changeSettings(distributor, { emailOffers: true }).expect(200);
    const pkg = await donate(ctx, donor, { quantity: 7 });
    await expect.poll(() => mailsTo(distributor).length).toBe(1);
    const [mail] = mailsTo(distributor);
    expect(mail!.headers.get('from')).toContain('alerts@almquest.test');
    expect(mail!.headers.get('subject')).toContain('আপনার কাছাকাছি এক দাতার কাছে');
    expect(mail!.text).toContain('৭টি খাবার');
    expect(mail!.text).toContain(`${ctx.config.origin}/transaction/${pkg._id}`);
    expect(mail!.text).toContain('প্রস্তাবের ইমেল');
    // Greeted by name, in HTML too (the same words, in the reader's language), and the plain text
    // beside it for mail programs that show no HTML.
    expect(mail!.text.split('\n')[0]).toBe(`নমস্কার ${distributor.profile.name},`);
    expect(mail!.html).toContain('<html lang="bn">');
    expect(mail!.html).toContain(`নমস্কার ${distributor.profile.name},`);
    expect(mail!.html).toContain('৭টি খাবার');
    expect(mail!.html).toContain(`<a href="${ctx.config.origin}/transaction/${pkg._id}"`);
    expect(mail!.html).toContain('>প্যাকেট খুলুন</a>');
    expect(mail!.html).toContain('>এই ইমেল বন্ধ করুন</a>');
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(mail!.headers.get('list-unsubscribe') ?? '')?.[1];
    expect(oneClick).toMatch(/\/api\/mail\/unsubscribe\?token=/);
    // The page link in the text carries the same token.
    const token = new URL(oneClick!).searchParams.get('token')!;
    expect(mail!.text).toContain(`/unsubscribe?token=${encodeURIComponent(token)}`);

    // A mail program without one-click opens the address: it lands on the page.
    const opened = await request(ctx.app)
      .get(new URL(oneClick!).pathname + new URL(oneClick!).search)
      .expect(303);
    expect(opened.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);

    // The mail program's one-click: a form POST, no cookie, no JSON.
    const res = await request(ctx.app)
      .post(new URL(oneClick!).pathname + new URL(oneClick!).search)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(res.body).toMatchObject({ topic: 'offers', subscribed: false });
    expect((await settings(distributor)).body.emailOffers).toBe(false);

    await donate(ctx, donor);
    await ctx.outreach.deliverer.runOnce();
    expect(mailsTo(distributor)).toHaveLength(1);

    // The mail's own token cannot turn them back on (an old or forwarded mail must not) ...
    await request(ctx.app)
      .post('/api/mail/unsubscribe')
      .send({ token, resubscribe: true })
      .expect(400);
    // ... the page's undo, for a few minutes after the unsubscribe, can.
    expect(res.body.undoToken).toEqual(expect.any(String));
    await request(ctx.app)
      .post('/api/mail/unsubscribe')
      .send({ token: res.body.undoToken, resubscribe: true })
      .expect(200, { topic: 'offers', subscribed: true });
    expect((await settings(distributor)).body.emailOffers).toBe(true);
  });

  it('takes one-click from a mail provider on another origin, and an undo only while fresh', async () => {
    const { distributor } = await pair();
    await changeSettings(distributor, { emailOffers: true }).expect(200);
    const tokens = await ctx.outreach.mailTokens();
    const token = tokens.make(distributor.profile.id, 'offers');
    await request(ctx.app)
      .post(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`)
      .set('Origin', 'https://mail.google.com')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect((await settings(distributor)).body.emailOffers).toBe(false);
    const stale = tokens.makeUndo(distributor.profile.id, 'offers', Date.now() - UNDO_MS - 1000);
    const res = await request(ctx.app)
      .post('/api/mail/unsubscribe')
      .send({ token: stale, resubscribe: true })
      .expect(400);
    expect(res.body.error.fields.token).toContain('expired');
    expect((await settings(distributor)).body.emailOffers).toBe(false);
  });

  it('gives no undo when e-mails were off already: an old link never turns them back on', async () => {
    const { distributor } = await pair();
    await changeSettings(distributor, { emailOffers: true }).expect(200);
    const tokens = await ctx.outreach.mailTokens();
    const oldMail = tokens.make(distributor.profile.id, 'offers');
    // Turned off on the profile; then the link of an older mail is followed.
    await changeSettings(distributor, { emailOffers: false }).expect(200);
    const res = await request(ctx.app)
      .post('/api/mail/unsubscribe')
      .send({ token: oldMail })
      .expect(200);
    expect(res.body).toEqual({ topic: 'offers', subscribed: false });
    expect((await settings(distributor)).body.emailOffers).toBe(false);
    // The link turning them off does give an undo, for that topic only.
    await changeSettings(distributor, { emailOffers: true, emailUpdates: false }).expect(200);
    const first = await request(ctx.app)
      .post('/api/mail/unsubscribe')
      .send({ token: oldMail })
      .expect(200);
    expect(first.body.undoToken).toEqual(expect.any(String));
    await request(ctx.app)
      .post('/api/mail/unsubscribe')
      .send({ token: first.body.undoToken, resubscribe: true })
      .expect(200, { topic: 'offers', subscribed: true });
    expect((await settings(distributor)).body).toMatchObject({
      emailOffers: true,
      emailUpdates: false,
    });
    // The undo is spent once used, and by any later change of settings: replayed, it turns
    // nothing back on.
    await changeSettings(distributor, { emailOffers: false }).expect(200);
    const replay = await request(ctx.app)
      .post('/api/mail/unsubscribe')
      .send({ token: first.body.undoToken, resubscribe: true })
      .expect(400);
    expect(replay.body.error.fields.token).toContain('changed since');
    expect((await settings(distributor)).body.emailOffers).toBe(false);
  });

  it('counts only bad tokens against an address: a mail provider may send many good ones', async () => {
    const limited = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const tokens = await limited.outreach.mailTokens();
      for (let i = 0; i < 35; i++) {
        const person = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
        await request(limited.app)
          .post(`/api/mail/unsubscribe?token=${tokens.make(person, 'updates')}`)
          .expect(200);
      }
      const bad = async () =>
        (await request(limited.app).post('/api/mail/unsubscribe?token=forged')).status;
      const statuses = [];
      for (let i = 0; i < 31; i++) statuses.push(await bad());
      expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('mails updates only to those who chose them', async () => {
    const { donor, distributor } = await pair();
    await changeSettings(donor, { emailUpdates: true }).expect(200);
    const pkg = await donate(ctx, donor);
    await request(ctx.app)
      .post(`/api/package/${pkg._id}/accept`)
      .set('Cookie', distributor.cookie)
      .send({})
      .expect(200);
    await expect.poll(() => mailsTo(donor).length).toBe(1);
    const [mail] = mailsTo(donor);
    expect(mail!.headers.get('subject')).toBe(
      'AlmQuest: Hurray! We have found a distributor for your package!',
    );
    expect(mail!.text).toContain('10 meals');
    expect(mail!.text).toContain('about your packages');
    expect(mail!.text.split('\n')[0]).toBe(`Hello ${donor.profile.name},`);
    expect(mail!.html).toContain('<html lang="en">');
    expect(mailsTo(distributor)).toEqual([]);
  });

  it.each([
    ['a changed signature', (t: string) => t.slice(0, -2) + (t.endsWith('AA') ? 'BB' : 'AA')],
    [
      'another person',
      (t: string) => t.replace(/^[0-9a-f-]{36}/, '00000000-0000-4000-8000-000000000000'),
    ],
    ['another topic', (t: string) => t.replace('.offers.', '.updates.')],
    ['rubbish', () => 'not-a-token'],
  ])('refuses an unsubscribe token with %s (400 naming token)', async (_name, spoil) => {
    const { distributor } = await pair();
    const token = (await ctx.outreach.mailTokens()).make(distributor.profile.id, 'offers');
    const res = await request(ctx.app)
      .post('/api/mail/unsubscribe')
      .send({ token: spoil(token) })
      .expect(400);
    expect(res.body.error.fields.token).toBeTruthy();
  });

  it('keeps a mail the SMTP server refused and sends it on a later try; counts a last try failed', async () => {
    const counted = async (outcome: string) =>
      (await deliveries.get()).values.find(
        (v) => v.labels.channel === 'email' && v.labels.outcome === outcome,
      )?.value ?? 0;
    const [retried, sent, failed] = [
      await counted('retry'),
      await counted('sent'),
      await counted('failed'),
    ];
    const { donor, distributor } = await pair();
    await changeSettings(distributor, { emailOffers: true }).expect(200);
    smtp.state.isAccepting = false;
    let pkgId = '';
    try {
      pkgId = (await donate(ctx, donor))._id;
      await expect
        .poll(() => firstDelivery(ctx, pkgId))
        .toMatchObject({ state: 'pending', attempts: 1, error: expect.stringContaining('451') });
      expect(await counted('retry')).toBe(retried + 1);
      // Its last try refused too: given up, and counted as a failure (what the alert watches).
      const next = (await donate(ctx, donor))._id;
      await expect.poll(() => firstDelivery(ctx, next)).toMatchObject({ attempts: 1 });
      // The donation's own run of the outbox may still be going: done first, so this test's run
      // is the one that meets the row.
      await ctx.outreach.deliverer.idle();
      await ctx.database.db.execute(
        sql`update notification_deliveries d set attempts = 10, next_attempt_at = now()
              from notifications n where n.id = d.notification_id and n.package_id = ${next}`,
      );
      await ctx.outreach.deliverer.runOnce(new Date(Date.now() + 1_000));
      expect(await firstDelivery(ctx, next)).toMatchObject({ state: 'failed' });
      expect(await counted('failed')).toBe(failed + 1);
    } finally {
      smtp.state.isAccepting = true;
    }
    await ctx.outreach.deliverer.runOnce(new Date(Date.now() + 61_000));
    expect(mailsTo(distributor)).toHaveLength(1);
    expect(await counted('sent')).toBe(sent + 1);
  });

  it('still mails when the push keys cannot sign, and keeps the pushes to retry', async () => {
    const [one, another] = [generateVapidKeys(), generateVapidKeys()];
    const broken = await createTestApp(
      { SMTP_URL: smtp.url, MAIL_FROM: 'AlmQuest <alerts@almquest.test>' },
      { pushKeys: { publicKey: one.publicKey, privateKey: another.privateKey } },
      'own',
    );
    try {
      const { donor, distributor } = await donorAndAnsweringDistributor(broken, area());
      await request(broken.app)
        .patch('/api/notification-settings')
        .set('Cookie', distributor.cookie)
        .send({ emailOffers: true })
        .expect(200);
      const browser = createECDH('prime256v1');
      browser.generateKeys();
      await request(broken.app)
        .post('/api/push/subscriptions')
        .set('Cookie', distributor.cookie)
        .send({
          endpoint: 'https://fcm.googleapis.com/fcm/send/keys-cannot-sign',
          keys: {
            p256dh: browser.getPublicKey().toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          },
        })
        .expect(201);
      const pkg = await donate(broken, donor);
      await expect.poll(() => mailsTo(distributor).length).toBe(1);
      const rows = await broken.database.db
        .select({
          channel: notificationDeliveries.channel,
          state: notificationDeliveries.state,
          error: notificationDeliveries.lastError,
        })
        .from(notificationDeliveries)
        .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
        .where(eq(notifications.packageId, pkg._id));
      expect(rows.find((r) => r.channel === 'push')).toEqual({
        channel: 'push',
        state: 'pending',
        error: expect.stringContaining('VAPID'),
      });
    } finally {
      await broken.close();
    }
  });
});
