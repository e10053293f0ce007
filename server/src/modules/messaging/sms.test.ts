import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locale } from '@almquest/contracts/locales';
import { DeliveryListSchema } from '@almquest/contracts/coordinator';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { queryRows } from '../../db/client';
import { forgetArea, nextPatches } from '../../test/areas';
import {
  callsAs,
  createDistributor,
  createDonor,
  donate,
  handoverCodeOf,
  markPackage,
  type Registered,
  readsIn,
  uniqueEmail,
} from '../../test/factories';
import { fakeGupshup, inboundQuery, REPLY_NUMBER, SMS_SECRET } from '../../test/fake-gupshup';
import { uniquePhone } from '../../test/fake-whatsapp';
import { type SignedIn, signIn } from '../../test/session';
import { packageStateOf, pairInArea, phoneDeliveries } from '../../test/phone-channels';
import { createTestApp, type TestContext } from '../../test/test-app';
import { packageLinkCode } from './sms-messages';
import {
  dltValue,
  needsUnicode,
  SMS_REGISTERED,
  SMS_TEMPLATE_VARIABLES,
  SMS_TEMPLATES,
  type SmsTemplate,
  smsText,
} from '../../lib/sms-templates';

const gupshup = fakeGupshup();
const COORDINATOR = uniqueEmail('coordinator');
let ctx: TestContext;
let coordinator: SignedIn;
beforeAll(async () => {
  // Its own database: other files' apps have no SMS and would lease (and drop) these rows.
  ctx = await createTestApp(
    { ...(await gupshup.start()), COORDINATOR_EMAILS: COORDINATOR },
    {},
    'own',
  );
  gupshup.state.origin = ctx.config.origin;
  await forgetArea(ctx.database.db, 'sms');
  coordinator = await signIn(ctx, COORDINATOR);
});
afterAll(async () => {
  await ctx.close();
  await gupshup.close();
});
beforeEach(() => {
  gupshup.state.down = false;
  gupshup.state.refuseWith = null;
});

const area = nextPatches('sms');

/** What the fake Gupshup was sent for one number. */
const sentTo = (phone: string) => gupshup.sent.filter((s) => s.to === `91${phone}`);
const waitForSend = (phone: string, template: string, after = 0) =>
  vi.waitFor(
    () => {
      const found = sentTo(phone)
        .slice(after)
        .find((s) => s.template === template);
      if (!found) throw new Error(`no ${template} sent to ${phone} yet`);
      return found;
    },
    { timeout: 10_000, interval: 50 },
  );

/** Gupshup calling the keyword's response URL with what a person sent to the reply number. */
const reply = (from: string, content: string, timestamp?: string) =>
  request(ctx.app)
    .get(`/api/sms/webhook/${SMS_SECRET}/inbound`)
    .query(inboundQuery(from, content, timestamp))
    .expect(200);

/** Turns SMS on for a person as they would: a code to their phone, typed back. */
async function withSms(who: Registered, locale: Locale = 'en') {
  if (locale !== 'en') await readsIn(ctx, who, locale);
  const phone = who.profile.phone!;
  const started = await callsAs(ctx, who).post('/api/messaging/sms').expect(202);
  expect(started.body).toEqual({ available: true, state: 'verifying', phone, updates: true });
  const code = await waitForSend(phone, 'almquest_sms_code');
  expect(code.locale).toBe(locale);
  await callsAs(ctx, who).post('/api/messaging/sms/verify', { code: code.values[0] }).expect(200);
  return phone;
}

const stateOf = (packageId: string) => packageStateOf(ctx, packageId);

const smsDeliveries = (packageId: string) => phoneDeliveries(ctx, packageId, 'sms');

