import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from '@almquest/contracts/locales';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client';
import { forgetArea, nextPatches } from '../../test/areas';
import {
  callsAs,
  createDistributor,
  createDonor,
  donate,
  handoverCodeOf,
  type Registered,
  readsIn,
  uniqueEmail,
  updateDistributor,
} from '../../test/factories';
import { type SignedIn, signIn } from '../../test/session';
import { packageStateOf, pairInArea, phoneDeliveries } from '../../test/phone-channels';
import {
  fakeGraphApi,
  metaBody,
  pressFrom,
  sign,
  statusOf,
  textFrom,
  uniquePhone,
} from '../../test/fake-whatsapp';
import { createTestApp, type TestContext } from '../../test/test-app';
import { DeliveryListSchema } from '@almquest/contracts/coordinator';
import { deleteOldDeliveries } from '../notifications/delivery';
import { WHATSAPP_REPLIES } from './replies';
import { WHATSAPP_TEMPLATE_VARIABLES } from './whatsapp-messages';

const graph = fakeGraphApi();
const COORDINATOR = uniqueEmail('coordinator');
let ctx: TestContext;
let coordinator: SignedIn;
beforeAll(async () => {
  // Its own database: other files' apps have no WhatsApp and would lease (and drop) these rows.
  ctx = await createTestApp(
    { ...(await graph.start()), COORDINATOR_EMAILS: COORDINATOR },
    {},
    'own',
  );
  await forgetArea(ctx.database.db, 'whatsapp');
  coordinator = await signIn(ctx, COORDINATOR);
});
afterAll(async () => {
  await ctx.close();
  await graph.close();
});
beforeEach(() => {
  graph.state.down = false;
  graph.state.refuseWith = null;
});

const area = nextPatches('whatsapp');

type TemplateSend = {
  name: string;
  language: { code: string };
  components: { type: string; sub_type?: string; parameters: Record<string, string>[] }[];
};
const templateOf = (sent: (typeof graph.sent)[number]) => sent.body.template as TemplateSend;
const bodyOf = (t: TemplateSend) => t.components[0]!.parameters.map((p) => p.text);
const buttonsOf = (t: TemplateSend) =>
  t.components.filter((c) => c.sub_type === 'quick_reply').map((c) => c.parameters[0]!.payload!);

/** What the fake Graph API was sent for one number, from the start of this test. */
const sentTo = (phone: string) => graph.sent.filter((s) => s.to === `91${phone}`);
const waitForSend = (phone: string, match: (s: (typeof graph.sent)[number]) => boolean) =>
  vi.waitFor(
    () => {
      const found = sentTo(phone).find(match);
      if (!found) throw new Error(`nothing sent to ${phone} yet`);
      return found;
    },
    { timeout: 10_000, interval: 50 },
  );
const templateNamed = (name: string) => (s: (typeof graph.sent)[number]) =>
  s.type === 'template' && templateOf(s).name === name;
const textSaying = (words: string) => (s: (typeof graph.sent)[number]) =>
  s.type === 'text' && (s.body.text as { body: string }).body.includes(words);

const post = (payload: unknown) => {
  const body = metaBody(payload);
  return request(ctx.app)
    .post('/api/whatsapp/webhook')
    .set('Content-Type', 'application/json')
    .set('X-Hub-Signature-256', sign(body))
    .send(body)
    .expect(200);
};

/** Turns WhatsApp on for a person as they would: a code to their phone, typed back. */
async function withWhatsapp(who: Registered, locale: Locale = 'en') {
  if (locale !== 'en') await readsIn(ctx, who, locale);
  const phone = who.profile.phone!;
  await callsAs(ctx, who).post('/api/messaging/whatsapp').expect(202);
  const sent = await waitForSend(phone, templateNamed('almquest_code'));
  await callsAs(ctx, who)
    .post('/api/messaging/whatsapp/verify', { code: bodyOf(templateOf(sent))[0] })
    .expect(200);
  return phone;
}

/**
 * Moves the earlier tests' WhatsApp sends an hour back (some ran the outbox minutes ahead), so a
 * test of the per-minute budget counts only its own.
 */
const forgetEarlierSends = () =>
  ctx.database.db.execute(sql`
    update notification_deliveries set last_attempt_at = now() - interval '1 hour'
     where last_attempt_at > now() - interval '1 minute'`);

const stateOf = (packageId: string) => packageStateOf(ctx, packageId);

