import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessagingSettingsSchema } from '@almquest/contracts/messaging';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client';
import { createDistributor, createDonor, type Registered } from '../../test/factories';
import { signIn } from '../../test/session';
import {
  fakeGraphApi,
  metaBody,
  PHONE_NUMBER_ID,
  sign,
  textFrom,
  uniquePhone,
  VERIFY_TOKEN,
} from '../../test/fake-whatsapp';
import { createTestApp, type TestContext } from '../../test/test-app';
import { WHATSAPP_REPLIES } from './replies';

describe('WhatsApp: opt-in by a code, the webhook, STOP and START', () => {
  const graph = fakeGraphApi();
  let ctx: TestContext;
  beforeAll(async () => {
    // A database of its own: other files' apps have no WhatsApp, and would lease (and drop) the
    // WhatsApp deliveries this file's notifications make.
    ctx = await createTestApp({ ...(await graph.start()), RATE_LIMIT_MULTIPLIER: '1' }, {}, 'own');
  });
  afterAll(async () => {
    await ctx.close();
    await graph.close();
  });
  beforeEach(() => {
    graph.sent.length = 0;
    graph.state.down = false;
  });

  const settings = async (who: Registered | { cookie: string }) =>
    MessagingSettingsSchema.parse(
      (await request(ctx.app).get('/api/messaging').set('Cookie', who.cookie).expect(200)).body,
    );
  const turnOn = (who: { cookie: string }) =>
    request(ctx.app).post('/api/messaging/whatsapp').set('Cookie', who.cookie).send();
  const verify = (who: { cookie: string }, code: string) =>
    request(ctx.app)
      .post('/api/messaging/whatsapp/verify')
      .set('Cookie', who.cookie)
      .send({ code });
  const lastCode = () => {
    const template = graph.sent.at(-1)!.body.template as {
      components: { type: string; parameters: { text: string }[] }[];
    };
    return template.components[0]!.parameters[0]!.text;
  };
  const post = (body: string, signature: string | null = sign(body)) => {
    const req = request(ctx.app)
      .post('/api/whatsapp/webhook')
      .set('Content-Type', 'application/json');
    return (signature ? req.set('X-Hub-Signature-256', signature) : req).send(body);
  };
  const channelRow = async (userId: string) =>
    (
      await queryRows<{
        verified_at: Date | null;
        opted_out_via: string | null;
        code_tries: number;
      }>(
        ctx.database.db,
        sql`select verified_at, opted_out_via, code_tries from messaging_channels
             where user_id = ${userId} and channel = 'whatsapp'`,
      )
    )[0];

  it('proves the number with a code sent in the person’s language, then is on', async () => {
    const phone = uniquePhone();
    const distributor = await createDistributor(ctx, { phone });
    await ctx.database.db.execute(
      sql`update users set locale = 'hi' where id = ${distributor.profile.id}`,
    );
    expect((await settings(distributor)).whatsapp).toEqual({
      available: true,
      state: 'off',
      phone: null,
      updates: true,
    });
    const started = await turnOn(distributor).expect(202);
    expect(started.body).toEqual({ available: true, state: 'verifying', phone, updates: true });
    // One authentication template to 91 + the number, in Hindi, the code in its body and button.
    expect(graph.sent).toHaveLength(1);
    const message = graph.sent[0]!;
    expect(message.to).toBe(`91${phone}`);
    expect(message.body.template).toMatchObject({
      name: 'almquest_code',
      language: { code: 'hi' },
      components: [
        { type: 'body', parameters: [{ type: 'text', text: expect.stringMatching(/^\d{6}$/) }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text' }] },
      ],
    });
    const code = lastCode();
    // A wrong code spends a try and names the field; the right one, typed in Devanagari digits
    // with a space, turns the channel on.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await verify(distributor, wrong).expect(400);
    expect(refused.body.error).toMatchObject({ key: 'messagingCodeWrong' });
    expect(refused.body.error.fields).toHaveProperty('code');
    expect((await channelRow(distributor.profile.id))?.code_tries).toBe(1);
    const devanagari = code.replace(/\d/g, (d) => String.fromCharCode(0x966 + Number(d)));
    const on = await verify(distributor, `${devanagari.slice(0, 3)} ${devanagari.slice(3)}`);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toEqual({ available: true, state: 'on', phone, updates: true });
    // Already on: a code again (even a spent one) just says so.
    expect((await verify(distributor, code).expect(200)).body.state).toBe('on');
    // Already on: turning it on again sends nothing.
    await turnOn(distributor).expect(200);
    expect(graph.sent).toHaveLength(1);
  });

  it('refuses a sixth guess, an expired code, bad input, and a server that cannot send', async () => {
    const donor = await createDonor(ctx, { phone: uniquePhone() });
    await turnOn(donor).expect(202);
    const code = lastCode();
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i++) await verify(donor, wrong).expect(400);
    // The fifth wrong guess uses the code up: even the right code is refused after it.
    expect((await verify(donor, wrong).expect(429)).body.error.key).toBe('messagingCodeTries');
    expect((await verify(donor, code).expect(429)).body.error.key).toBe('messagingCodeTries');
    expect((await settings(donor)).whatsapp.state).toBe('verifying');
    // A new code starts again; it expires after fifteen minutes.
    await turnOn(donor).expect(202);
    await ctx.database.db.execute(
      sql`update messaging_channels set code_expires_at = now() - interval '1 second'
           where user_id = ${donor.profile.id}`,
    );
    expect((await verify(donor, lastCode()).expect(400)).body.error.key).toBe(
      'messagingCodeExpired',
    );
    expect((await settings(donor)).whatsapp.state).toBe('off');
    // Bad input names the field.
    for (const body of [{}, { code: '12345' }, { code: 'abcdef' }, { code: 123456 }]) {
      const res = await request(ctx.app)
        .post('/api/messaging/whatsapp/verify')
        .set('Cookie', donor.cookie)
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty('code');
    }
    // Meta down: a clear 503, and the channel as it was (no code kept that never went out).
    graph.state.down = true;
    const before = await channelRow(donor.profile.id);
    expect((await turnOn(donor).expect(503)).body.error.key).toBe('messagingSendFailed');
    expect(await channelRow(donor.profile.id)).toEqual(before);
  });

  it('asks who is asking: signed out 401, not registered 409, three codes an hour', async () => {
    await request(ctx.app).get('/api/messaging').expect(401);
    await request(ctx.app).post('/api/messaging/whatsapp').expect(401);
    await request(ctx.app)
      .post('/api/messaging/whatsapp/verify')
      .send({ code: '123456' })
      .expect(401);
    await request(ctx.app).delete('/api/messaging/whatsapp').expect(401);
    const newcomer = await signIn(ctx, `newcomer.${randomInt(1e9)}@example.org`);
    expect((await turnOn(newcomer).expect(409)).body.error.key).toBe('registerFirst');
    expect(graph.sent).toHaveLength(0);
    const donor = await createDonor(ctx, { phone: uniquePhone() });
    // Codes Meta could not take are not counted: the person may ask again once it is back.
    graph.state.down = true;
    for (let i = 0; i < 3; i++) await turnOn(donor).expect(503);
    graph.state.down = false;
    // (The refund is written as the answer finishes.)
    await vi.waitFor(async () =>
      expect(
        await queryRows<{ hits: number }>(
          ctx.database.db,
          sql`select hits from rate_limit_hits
               where bucket like ${`%messaging-codes:${donor.profile.id}:whatsapp`}`,
        ),
      ).toEqual([{ hits: 0 }]),
    );
    for (let i = 0; i < 3; i++) await turnOn(donor).expect(202);
    expect((await turnOn(donor).expect(429)).body.error.key).toBe('messagingCodesTooMany');
    expect(graph.sent).toHaveLength(3);
  });

  it('caps codes to one number whoever asks, and sends none to a number that said STOP', async () => {
    const phone = uniquePhone();
    const [first, second] = [await createDonor(ctx, { phone }), await createDonor(ctx, { phone })];
    await turnOn(first).expect(202);
    await turnOn(first).expect(202);
    await turnOn(second).expect(202);
    // A fourth code to that number within the hour: refused, from any account.
    expect((await turnOn(second).expect(429)).body.error.key).toBe('messagingCodesTooMany');
    expect(graph.sent).toHaveLength(3);
    // Its owner proves it, then says STOP from the phone: nobody else's account sends it a code.
    const owner = await createDistributor(ctx, { phone: uniquePhone() });
    const ownPhone = owner.profile.phone;
    await turnOn(owner).expect(202);
    await verify(owner, lastCode()).expect(200);
    await post(metaBody(textFrom(`91${ownPhone}`, 'STOP'))).expect(200);
    await vi.waitFor(() => expect(graph.sent).toHaveLength(5));
    const other = await createDonor(ctx, { phone: ownPhone });
    expect((await turnOn(other).expect(409)).body.error.key).toBe('messagingNumberStopped');
    expect(graph.sent).toHaveLength(5);
    // The owner may turn it on again from the profile: a new code, theirs to prove.
    await turnOn(owner).expect(202);
    expect(graph.sent).toHaveLength(6);
  });

  it('answers Meta’s subscription check with the verify token only', async () => {
    const check = (token: string, challenge = '1158201444') =>
      request(ctx.app).get('/api/whatsapp/webhook').query({
        'hub.mode': 'subscribe',
        'hub.verify_token': token,
        'hub.challenge': challenge,
      });
    const ok = await check(VERIFY_TOKEN).expect(200);
    expect(ok.text).toBe('1158201444');
    await check('wrong-token').expect(403);
    await check(VERIFY_TOKEN, '<script>alert(1)</script>').expect(403);
    await request(ctx.app).get('/api/whatsapp/webhook').expect(403);
  });

  it('takes STOP and START from the phone, once each, and only when Meta signed them', async () => {
    const phone = uniquePhone();
    const distributor = await createDistributor(ctx, { phone });
    await ctx.database.db.execute(
      sql`update users set locale = 'bn' where id = ${distributor.profile.id}`,
    );
    await turnOn(distributor).expect(202);
    await verify(distributor, lastCode()).expect(200);
    graph.sent.length = 0;

    // Forged (another secret), unsigned, or altered after signing: refused, nothing changes.
    const stop = metaBody(textFrom(`91${phone}`, 'STOP'));
    await post(stop, sign(stop, 'not-the-app-secret')).expect(401);
    await post(stop, null).expect(401);
    await post(stop.replace('STOP', 'stop'), sign(stop)).expect(401);
    expect((await settings(distributor)).whatsapp.state).toBe('on');

    // Signed: stopped, with a reply in the person's language; Meta's retry of it does nothing.
    await post(stop).expect(200);
    expect((await settings(distributor)).whatsapp).toEqual({
      available: true,
      state: 'stopped',
      phone,
      updates: true,
    });
    // Replies go out after Meta has its answer.
    const sends = (n: number) => vi.waitFor(() => expect(graph.sent).toHaveLength(n));
    await sends(1);
    expect(graph.sent).toEqual([
      expect.objectContaining({
        to: `91${phone}`,
        type: 'text',
        body: expect.objectContaining({
          text: { body: WHATSAPP_REPLIES.bn.stopped, preview_url: false },
        }),
      }),
    ]);
    await post(stop).expect(200);

    // START (in Bengali) turns it on again.
    await post(metaBody(textFrom(`91${phone}`, 'চালু'))).expect(200);
    expect((await settings(distributor)).whatsapp.state).toBe('on');
    // Two replies in all: the replayed STOP sent none.
    await sends(2);
    expect(graph.sent.at(-1)!.body.text).toEqual({
      body: WHATSAPP_REPLIES.bn.started,
      preview_url: false,
    });

    // Off in the profile: START from the phone does not undo that.
    expect(
      (await request(ctx.app).delete('/api/messaging/whatsapp').set('Cookie', distributor.cookie))
        .body,
    ).toEqual({ available: true, state: 'off', phone: null, updates: true });
    expect((await channelRow(distributor.profile.id))?.opted_out_via).toBe('profile');
    await post(metaBody(textFrom(`91${phone}`, 'START'))).expect(200);
    expect((await settings(distributor)).whatsapp.state).toBe('off');
    await sends(3);
    expect(graph.sent.at(-1)!.body.text).toMatchObject({ body: WHATSAPP_REPLIES.en.notVerified });

    // A number nobody verified: nothing changes for anyone, and the reply says how to start.
    const stranger = uniquePhone();
    await post(metaBody(textFrom(`91${stranger}`, 'stop'))).expect(200);
    await sends(4);
    expect(graph.sent.at(-1)).toMatchObject({ to: `91${stranger}` });
    // Ordinary chat, other numbers' events and odd shapes are left alone (never a 500).
    await post(metaBody(textFrom(`91${phone}`, 'Hello, is the food still there?'))).expect(200);
    const elsewhere = textFrom(`91${phone}`, 'STOP');
    elsewhere.entry[0]!.changes[0]!.value.metadata.phone_number_id = '999';
    await post(metaBody(elsewhere)).expect(200);
    const odd = textFrom(`91${phone}`, 'STOP', 'wamid.\u0000bad');
    for (const body of [
      metaBody(odd),
      '{"entry":[{"changes":[null]}]}',
      '{"entry":[null,{"changes":[{"field":"messages","value":{"metadata":null}}]}]}',
      `{"entry":[{"changes":[{"field":"messages","value":{"metadata":{"phone_number_id":"${PHONE_NUMBER_ID}"},"messages":[null,7]}}]}]}`,
      'null',
    ]) {
      await post(body).expect(200);
    }
    const last = uniquePhone();
    await post(metaBody(textFrom(`91${last}`, 'STOP'))).expect(200);
    await sends(5);
    expect(graph.sent.at(-1)).toMatchObject({ to: `91${last}` });
    expect((await settings(distributor)).whatsapp.state).toBe('off');
    // Not JSON, though signed: 400, no crash.
    await post('not json').expect(400);
  });

  it('is not there when no WhatsApp (nor SMS) is configured: not offered, routes 404', async () => {
    const plain = await createTestApp();
    try {
      const donor = await createDonor(plain, { phone: uniquePhone() });
      const res = await request(plain.app).get('/api/messaging').set('Cookie', donor.cookie);
      expect(res.body.whatsapp).toEqual({
        available: false,
        state: 'off',
        phone: null,
        updates: true,
      });
      const on = await request(plain.app)
        .post('/api/messaging/whatsapp')
        .set('Cookie', donor.cookie);
      expect(on.status).toBe(404);
      expect(on.body.error.key).toBe('messagingUnavailable');
      await request(plain.app).get('/api/whatsapp/webhook').expect(404);
      // Nor SMS: not offered, its routes and its webhook unknown.
      expect(res.body.sms).toMatchObject({ available: false, state: 'off' });
      await request(plain.app).post('/api/messaging/sms').set('Cookie', donor.cookie).expect(404);
      await request(plain.app).get('/api/sms/webhook/anything/inbound').expect(404);
    } finally {
      await plain.close();
    }
  });
});

describe('the WhatsApp templates in the repository', () => {
  it('have the code template the server sends, in all three languages, with its one variable', () => {
    const file = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../../../ops/messaging/whatsapp-templates.json',
    );
    const { templates } = JSON.parse(readFileSync(file, 'utf8')) as {
      templates: Record<string, { variables: string[]; languages: Record<string, string> }>;
    };
    const code = templates.almquest_code!;
    expect(code.variables).toEqual(['code']);
    expect(Object.keys(code.languages).sort()).toEqual(['bn', 'en', 'hi']);
    for (const text of Object.values(code.languages)) expect(text).toContain('{{1}}');
  });
});