describe('SMS', () => {
  it('offers by SMS in Bengali with a link and a reply code; "1 <code>" pairs it, once', async () => {
    const { donor, distributor } = await pairInArea(ctx, area);
    const distributorPhone = await withSms(distributor, 'bn');
    const donorPhone = await withSms(donor, 'hi');
    expect((await callsAs(ctx, distributor).get('/api/messaging').expect(200)).body.sms.state).toBe(
      'on',
    );
    const pkg = await donate(ctx, donor, { quantity: 12 });

    // The offer: DLT's Bengali template (the fake scrubs it: the registered words exactly,
    // Unicode, each variable at most 30 characters), the reply commands and the package's link.
    const offer = await waitForSend(distributorPhone, 'almquest_sms_offer_reply');
    expect(offer.locale).toBe('bn');
    const [meals, , , accept, number, decline, link] = offer.values;
    expect(meals).toBe('১২টি খাবার');
    expect(number).toBe(REPLY_NUMBER);
    const code = /^ALMQ 1 ([2-9A-HJ-NP-Z]{4})$/.exec(accept!)![1]!;
    expect(decline).toBe(`ALMQ 2 ${code}`);
    expect(link).toBe(packageLinkCode(pkg._id));
    expect(offer.text).toContain(`${ctx.config.origin}/s?${link}`);
    // The link opens the package's page; signed out, through the sign-in first.
    const opened = await request(ctx.app)
      .get(`/s?${link}`)
      .set('Cookie', distributor.cookie)
      .expect(302);
    expect(opened.headers.location).toBe(`/transaction/${pkg._id}`);
    const signedOut = await request(ctx.app).get(`/s?${link}`).expect(302);
    expect(signedOut.headers.location).toBe(
      `/api/auth/login?returnTo=${encodeURIComponent(`/transaction/${pkg._id}`)}`,
    );
    expect((await request(ctx.app).get('/s?nonsense').expect(302)).headers.location).toBe('/');

    // "ALMQ 1 <code>" in Bengali digits, from the phone: Paired, as the page's Accept makes it.
    const at = String(Date.now());
    await reply(`91${distributorPhone}`, `almq ১ ${code.toLowerCase()}`, at);
    expect(await stateOf(pkg._id)).toEqual({
      state: 'Paired',
      distributor_id: distributor.profile.id,
    });
    // They take updates by SMS, so the pairing's own SMS brings the donor, phone and place.
    const theirs = await waitForSend(distributorPhone, 'almquest_sms_paired_distributor');
    expect(theirs.values.slice(0, 3)).toEqual([
      '১২টি খাবার',
      dltValue(donor.profile.name),
      `+91 ${donorPhone.slice(0, 5)} ${donorPhone.slice(5)}`,
    ]);
    // The donor's, in Hindi: who comes, their phone, the handover code.
    const paired = await waitForSend(donorPhone, 'almquest_sms_paired_donor');
    expect(paired.locale).toBe('hi');
    expect(paired.values[0]).toBe('12 भोजन');
    expect(paired.values[4]).toBe(await handoverCodeOf(ctx, pkg._id));
    // Where to meet, for a donor who cannot open the link.
    const [meet] = await queryRows<{ meet_address: string }>(
      ctx.database.db,
      sql`select meet_address from packages where id = ${pkg._id}`,
    );
    expect(paired.values[3]).toBe(dltValue(meet!.meet_address));

    // Gupshup calling again with the same SMS: nothing again, no answer.
    const count = sentTo(distributorPhone).length;
    await reply(`91${distributorPhone}`, `almq ১ ${code.toLowerCase()}`, at);
    // The same words sent again later: no second effect; the details again, as the answer.
    await reply(`91${distributorPhone}`, `ALMQ 1 ${code}`);
    await waitForSend(distributorPhone, 'almquest_sms_paired_distributor', count);
    expect(sentTo(distributorPhone)).toHaveLength(count + 1);
    const pairings = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from notifications
           where package_id = ${pkg._id} and kind = 'pairedDonor'`,
    );
    expect(pairings[0]!.n).toBe(1);
    // And the old "2" does nothing to a package now Paired.
    await reply(`91${distributorPhone}`, `ALMQ 2 ${code}`);
    await waitForSend(distributorPhone, 'almquest_sms_offer_ended', count + 1);
    expect((await stateOf(pkg._id)).state).toBe('Paired');
    // Received: the donor's update says so in a few words (a basic phone has no page to open).
    const before = sentTo(donorPhone).length;
    expect((await markPackage(ctx, distributor, pkg, 'Received')).status).toBe(200);
    const news = await waitForSend(donorPhone, 'almquest_sms_update', before);
    expect(news.values.slice(2, 3)).toEqual(['वितरक को मिल गया']);
    expect(news.text).toContain('वितरक को मिल गया');
    // Given out: the old "1" no longer says "pick it up", only that nothing changed.
    expect((await markPackage(ctx, distributor, pkg, 'Distributed')).status).toBe(200);
    const ended = sentTo(distributorPhone).length;
    await reply(`91${distributorPhone}`, `ALMQ 1 ${code}`);
    await waitForSend(distributorPhone, 'almquest_sms_offer_ended', ended);
  });

  it('"2" declines; another’s code, a wrong code and a late answer change nothing', async () => {
    const { donor, distributor } = await pairInArea(ctx, area);
    const phone = await withSms(distributor);
    // Offers only: the answer to an Accept then carries the details itself.
    await callsAs(ctx, distributor).patch('/api/messaging/sms', { updates: false }).expect(200);
    const pkg = await donate(ctx, donor);
    const offer = await waitForSend(phone, 'almquest_sms_offer_reply');
    const code = offer.values[3]!.split(' ')[2]!;
    const wrong = code === 'ABCD' ? 'ABCE' : 'ABCD';

    await reply(`91${phone}`, `ALMQ 1 ${wrong}`);
    await waitForSend(phone, 'almquest_sms_offer_ended');
    // Someone else's proven phone with this offer's code: not theirs, nothing changes.
    const other = await createDistributor(ctx, { location: area()(0), phone: uniquePhone() });
    const otherPhone = await withSms(other);
    await reply(`91${otherPhone}`, `ALMQ 1 ${code}`);
    await waitForSend(otherPhone, 'almquest_sms_offer_ended');
    // A number nobody proved: no answer at all (an answer costs, and anyone could ask for one).
    const stranger = uniquePhone();
    await reply(`91${stranger}`, `ALMQ 1 ${code}`);
    expect((await stateOf(pkg._id)).state).toBe('Offered');

    // "2" with no code, their only offer: declined as the page's Decline; thanked.
    await reply(`91${phone}`, 'ALMQ 2');
    await waitForSend(phone, 'almquest_sms_declined');
    expect((await stateOf(pkg._id)).distributor_id).not.toBe(distributor.profile.id);
    // "1" now: too late.
    const before = sentTo(phone).filter((s) => s.template === 'almquest_sms_offer_ended').length;
    await reply(`91${phone}`, `ALMQ 1 ${code}`);
    await vi.waitFor(() =>
      expect(sentTo(phone).filter((s) => s.template === 'almquest_sms_offer_ended')).toHaveLength(
        before + 1,
      ),
    );
    expect(sentTo(stranger)).toEqual([]);
  });

  it('answers "1" after the offer lapsed: nothing changed, and says so', async () => {
    const { donor, distributor } = await pairInArea(ctx, area);
    const phone = await withSms(distributor, 'hi');
    await callsAs(ctx, distributor).patch('/api/messaging/sms', { updates: false }).expect(200);
    const pkg = await donate(ctx, donor);
    const first = await waitForSend(phone, 'almquest_sms_offer_reply');
    await ctx.database.db.execute(
      sql`update packages set offer_expires_at = now() - interval '1 second' where id = ${pkg._id}`,
    );
    await ctx.deadlines.runOnce();
    const after = await stateOf(pkg._id);
    expect(after.distributor_id).not.toBe(distributor.profile.id);
    await reply(`91${phone}`, first.values[3]!);
    const ended = await waitForSend(phone, 'almquest_sms_offer_ended');
    expect(ended.text).toContain('यह पेशकश ख़त्म हो चुकी है');
    expect(await stateOf(pkg._id)).toEqual(after);
  });

  it('STOP from the phone stops SMS to the number; START brings it back', async () => {
    const { donor, distributor } = await pairInArea(ctx, area);
    const someone = await createDonor(ctx, { location: area()(0), phone: uniquePhone() });
    await reply(`91${someone.profile.phone}`, 'STOP', '1');
    await reply(`91${someone.profile.phone}`, 'stop', '2');
    const phone = await withSms(distributor, 'hi');
    // The keyword first (a shared number), then Hindi's word for stop.
    await reply(`91${phone}`, 'ALMQ रोकें');
    const stopped = await waitForSend(phone, 'almquest_sms_stopped');
    expect(stopped.values).toEqual(['ALMQ START']);
    expect((await callsAs(ctx, distributor).get('/api/messaging')).body.sms.state).toBe('stopped');
    // Nothing is queued for it: the offer goes by other channels only.
    const pkg = await donate(ctx, donor);
    expect((await stateOf(pkg._id)).state).toBe('Offered');
    expect(await smsDeliveries(pkg._id)).toEqual([]);
    await reply(`91${phone}`, 'ALMQ START');
    await waitForSend(phone, 'almquest_sms_started');
    expect((await callsAs(ctx, distributor).get('/api/messaging')).body.sms.state).toBe('on');
    // STOP again, then on from the profile: its owner may ask for a code, and a second one, and
    // proving it undoes the STOP.
    await reply(`91${phone}`, 'ALMQ STOP');
    await vi.waitFor(async () =>
      expect((await callsAs(ctx, distributor).get('/api/messaging')).body.sms.state).toBe(
        'stopped',
      ),
    );
    const codes = () => sentTo(phone).filter((s) => s.template === 'almquest_sms_code').length;
    const before = codes();
    await callsAs(ctx, distributor).post('/api/messaging/sms').expect(202);
    await callsAs(ctx, distributor).post('/api/messaging/sms').expect(202);
    await vi.waitFor(() => expect(codes()).toBe(before + 2));
    const last = sentTo(phone)
      .filter((s) => s.template === 'almquest_sms_code')
      .at(-1)!;
    await callsAs(ctx, distributor)
      .post('/api/messaging/sms/verify', { code: last.values[0] })
      .expect(200);
    expect((await callsAs(ctx, distributor).get('/api/messaging')).body.sms.state).toBe('on');
    // STOP, a code asked for and left, then START from the phone: on again (the number is the
    // one they proved, and it speaks for itself).
    await reply(`91${phone}`, 'ALMQ STOP');
    await callsAs(ctx, distributor).post('/api/messaging/sms').expect(202);
    await reply(`91${phone}`, 'ALMQ START');
    expect((await callsAs(ctx, distributor).get('/api/messaging')).body.sms.state).toBe('on');
    // Turned off in the profile, then STOP and START from the phone: the profile's off stands.
    await request(ctx.app)
      .delete('/api/messaging/sms')
      .set('Cookie', distributor.cookie)
      .expect(200);
    await reply(`91${phone}`, 'ALMQ STOP');
    await reply(`91${phone}`, 'ALMQ START');
    expect((await callsAs(ctx, distributor).get('/api/messaging')).body.sms.state).toBe('off');
    // A STOP from a number nobody proved (sent first, above, so that any answer to it would have
    // come by now, behind all the answers waited for since) stops codes to it, unanswered.
    const refused = await callsAs(ctx, someone).post('/api/messaging/sms').expect(409);
    expect(refused.body.error.key).toBe('messagingNumberStoppedSms');
    expect(sentTo(someone.profile.phone!)).toEqual([]);
  });

  it('acts on a reply without a code only for the one offer whose SMS went out', async () => {
    const { donor, distributor } = await pairInArea(ctx, area);
    const phone = await withSms(distributor);
    // The offer's SMS never went out (Gupshup down): a bare "1" is no answer to it.
    gupshup.state.down = true;
    const pkg = await donate(ctx, donor);
    await vi.waitFor(async () =>
      expect((await smsDeliveries(pkg._id))[0]).toMatchObject({ attempts: 1, state: 'pending' }),
    );
    gupshup.state.down = false;
    await reply(`91${phone}`, 'ALMQ 1');
    await waitForSend(phone, 'almquest_sms_offer_ended');
    expect(await stateOf(pkg._id)).toEqual({
      state: 'Offered',
      distributor_id: distributor.profile.id,
    });
    // Once it went out, "1" takes it; "1" again (no sign the first arrived) gets the details.
    await ctx.outreach.deliverer.runOnce(new Date(Date.now() + 11_000));
    await waitForSend(phone, 'almquest_sms_offer_reply');
    await reply(`91${phone}`, 'ALMQ 1');
    expect((await stateOf(pkg._id)).state).toBe('Paired');
    const sent = sentTo(phone).length;
    await reply(`91${phone}`, 'ALMQ 1');
    await waitForSend(phone, 'almquest_sms_paired_distributor', sent);
  });

  it('sends English with plain marks: a curly quote or an emoji in a name keeps it 160 a part', async () => {
    const { donor, distributor } = await pairInArea(ctx, area);
    await callsAs(ctx, donor)
      .patch(`/api/donor/update/${donor.profile.id}`, { name: 'Ram’s Roti Bank 🙏🏽 — Kolkata…' })
      .expect(200);
    const phone = await withSms(distributor);
    await callsAs(ctx, distributor).patch('/api/messaging/sms', { updates: false }).expect(200);
    await donate(ctx, donor);
    const offer = await waitForSend(phone, 'almquest_sms_offer_reply');
    await reply(`91${phone}`, offer.values[3]!);
    const details = await waitForSend(phone, 'almquest_sms_paired_distributor');
    expect(details.values[1]).toBe("Ram's Roti Bank - Kolkata...");
    // The fake takes it only as TEXT when it has nothing beyond plain characters.
    expect(details.text).toMatch(/^[\x20-\x7e]+$/);
  });

  it('retries while Gupshup is down, loses nothing, and keeps its delivery reports in order', async () => {
    const { donor, distributor } = await pairInArea(ctx, area);
    const phone = await withSms(distributor);
    gupshup.state.down = true;
    const pkg = await donate(ctx, donor);
    await vi.waitFor(async () =>
      expect(await smsDeliveries(pkg._id)).toEqual([
        expect.objectContaining({
          kind: 'offered',
          state: 'pending',
          attempts: 1,
          last_error: expect.stringMatching(/\(503\)/),
        }),
      ]),
    );
    gupshup.state.down = false;
    await ctx.outreach.deliverer.runOnce(new Date(Date.now() + 11_000));
    const [row] = await smsDeliveries(pkg._id);
    expect(row).toMatchObject({ state: 'sent', attempts: 2 });
    const id = sentTo(phone).find((s) => s.template === 'almquest_sms_offer_reply')!.id;
    expect(row!.provider_message_id).toBe(id);

    // Delivered (Gupshup's GET report), then a late "sent" (its POSTed events): delivered stands.
    const report = `/api/sms/webhook/${SMS_SECRET}/report`;
    await request(ctx.app)
      .get(report)
      .query({ externalId: id, status: 'SUCCESS', deliveredTS: String(Date.now()) })
      .expect(200);
    await request(ctx.app)
      .post(report)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify([{ externalId: id, eventType: 'SENT', eventTs: Date.now() }]))
      .expect(200);
    expect((await smsDeliveries(pkg._id))[0]!.provider_status).toBe('delivered');
    // A report with another secret in the address is not ours: 404, nothing kept.
    await request(ctx.app)
      .get(`/api/sms/webhook/not-the-secret-${SMS_SECRET}/report`)
      .query({ externalId: id, status: 'FAIL' })
      .expect(404);
    expect((await smsDeliveries(pkg._id))[0]!.state).toBe('sent');
    // Garbage reports are answered and change nothing.
    await request(ctx.app).post(report).send('not json').expect(400);
    await request(ctx.app)
      .get(report)
      .query({ externalId: ['a', 'b'], status: {} })
      .expect(200);
  });

  it('fails a delivery Gupshup refuses for good, and the console shows it', async () => {
    const { donor, distributor } = await pairInArea(ctx, area);
    await withSms(distributor);
    gupshup.state.refuseWith = { code: '105', text: 'INVALID PH' };
    const pkg = await donate(ctx, donor);
    await vi.waitFor(async () =>
      expect(await smsDeliveries(pkg._id)).toEqual([
        expect.objectContaining({ state: 'failed', last_error: expect.stringMatching(/105/) }),
      ]),
    );
    const listed = DeliveryListSchema.parse(
      (await callsAs(ctx, coordinator).get('/api/coordinator/deliveries?failed=1').expect(200))
        .body,
    );
    const mine = listed.entries.find((e) => e.package?.id === pkg._id);
    expect(mine).toMatchObject({
      kind: 'offered',
      channels: [{ channel: 'sms', state: 'failed', error: expect.stringContaining('105') }],
    });
  });

  it('refuses a wrong code, and bad input, naming the field', async () => {
    const { distributor } = await pairInArea(ctx, area);
    await callsAs(ctx, distributor).post('/api/messaging/sms').expect(202);
    const wrong = await callsAs(ctx, distributor)
      .post('/api/messaging/sms/verify', { code: '000000' })
      .expect(400);
    expect(wrong.body.error.fields).toHaveProperty('code');
    await callsAs(ctx, distributor).post('/api/messaging/sms/verify', { code: 'abc' }).expect(400);
    await callsAs(ctx, distributor).post('/api/messaging/fax').expect(404);
    await request(ctx.app).post('/api/messaging/sms').expect(401);
  });
});

describe('SMS settings', () => {
  it('refuses a partial setup and template ids that are missing, naming them', () => {
    const base = {
      GUPSHUP_USERID: 'u',
      GUPSHUP_PASSWORD: 'p',
      SMS_SENDER_ID: 'ALMQST',
      SMS_DLT_ENTITY_ID: '1101234567890123456',
    };
    expect(() => loadConfig({ ...base })).toThrow(/SMS_DLT_TEMPLATES, SMS_WEBHOOK_SECRET/);
    expect(() =>
      loadConfig({
        ...base,
        SMS_DLT_TEMPLATES: '/nonexistent/ids.json',
        SMS_WEBHOOK_SECRET: SMS_SECRET,
      }),
    ).toThrow(/could not be read/);
    // Ids written as JSON numbers lose their last digits: refused, saying how to write them.
    const numbers = path.join(mkdtempSync(path.join(tmpdir(), 'almquest-ids-')), 'ids.json');
    writeFileSync(numbers, '{"almquest_sms_code": {"en": 1107000000000000001}}');
    expect(() =>
      loadConfig({ ...base, SMS_DLT_TEMPLATES: numbers, SMS_WEBHOOK_SECRET: SMS_SECRET }),
    ).toThrow(/almquest_sms_code\.en\): write each in quotes/);
    // A reply number without the rest sends nothing: said, not silently ignored.
    expect(() => loadConfig({ SMS_REPLY_NUMBER: REPLY_NUMBER })).toThrow(
      /SMS_REPLY_NUMBER: set only with/,
    );
  });

  it('without a reply number needs no answer templates, and takes no replies', async () => {
    const ids = path.join(mkdtempSync(path.join(tmpdir(), 'almquest-ids-')), 'ids.json');
    const settings = await fakeGupshup().start({ replies: false });
    const all = JSON.parse(readFileSync(settings.SMS_DLT_TEMPLATES!, 'utf8')) as Record<
      string,
      unknown
    >;
    writeFileSync(
      ids,
      JSON.stringify(
        Object.fromEntries(
          Object.entries(all).filter(([name]) => !SMS_REGISTERED[name as SmsTemplate].reply),
        ),
      ),
    );
    const plain = await createTestApp({ ...settings, SMS_DLT_TEMPLATES: ids }, {}, 'pglite');
    try {
      expect(plain.config.sms?.replyNumber).toBeNull();
      await request(plain.app)
        .get(`/api/sms/webhook/${SMS_SECRET}/inbound`)
        .query(inboundQuery('919876543210', 'STOP'))
        .expect(404);
    } finally {
      await plain.close();
    }
  });

  it('cuts a long value at a word, in plain characters', () => {
    expect(dltValue('Netaji Colony, Kolkata, West Bengal 700090')).toBe(
      'Netaji Colony, Kolkata...',
    );
    expect(dltValue('  Ram’s   Roti\nBank 🙏 ')).toBe("Ram's Roti Bank");
    expect(Array.from(dltValue('क'.repeat(40))).length).toBeLessThanOrEqual(30);
  });

  it('keeps each registered template to the variables the server fills, in all three languages', () => {
    expect(Object.keys(SMS_REGISTERED).sort()).toEqual([...SMS_TEMPLATES].sort());
    for (const template of SMS_TEMPLATES) {
      const registered = SMS_REGISTERED[template];
      expect(registered.variables, template).toEqual(SMS_TEMPLATE_VARIABLES[template]);
      expect(Object.keys(registered.languages).sort()).toEqual(['bn', 'en', 'hi']);
      for (const text of Object.values(registered.languages)) {
        expect(text.split('{#var#}').length - 1, `${template}: ${text}`).toBe(
          registered.variables.length,
        );
        // Every template says who it is from.
        expect(text.startsWith('AlmQuest') || text.startsWith('{#var#} ')).toBe(true);
      }
    }
  });

  it('keeps an offer within two SMS parts in English and four in Hindi and Bengali (README)', () => {
    const parts = (text: string) => {
      const length = Array.from(text).length;
      return needsUnicode(text)
        ? length <= 70
          ? 1
          : Math.ceil(length / 67)
        : length <= 160
          ? 1
          : Math.ceil(length / 153);
    };
    const values = (locale: 'en' | 'hi' | 'bn') => [
      { en: '12 meals', hi: '12 भोजन', bn: '১২টি খাবার' }[locale],
      'Salt Lake Sector V, Kolkata',
      '7:45 pm',
      'ALMQ 1 K7QX',
      REPLY_NUMBER,
      'ALMQ 2 K7QX',
      packageLinkCode('00000000-0000-4000-8000-000000000000'),
    ];
    const origin = 'https://almquest.example.org';
    expect(parts(smsText('almquest_sms_offer_reply', 'en', values('en'), origin))).toBe(2);
    for (const locale of ['hi', 'bn'] as const) {
      expect(parts(smsText('almquest_sms_offer_reply', locale, values(locale), origin))).toBe(4);
    }
  });
});