const whatsappDeliveries = (packageId: string) => phoneDeliveries(ctx, packageId, 'whatsapp');

describe('WhatsApp deliveries', () => {
  it('offers with Accept and Decline in the person’s language; Accept pairs it, once', async () => {
    const { donor, distributor, at } = await pairInArea(ctx, area);
    const distributorPhone = await withWhatsapp(distributor, 'hi');
    const donorPhone = await withWhatsapp(donor, 'bn');
    const pkg = await donate(ctx, donor, { quantity: 12 });
    expect(pkg.current_state).toBe('Offered');

    // The offer: Meta's template in Hindi, meals in the app's digits, the area, the answer-by
    // time, the page; two buttons whose payloads act on this offer only.
    const offer = templateOf(await waitForSend(distributorPhone, templateNamed('almquest_offer')));
    expect(offer.language.code).toBe('hi');
    const [meals, place, answerBy, link] = bodyOf(offer);
    expect(meals).toBe('12 भोजन');
    // For an offer, the area only (the meet point is the distributor's once they accept).
    const [told] = await queryRows<{ address: string }>(
      ctx.database.db,
      sql`select package_address as address from notifications
           where package_id = ${pkg._id} and kind = 'offered'`,
    );
    expect(place).toBe(told!.address);
    expect(place).not.toBe(at(0).address);
    expect(answerBy).toMatch(/^(सुबह|दोपहर|शाम|रात) (1[0-2]|[1-9]):\d{2}$/);
    expect(link).toBe(`${ctx.config.origin}/transaction/${pkg._id}`);
    const [accept, decline] = buttonsOf(offer);
    expect(accept).toMatch(/^o1\.a\./);
    expect(decline).toMatch(/^o1\.d\./);
    expect(accept!.length).toBeLessThanOrEqual(128);

    // Accept from the phone: Paired exactly as the page's button makes it.
    const press = pressFrom(`91${distributorPhone}`, accept!);
    await post(press);
    expect(await stateOf(pkg._id)).toEqual({
      state: 'Paired',
      distributor_id: distributor.profile.id,
    });
    // The reply thanks them; the pairing's own message follows, in Hindi: the donor, their
    // phone and the meet point. (Told as a notification, their open page learns of it too.)
    await waitForSend(distributorPhone, textSaying(WHATSAPP_REPLIES.hi.acceptedDetailsFollow));
    const theirs = templateOf(
      await waitForSend(distributorPhone, templateNamed('almquest_paired_distributor')),
    );
    expect(theirs.language.code).toBe('hi');
    expect(bodyOf(theirs).slice(0, 3)).toEqual([
      '12 भोजन',
      donor.profile.name,
      `+91 ${donor.profile.phone!.slice(0, 5)} ${donor.profile.phone!.slice(5)}`,
    ]);
    const kinds = await queryRows<{ kind: string }>(
      ctx.database.db,
      sql`select kind from notifications
           where package_id = ${pkg._id} and user_id = ${distributor.profile.id}
           order by id`,
    );
    expect(kinds.map((n) => n.kind)).toEqual(['offered', 'pairedDistributor']);
    // The donor hears of it on WhatsApp too, in Bengali: who comes, their phone, the code.
    const paired = templateOf(
      await waitForSend(donorPhone, templateNamed('almquest_paired_donor')),
    );
    expect(paired.language.code).toBe('bn');
    expect(bodyOf(paired)).toEqual([
      '১২টি খাবার',
      distributor.profile.name,
      `+91 ${distributor.profile.phone!.slice(0, 5)} ${distributor.profile.phone!.slice(5)}`,
      await handoverCodeOf(ctx, pkg._id),
      `${ctx.config.origin}/transaction/${pkg._id}`,
    ]);

    // A question now: the package stands paired with them (in their words, not the donor's).
    await post(textFrom(`91${distributorPhone}`, 'कहाँ मिलना है?'));
    await waitForSend(distributorPhone, textSaying(WHATSAPP_REPLIES.hi.pairedToYou));

    // Meta's retry of the same press: nothing again, no second reply.
    const replies = () => sentTo(distributorPhone).filter((s) => s.type === 'text').length;
    const before = replies();
    await post(press);
    // A new press of the same button: no second effect, and a reply that says so.
    await post(pressFrom(`91${distributorPhone}`, accept!));
    await waitForSend(
      distributorPhone,
      textSaying(WHATSAPP_REPLIES.hi.alreadyAccepted.split(' पैकेट:')[0]!),
    );
    expect(replies()).toBe(before + 1);
    const pairings = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from notifications
           where package_id = ${pkg._id} and kind = 'pairedDonor'`,
    );
    expect(pairings[0]!.n).toBe(1);
    // And the old Decline does nothing to a package now Paired.
    await post(pressFrom(`91${distributorPhone}`, decline!));
    await waitForSend(distributorPhone, textSaying('यह पेशकश ख़त्म हो चुकी है'));
    expect((await stateOf(pkg._id)).state).toBe('Paired');
  });

  it('Decline passes it on; forged, someone else’s and late presses change nothing', async () => {
    const { donor, distributor } = await pairInArea(ctx, area);
    const phone = await withWhatsapp(distributor);
    const pkg = await donate(ctx, donor);
    const offer = templateOf(await waitForSend(phone, templateNamed('almquest_offer')));
    const [accept, decline] = buttonsOf(offer) as [string, string];
    const ended = WHATSAPP_REPLIES.en.offerEnded.split(',')[0]!;

    // Edited after signing (another package's id, a changed letter): refused, still offered.
    const edited = accept.replace(/\.([0-9a-f])/, (_, c: string) => `.${c === '0' ? '1' : '0'}`);
    await post(pressFrom(`91${phone}`, edited));
    await post(
      pressFrom(
        `91${phone}`,
        accept.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      ),
    );
    // Someone else's proven phone pressing this distributor's button: refused too.
    const other = await createDistributor(ctx, { location: area()(0), phone: uniquePhone() });
    const otherPhone = await withWhatsapp(other);
    await post(pressFrom(`91${otherPhone}`, accept));
    await waitForSend(otherPhone, textSaying(ended));
    await vi.waitFor(() => expect(sentTo(phone).filter(textSaying(ended))).toHaveLength(2));
    expect(await stateOf(pkg._id)).toEqual({
      state: 'Offered',
      distributor_id: distributor.profile.id,
    });

    // Decline: the same give-back as the page's; thanked; no longer theirs.
    await post(pressFrom(`91${phone}`, decline, undefined, 'Decline'));
    await waitForSend(phone, textSaying(WHATSAPP_REPLIES.en.declined));
    expect((await stateOf(pkg._id)).distributor_id).not.toBe(distributor.profile.id);
    await callsAs(ctx, distributor).get(`/api/package/${pkg._id}`).expect(409);
    // Accept after declining: too late, nothing changes.
    const sentBefore = sentTo(phone).filter(textSaying(ended)).length;
    await post(pressFrom(`91${phone}`, accept));
    await vi.waitFor(() =>
      expect(sentTo(phone).filter(textSaying(ended))).toHaveLength(sentBefore + 1),
    );
    expect((await stateOf(pkg._id)).distributor_id).not.toBe(distributor.profile.id);
  });

  it('gives the details in the reply itself to a press after STOP', async () => {
    const { donor, distributor } = await pairInArea(ctx, area);
    const phone = await withWhatsapp(distributor);
    await donate(ctx, donor);
    const offer = templateOf(await waitForSend(phone, templateNamed('almquest_offer')));
    await post(textFrom(`91${phone}`, 'STOP'));
    await waitForSend(phone, textSaying(WHATSAPP_REPLIES.en.stopped));
    // Still pressed: the pairing's own message will not come (stopped), so the reply says it.
    await post(pressFrom(`91${phone}`, buttonsOf(offer)[0]!));
    await waitForSend(phone, textSaying(`Donor: ${donor.profile.name}`));
    expect(sentTo(phone).filter(textSaying(WHATSAPP_REPLIES.en.acceptedDetailsFollow))).toEqual([]);
  });

  it('answers a press after the offer lapsed: nothing changed, and says so', async () => {
    const { donor, distributor } = await pairInArea(ctx, area);
    const phone = await withWhatsapp(distributor, 'bn');
    const pkg = await donate(ctx, donor);
    const offer = templateOf(await waitForSend(phone, templateNamed('almquest_offer')));
    await ctx.database.db.execute(
      sql`update packages set offer_expires_at = now() - interval '1 second' where id = ${pkg._id}`,
    );
    await ctx.deadlines.runOnce();
    const after = await stateOf(pkg._id);
    expect(after.distributor_id).not.toBe(distributor.profile.id);
    await post(pressFrom(`91${phone}`, buttonsOf(offer)[0]!));
    await waitForSend(phone, textSaying('এই প্রস্তাবটি শেষ হয়ে গেছে'));
    expect(await stateOf(pkg._id)).toEqual(after);
  });

  it('retries while Meta is down, loses nothing, and keeps Meta’s statuses in order', async () => {
    const { donor, distributor } = await pairInArea(ctx, area);
    const phone = await withWhatsapp(distributor);
    graph.state.down = true;
    const pkg = await donate(ctx, donor);
    await vi.waitFor(async () =>
      expect(await whatsappDeliveries(pkg._id)).toEqual([
        expect.objectContaining({
          kind: 'offered',
          state: 'pending',
          attempts: 1,
          last_error: expect.stringMatching(/\(500/),
        }),
      ]),
    );
    graph.state.down = false;
    // The next try, once its back-off has passed.
    await ctx.outreach.deliverer.runOnce(new Date(Date.now() + 11_000));
    const [row] = await whatsappDeliveries(pkg._id);
    expect(row).toMatchObject({ state: 'sent', attempts: 2 });
    const wamid = sentTo(phone).find(templateNamed('almquest_offer'))!.id;
    expect(row!.provider_message_id).toBe(wamid);

    // Read, then a late "delivered": read stands. Replayed: the same.
    await post(statusOf(wamid, 'read', `91${phone}`));
    await post(statusOf(wamid, 'delivered', `91${phone}`));
    await post(statusOf(wamid, 'read', `91${phone}`));
    expect((await whatsappDeliveries(pkg._id))[0]).toMatchObject({
      state: 'sent',
      provider_status: 'read',
    });

    // Accepted on the page; the donor has no WhatsApp, the distributor gets nothing more for
    // that. Cancelled: the distributor's update goes out, and Meta then says it failed.
    await callsAs(ctx, distributor).post(`/api/package/${pkg._id}/accept`).expect(200);
    await callsAs(ctx, donor).post(`/api/package/${pkg._id}/cancel`, {}).expect(200);
    const update = await waitForSend(phone, templateNamed('almquest_update'));
    expect(bodyOf(templateOf(update))[0]).toContain('The donor has cancelled this package');
    await post(
      statusOf(update.id, 'failed', `91${phone}`, [
        { code: 131026, title: 'Message undeliverable' },
      ]),
    );
    await post(statusOf(update.id, 'delivered', `91${phone}`));
    const failed = (await whatsappDeliveries(pkg._id)).find((d) => d.kind === 'cancelled');
    expect(failed).toMatchObject({ state: 'failed', provider_status: 'failed' });
    expect(failed!.last_error).toContain('131026');

    // The console: what did not arrive, and which channel reached whom.
    const console = callsAs(ctx, coordinator);
    const deadLetters = DeliveryListSchema.parse(
      (await console.get('/api/coordinator/deliveries?failed=1').expect(200)).body,
    );
    const cancelled = deadLetters.entries.find((e) => e.package?.id === pkg._id);
    expect(cancelled).toMatchObject({
      kind: 'cancelled',
      person: { id: distributor.profile.id, role: 'Distributor' },
      channels: [
        {
          channel: 'whatsapp',
          state: 'failed',
          providerStatus: 'failed',
          error: expect.stringContaining('131026'),
        },
      ],
      firstReached: null,
    });
    // Among what did not arrive: the donor's pairing, which no channel of theirs carried (they
    // have only the bell); not the offer that arrived.
    expect(
      deadLetters.entries
        .filter((e) => e.package?.id === pkg._id)
        .map((e) => [e.kind, e.channels.length])
        .sort(),
    ).toEqual([
      ['cancelled', 1],
      ['pairedDonor', 0],
    ]);
    const all = DeliveryListSchema.parse(
      (await console.get('/api/coordinator/deliveries').expect(200)).body,
    );
    expect(
      all.entries.find((e) => e.package?.id === pkg._id && e.kind === 'offered'),
    ).toMatchObject({
      channels: [{ channel: 'whatsapp', state: 'sent', providerStatus: 'read', attempts: 2 }],
      firstReached: 'whatsapp',
    });
    // Coordinators only; a bad filter names its field.
    await callsAs(ctx, donor).get('/api/coordinator/deliveries').expect(403);
    const bad = await console.get('/api/coordinator/deliveries?failed=yes').expect(400);
    expect(bad.body.error.fields).toHaveProperty('failed');
  });

  it('sends nothing to a stopped number, drops what was waiting, and answers a question', async () => {
    const { donor, distributor } = await pairInArea(ctx, area);
    const phone = await withWhatsapp(distributor, 'bn');
    // A question: where their latest package stands (none yet: what AlmQuest sends here).
    await post(textFrom(`91${phone}`, 'কী খবর?'));
    await waitForSend(phone, textSaying(WHATSAPP_REPLIES.bn.help));

    // Meta down, so the offer waits; STOP from the phone; then Meta back: it is dropped.
    graph.state.down = true;
    const first = await donate(ctx, donor);
    await vi.waitFor(async () =>
      expect((await whatsappDeliveries(first._id))[0]).toMatchObject({
        attempts: 1,
        last_error: expect.stringMatching(/\(500/),
      }),
    );
    await post(textFrom(`91${phone}`, 'STOP'));
    graph.state.down = false;
    await ctx.outreach.deliverer.runOnce(new Date(Date.now() + 11_000));
    expect((await whatsappDeliveries(first._id))[0]).toMatchObject({ state: 'dropped' });
    expect(sentTo(phone).filter(templateNamed('almquest_offer'))).toEqual([]);
    // While stopped, no row is even written for the next notification.
    await callsAs(ctx, distributor).post(`/api/package/${first._id}/accept`).expect(200);
    await callsAs(ctx, donor).post(`/api/package/${first._id}/cancel`, {}).expect(200);
    expect(await whatsappDeliveries(first._id)).toHaveLength(1);

    // START again; a question now gets the latest package's state, in Bengali.
    await post(textFrom(`91${phone}`, 'START'));
    await post(textFrom(`91${phone}`, 'প্যাকেট কোথায়?'));
    await waitForSend(phone, textSaying(WHATSAPP_REPLIES.bn.states.Cancelled));
  });

  it('carries updates only while the person wants them; offers always', async () => {
    const { donor, distributor } = await pairInArea(ctx, area);
    const phone = await withWhatsapp(distributor);
    const as = callsAs(ctx, distributor);
    // Bad input names the field; someone without the channel on cannot choose.
    const bad = await as.patch('/api/messaging/whatsapp', { updates: 'no' }).expect(400);
    expect(bad.body.error.fields).toHaveProperty('updates');
    await callsAs(ctx, donor).patch('/api/messaging/whatsapp', { updates: false }).expect(409);
    const off = await as.patch('/api/messaging/whatsapp', { updates: false }).expect(200);
    expect(off.body).toMatchObject({ state: 'on', updates: false });
    expect((await as.get('/api/messaging').expect(200)).body.whatsapp.updates).toBe(false);

    const pkg = await donate(ctx, donor);
    await waitForSend(phone, templateNamed('almquest_offer'));
    await as.post(`/api/package/${pkg._id}/accept`).expect(200);
    await callsAs(ctx, donor).post(`/api/package/${pkg._id}/cancel`, {}).expect(200);
    // The offer went; the cancellation (an update) has no WhatsApp row at all.
    expect((await whatsappDeliveries(pkg._id)).map((d) => d.kind)).toEqual(['offered']);
    await as.patch('/api/messaging/whatsapp', { updates: true }).expect(200);
  });

  it('keeps to WHATSAPP_PER_MINUTE: the rest wait in the outbox for the next minute', async () => {
    const whatsapp = ctx.config.whatsapp!;
    const { donor } = await pairInArea(ctx, area);
    const phone = await withWhatsapp(donor);
    const pkg = await donate(ctx, donor);
    // The donation woke the outbox; let that pass end, or it may send one of the rows below now.
    await ctx.outreach.deliverer.idle();
    // Three updates for the donor at once (the trigger queues their WhatsApp rows).
    await ctx.database.db.execute(sql`
      insert into notifications (user_id, package_id, state, user_type, kind, package_quantity,
                                 package_address)
      select ${donor.profile.id}, ${pkg._id}, 'Offered', 'Donor', 'stillWaiting', 10, 'x'
        from generate_series(1, 3)`);
    const updates = () => sentTo(phone).filter(templateNamed('almquest_update'));
    await forgetEarlierSends();
    const original = whatsapp.perMinute;
    whatsapp.perMinute = 2;
    try {
      // Five minutes on, so only this test's sends fall in the minute counted. One message to a
      // number at a time: the second goes seven seconds on; then the minute's two are spent.
      const later = Date.now() + 5 * 60_000;
      await ctx.outreach.deliverer.runOnce(new Date(later));
      expect(updates()).toHaveLength(1);
      await ctx.outreach.deliverer.runOnce(new Date(later + 7_000));
      expect(updates()).toHaveLength(2);
      await ctx.outreach.deliverer.runOnce(new Date(later + 14_000));
      expect(updates()).toHaveLength(2);
      // A minute on, the budget is back and the third goes.
      await ctx.outreach.deliverer.runOnce(new Date(later + 68_000));
      expect(updates()).toHaveLength(3);
    } finally {
      whatsapp.perMinute = original;
    }
  });
});

describe('what the attack on WhatsApp found', () => {
  const channelState = async (who: Registered) =>
    (await callsAs(ctx, who).get('/api/messaging').expect(200)).body.whatsapp.state as string;

  it('STOP stops a number nobody proved: no more codes to it from any account, until START', async () => {
    const victim = uniquePhone();
    const first = await createDonor(ctx, { location: area()(0), phone: victim });
    await callsAs(ctx, first).post('/api/messaging/whatsapp').expect(202);
    await post(textFrom(`91${victim}`, 'STOP'));
    await waitForSend(victim, textSaying(WHATSAPP_REPLIES.en.stopped));
    const second = await createDonor(ctx, { location: area()(0), phone: victim });
    for (const who of [first, second]) {
      const refused = await callsAs(ctx, who).post('/api/messaging/whatsapp').expect(409);
      expect(refused.body.error.key).toBe('messagingNumberStopped');
    }
    expect(sentTo(victim).filter(templateNamed('almquest_code'))).toHaveLength(1);
    await post(textFrom(`91${victim}`, 'START'));
    await callsAs(ctx, second).post('/api/messaging/whatsapp').expect(202);
  });

  it('retries Meta’s rate limits and sends one message a number at a time', async () => {
    const { donor } = await pairInArea(ctx, area);
    const phone = await withWhatsapp(donor);
    const pkg = await donate(ctx, donor);
    graph.state.refuseWith = { status: 400, code: 131056, message: 'pair rate limit hit' };
    await ctx.database.db.execute(sql`
      insert into notifications (user_id, package_id, state, user_type, kind, package_quantity,
                                 package_address)
      select ${donor.profile.id}, ${pkg._id}, 'Offered', 'Donor', 'stillWaiting', 10, 'x'
        from generate_series(1, 2)`);
    await ctx.outreach.deliverer.runOnce();
    // The app's own delivery loop may hold the first still (leased, its answer not yet written).
    let rows = await vi.waitFor(
      async () => {
        const now = await whatsappDeliveries(pkg._id);
        expect(now.find((r) => r.attempts === 1)?.last_error ?? '').toContain('131056');
        return now;
      },
      { timeout: 5000, interval: 50 },
    );
    // One was tried (and will be again: a rate limit is not a refusal), one waits its turn.
    expect(rows.map((r) => [r.state, r.attempts]).sort()).toEqual([
      ['pending', 0],
      ['pending', 1],
    ]);
    graph.state.refuseWith = null;
    await ctx.outreach.deliverer.runOnce(new Date(Date.now() + 15_000));
    await ctx.outreach.deliverer.runOnce(new Date(Date.now() + 30_000));
    rows = await whatsappDeliveries(pkg._id);
    expect(rows.map((r) => r.state)).toEqual(['sent', 'sent']);
    expect(sentTo(phone).filter(templateNamed('almquest_update'))).toHaveLength(2);
  });

  it('gives offers the minute’s budget before updates, and counts codes in it', async () => {
    const whatsapp = ctx.config.whatsapp!;
    const { donor, distributor } = await pairInArea(ctx, area);
    const donorPhone = await withWhatsapp(donor);
    const phone = await withWhatsapp(distributor);
    const old = await donate(ctx, donor);
    await callsAs(ctx, distributor).post(`/api/package/${old._id}/decline`, {}).expect(204);
    await ctx.database.db.execute(sql`
      insert into notifications (user_id, package_id, state, user_type, kind, package_quantity,
                                 package_address)
      select ${donor.profile.id}, ${old._id}, 'Not Paired', 'Donor', 'stillWaiting', 10, 'x'
        from generate_series(1, 3)`);
    await forgetEarlierSends();
    const original = whatsapp.perMinute;
    whatsapp.perMinute = 1;
    try {
      // The two codes just sent spent this minute's one message: the offer waits.
      await donate(ctx, donor);
      const offers = () => sentTo(phone).filter(templateNamed('almquest_offer')).length;
      const donorUpdates = () => sentTo(donorPhone).filter(templateNamed('almquest_update')).length;
      const [offersBefore, updatesBefore] = [offers(), donorUpdates()];
      // A minute on (the codes' minute over), one message: the offer, though the updates are
      // older.
      await ctx.outreach.deliverer.runOnce(new Date(Date.now() + 65_000));
      expect(offers()).toBe(offersBefore + 1);
      expect(donorUpdates()).toBe(updatesBefore);
      // A code now would pass the budget: refused with a clear 503 instead.
      const newcomer = await createDonor(ctx, { location: area()(0), phone: uniquePhone() });
      const busy = await callsAs(ctx, newcomer).post('/api/messaging/whatsapp').expect(503);
      expect(busy.body.error.key).toBe('messagingBusy');
    } finally {
      whatsapp.perMinute = original;
    }
  });

  it('keeps trying through an hour of Meta being down', async () => {
    const { donor } = await pairInArea(ctx, area);
    await withWhatsapp(donor);
    const pkg = await donate(ctx, donor);
    graph.state.down = true;
    await ctx.database.db.execute(sql`
      insert into notifications (user_id, package_id, state, user_type, kind, package_quantity,
                                 package_address)
      values (${donor.profile.id}, ${pkg._id}, 'Offered', 'Donor', 'stillWaiting', 10, 'x')`);
    for (let minutes = 1; minutes <= 40; minutes += 4) {
      await ctx.outreach.deliverer.runOnce(new Date(Date.now() + minutes * 60_000));
    }
    // Past the six tries (five minutes) that once gave up: still waiting for Meta.
    const [row] = await whatsappDeliveries(pkg._id);
    expect(row!.state).toBe('pending');
    expect(row!.attempts).toBeGreaterThan(6);
    graph.state.down = false;
    await ctx.outreach.deliverer.runOnce(new Date(Date.now() + 60 * 60_000));
    expect((await whatsappDeliveries(pkg._id))[0]).toMatchObject({ state: 'sent' });
  });

  it('keeps a STOP whose post carries a status it cannot use', async () => {
    const { distributor } = await pairInArea(ctx, area);
    const phone = await withWhatsapp(distributor);
    const bad = statusOf('wamid.x', 'failed', `91${phone}`, [{ code: 1, title: 'a\u0000b' }]);
    const value = bad.entry[0]!.changes[0]!.value as Record<string, unknown>;
    (value.statuses as Record<string, unknown>[]).push({
      id: 'wamid.y',
      status: 'read',
      timestamp: '999999999999',
    });
    const stop = textFrom(`91${phone}`, 'STOP').entry[0]!.changes[0]!.value;
    value.messages = (stop as unknown as { messages: unknown }).messages;
    await post(bad);
    expect(await channelState(distributor)).toBe('stopped');
  });

  it('needs a new code after the profile’s phone changes, even back again', async () => {
    const { donor } = await pairInArea(ctx, area);
    const phone = await withWhatsapp(donor);
    const as = callsAs(ctx, donor);
    await as.patch(`/api/donor/update/${donor.profile.id}`, { phone: uniquePhone() }).expect(200);
    expect(await channelState(donor)).toBe('off');
    await as.patch(`/api/donor/update/${donor.profile.id}`, { phone }).expect(200);
    expect(await channelState(donor)).toBe('off');
  });

  it('tells a donor of the pairing that holds, not of one that ended while Meta was down', async () => {
    const { donor, distributor, at } = await pairInArea(ctx, area);
    const donorPhone = await withWhatsapp(donor);
    const second = await createDistributor(ctx, {
      location: at(3),
      phone: uniquePhone(),
      name: 'Second Kitchen',
    });
    await updateDistributor(ctx, second, { autoAccept: false });
    graph.state.down = true;
    const pkg = await donate(ctx, donor);
    const first = pkg.pair?.distributor_id === second.profile.id ? second : distributor;
    const other = first === second ? distributor : second;
    await callsAs(ctx, first).post(`/api/package/${pkg._id}/accept`).expect(200);
    await callsAs(ctx, first).post(`/api/package/${pkg._id}/release`, {}).expect(204);
    expect((await stateOf(pkg._id)).distributor_id).toBe(other.profile.id);
    await callsAs(ctx, other).post(`/api/package/${pkg._id}/accept`).expect(200);
    graph.state.down = false;
    // One message to a number at a time: a few runs, seconds apart, send all there is.
    for (const seconds of [60, 70, 80, 90]) {
      await ctx.outreach.deliverer.runOnce(new Date(Date.now() + seconds * 1000));
    }
    const pairings = sentTo(donorPhone).filter(templateNamed('almquest_paired_donor'));
    expect(pairings.map((p) => bodyOf(templateOf(p))[1])).toEqual([other.profile.name]);
  });

  it('stops updates already waiting once the person asks for offers only', async () => {
    const { distributor } = await pairInArea(ctx, area);
    await withWhatsapp(distributor);
    const { donor } = await pairInArea(ctx, area);
    const pkg = await donate(ctx, donor);
    // The donation's own run of the outbox done first: it would send the update at once.
    await ctx.outreach.deliverer.idle();
    await ctx.database.db.execute(sql`
      insert into notifications (user_id, package_id, state, user_type, kind, package_quantity,
                                 package_address)
      values (${distributor.profile.id}, ${pkg._id}, 'Cancelled', 'Distributor', 'cancelled', 10,
              'x')`);
    await callsAs(ctx, distributor)
      .patch('/api/messaging/whatsapp', { updates: false })
      .expect(200);
    await ctx.outreach.deliverer.runOnce();
    expect((await whatsappDeliveries(pkg._id)).find((d) => d.kind === 'cancelled')).toMatchObject({
      state: 'dropped',
    });
  });
});

describe('the outbox’s upkeep', () => {
  it('forgets finished deliveries after a week and inbound message ids after eight days', async () => {
    const { donor } = await pairInArea(ctx, area);
    const phone = await withWhatsapp(donor);
    const id = `wamid.old.${Date.now()}`;
    await post(textFrom(`91${phone}`, 'hello', id));
    await waitForSend(phone, textSaying(WHATSAPP_REPLIES.en.help));
    const seen = () =>
      queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from messaging_inbound where provider_message_id = ${id}`,
      ).then((rows) => rows[0]!.n);
    const day = 24 * 60 * 60_000;
    await deleteOldDeliveries(ctx.database.db, new Date(Date.now() + 7 * day));
    expect(await seen()).toBe(1);
    await deleteOldDeliveries(ctx.database.db, new Date(Date.now() + 8 * day + 60_000));
    expect(await seen()).toBe(0);
  });
});

describe('the WhatsApp templates in the repository', () => {
  const file = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../../ops/messaging/whatsapp-templates.json',
  );
  const { templates } = JSON.parse(readFileSync(file, 'utf8')) as {
    templates: Record<
      string,
      {
        category: string;
        variables: string[];
        languages: Record<string, string>;
        buttons?: { type: string; languages: Record<string, string[]> };
      }
    >;
  };

  it('are the templates the server sends, with their variables in order, in three languages', () => {
    expect(Object.keys(templates).sort()).toEqual(Object.keys(WHATSAPP_TEMPLATE_VARIABLES).sort());
    for (const [name, variables] of Object.entries(WHATSAPP_TEMPLATE_VARIABLES)) {
      const template = templates[name]!;
      expect(template.variables, name).toEqual(variables);
      expect(Object.keys(template.languages).sort(), name).toEqual(['bn', 'en', 'hi']);
      for (const [language, text] of Object.entries(template.languages)) {
        // {{1}} … {{n}}, each once, in order; fixed words first and last, as Meta requires.
        const used = [...text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
        expect(used, `${name} ${language}`).toEqual(variables.map((_, i) => i + 1));
        // (Meta writes an authentication template's words itself.)
        if (template.category !== 'AUTHENTICATION') {
          expect(text.trim(), `${name} ${language}`).not.toMatch(/^\{\{|\}\}$/);
        }
      }
    }
  });

  it('give the offer two buttons in each language, Accept first', () => {
    const buttons = templates.almquest_offer!.buttons!;
    expect(buttons.type).toBe('quick_reply');
    expect(buttons.languages.en).toEqual(['Accept', 'Decline']);
    for (const language of ['hi', 'bn']) expect(buttons.languages[language]).toHaveLength(2);
  });
});
