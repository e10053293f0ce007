import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { forgetArea, nextPatches } from '../../test/areas';
import {
  callsAs,
  createDistributor,
  createDonor,
  donate,
  markPackage,
  readsIn,
  uniqueClientIp,
  withLongRecord,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { runRetention } from './retention';
import { runDormancy } from './dormant';
import { createSmtpSender } from '../../lib/smtp';
import { readMail, startSmtpServer } from '../../test/smtp';
import { signIn } from '../../test/session';
import pino from 'pino';

/**
 * Every column of every table that can hold text (text, jsonb, arrays), and what becomes of it
 * when its person deletes their account (decision 043). A column added without a line here fails
 * the first test: nobody adds a place for personal data without deciding how it is erased.
 *
 * - `erased`: holds people's data; the second test proves none of the deleted person's is left.
 * - `kept`: a coordinator's own e-mail on their actions, kept for accountability (decision 043).
 * - `not-personal`: ids, states, codes, counts, words of the app's own.
 */
const COLUMNS: Record<string, Record<string, 'erased' | 'kept' | 'not-personal'>> = {
  app_functions: { name: 'not-personal', checksum: 'not-personal' },
  app_migrations: { name: 'not-personal', checksum: 'not-personal' },
  app_state: { key: 'not-personal', value: 'not-personal' },
  audit_log: {
    // Kept: who acted stays accountable after their own account goes (DPDP Rule 8(3), a year).
    actor_email: 'kept',
    action: 'not-personal',
    target_kind: 'not-personal',
    target_id: 'not-personal',
    reason: 'erased',
    summary: 'erased',
    details: 'erased',
  },
  auth_requests: {
    id: 'not-personal',
    state: 'not-personal',
    nonce: 'not-personal',
    code_verifier: 'not-personal',
    return_to: 'not-personal',
  },
  consent_receipts: { notice: 'not-personal', locale: 'not-personal' },
  contact_messages: {
    name: 'erased',
    email: 'erased',
    message: 'erased',
    delivery_state: 'not-personal',
    last_error: 'not-personal',
  },
  dev_idp_entries: {
    key: 'erased',
    model: 'not-personal',
    uid: 'not-personal',
    user_code: 'not-personal',
    grant_id: 'not-personal',
    payload: 'erased',
  },
  distributors: { registration_number: 'erased' },
  donors: { donor_type: 'not-personal', fssai_number: 'erased' },
  impact_deltas: { state: 'not-personal', city: 'not-personal' },
  impact_totals: { state: 'not-personal', city: 'not-personal' },
  messaging_channels: {
    channel: 'not-personal',
    phone: 'erased',
    code_hash: 'not-personal',
    opted_out_via: 'not-personal',
  },
  messaging_direct_sends: { channel: 'not-personal' },
  messaging_inbound: { provider_message_id: 'not-personal', channel: 'not-personal' },
  messaging_number_stops: { channel: 'not-personal', phone: 'erased' },
  notification_deliveries: {
    channel: 'not-personal',
    state: 'not-personal',
    last_error: 'not-personal',
    provider_message_id: 'not-personal',
    provider_status: 'not-personal',
  },
  notifications: {
    photo: 'erased',
    state: 'not-personal',
    user_type: 'not-personal',
    package_address: 'erased',
    counterpart_name: 'erased',
    kind: 'not-personal',
  },
  package_events: { kind: 'not-personal', reason: 'not-personal' },
  // A reporter's notes go with them; notes about someone's packages stay as evidence.
  package_reports: { reason: 'not-personal', note: 'kept' },
  packages: {
    donor_name: 'erased',
    donor_phone: 'erased',
    state: 'not-personal',
    address: 'erased',
    idempotency_key: 'not-personal',
    distributor_name: 'erased',
    distributor_phone: 'erased',
    distributor_address: 'erased',
    meet_address: 'erased',
    distributor_path: 'erased',
    donor_path: 'erased',
    diet: 'not-personal',
    handover_code: 'not-personal',
    city: 'not-personal',
    food_kind: 'not-personal',
    handover_check: 'not-personal',
    disposed_reason: 'not-personal',
  },
  places: {
    name: 'not-personal',
    search_key: 'not-personal',
    kind: 'not-personal',
    district: 'not-personal',
    state: 'not-personal',
    pin: 'not-personal',
  },
  push_subscriptions: { endpoint: 'erased', p256dh: 'erased', auth: 'erased' },
  rate_limit_hits: { bucket: 'erased' },
  sessions: { id_hash: 'erased' },
  standing_donations: {
    rule: 'not-personal',
    ready_at: 'not-personal',
    time_zone: 'not-personal',
    address: 'erased',
    diet: 'not-personal',
    food_kind: 'not-personal',
  },
  users: {
    email: 'erased',
    name: 'erased',
    picture: 'erased',
    user_type: 'not-personal',
    phone: 'erased',
    address: 'erased',
    locale: 'not-personal',
    suspended_reason: 'erased',
    calendar_token_hash: 'erased',
    privacy_notice: 'not-personal',
  },
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await forgetArea(ctx.database.db, 'erasure');
});
afterAll(() => ctx.close());

const patches = nextPatches('erasure');

type Column = { table_name: string; column_name: string };
/** Columns that can hold text, in the tables the app owns. */
const textColumns = () =>
  queryRows<Column>(
    ctx.database.db,
    sql`select c.table_name, c.column_name
          from information_schema.columns c
          join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
           and (c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY'))
           and c.is_generated = 'NEVER'
         order by 1, 2`,
  );

describe('erasing a person', () => {
  it('has decided, for every column that can hold text, whether it holds personal data', async () => {
    const found = await textColumns();
    const undecided = found
      .filter((c) => COLUMNS[c.table_name]?.[c.column_name] === undefined)
      .map((c) => `${c.table_name}.${c.column_name}`);
    expect(undecided).toEqual([]);
    // And no line here names a column that no longer exists.
    const names = new Set(found.map((c) => `${c.table_name}.${c.column_name}`));
    const stale = Object.entries(COLUMNS)
      .flatMap(([table, columns]) => Object.keys(columns).map((column) => `${table}.${column}`))
      .filter((name) => !names.has(name));
    expect(stale).toEqual([]);
  });

  it('leaves nothing of a deleted donor in any column, while the distributor keeps the meals', async () => {
    const at = patches();
    const mark = randomBytes(4).toString('hex');
    const name = `Zarina Erase${mark}`;
    const phone = `9${String(parseInt(mark, 16) % 1_000_000_000).padStart(9, '0')}`;
    const home = at();
    const address = `${home.address} Erase Lane ${mark}`;
    const donor = await createDonor(ctx, {
      name,
      phone,
      location: { ...home, address },
    });
    const email = donor.user.email;
    const distributor = await createDistributor(ctx, {
      location: at(2),
    });
    await withLongRecord(ctx, [distributor.profile.id]);

    // A life on AlmQuest: a package handed out, one waiting, a calendar, a device, a message.
    const handed = await donate(ctx, donor, { quantity: 9 });
    expect((await markPackage(ctx, distributor, handed, 'Received')).status).toBe(200);
    expect((await markPackage(ctx, distributor, handed, 'Distributed')).status).toBe(200);
    await callsAs(ctx, donor).post('/api/me/calendar', {}).expect(201);
    await ctx.database.db.execute(sql`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth)
      values (${donor.profile.id}, ${`https://fcm.googleapis.com/fcm/send/${mark}`}, ${`key${mark}`}, ${`auth${mark}`})`);
    await request(ctx.app)
      .post('/api/contact')
      .set('X-Forwarded-For', uniqueClientIp())
      .send({ name, email, message: `Please call me on ${phone}` })
      .expect(202);
    // A report of theirs, in their own words (others' reports about them stay: evidence).
    await callsAs(ctx, donor)
      .post(`/api/package/${handed._id}/report`, {
        reason: 'no_show',
        note: `${name} here, call me on ${phone}`,
      })
      .expect(201);
    // One more handed over and not yet marked Distributed: the donor's part is done, so it does
    // not keep them from leaving.
    const held = await donate(ctx, donor, { quantity: 2 });
    expect((await markPackage(ctx, distributor, held, 'Received')).status).toBe(200);

    // A coordinator's words about them (as a registration check or a warning records them).
    await ctx.database.db.execute(sql`
      insert into audit_log (actor_email, action, target_kind, target_id, reason, details)
      values ('coordinator@example.org', 'registration.verify', 'user', ${donor.profile.id},
              ${`Called ${name} on ${phone}`}, ${JSON.stringify({ name })}::jsonb),
             ('coordinator@example.org', 'package.cancel', 'package', ${handed._id},
              ${`${name} asked for it`}, null)`);

    await callsAs(ctx, donor).delete(`/api/donor/${donor.profile.id}`).expect(204);

    // What the coordinator did, to whom (by id) and when stays; their words about the person go.
    const [entry] = await queryRows<{ action: string; reason: string | null; details: unknown }>(
      ctx.database.db,
      sql`select action, reason, details from audit_log
           where target_kind = 'user' and target_id = ${donor.profile.id}::text`,
    );
    expect(entry).toEqual({ action: 'registration.verify', reason: null, details: null });
    // Nobody else may change the log: outside an erasure it is append-only, as before.
    await expect(
      ctx.database.db.execute(
        sql`update audit_log set reason = null where target_id = ${donor.profile.id}::text`,
      ),
    ).rejects.toThrow();

    // Every text column of every table, searched for anything that was theirs.
    const traces: string[] = [];
    for (const { table_name, column_name } of await textColumns()) {
      for (const needle of [name, mark, phone, email.toLowerCase(), address]) {
        const [hit] = await queryRows<{ n: number }>(
          ctx.database.db,
          sql`select count(*)::int as n from ${sql.identifier(table_name)}
               where lower(${sql.identifier(column_name)}::text) like ${`%${needle.toLowerCase()}%`}`,
        );
        if (hit!.n > 0) traces.push(`${table_name}.${column_name} holds "${needle}"`);
      }
    }
    expect(traces).toEqual([]);
    // Nothing keyed by them either.
    for (const table of ['consent_receipts', 'sessions', 'push_subscriptions', 'donors']) {
      const [left] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${donor.profile.id}`,
      );
      expect(left!.n, table).toBe(0);
    }

    // The package they handed over is finished by its distributor as any other.
    expect(
      (await markPackage(ctx, distributor, { ...held, donor_id: null }, 'Distributed')).status,
    ).toBe(200);
    // The distributor's history keeps the package and its meals, without the donor.
    const theirs = await callsAs(ctx, distributor).get(`/api/package/${handed._id}`).expect(200);
    expect(theirs.body.package).toMatchObject({ quantity: 9, donor_name: 'A former donor' });
  });
});

describe('keeping data no longer than the notice says', () => {
  it('hides a finished package’s contacts after its days, and drops old messages and audit entries', async () => {
    const at = patches();
    const donor = await createDonor(ctx, { location: at(), phone: '9000011111' });
    const distributor = await createDistributor(ctx, { location: at(2), phone: '9000022222' });
    await withLongRecord(ctx, [distributor.profile.id]);
    const old = await donate(ctx, donor, { quantity: 5 });
    const recent = await donate(ctx, donor, { quantity: 4 });
    const held = await donate(ctx, donor, { quantity: 3 });
    for (const pkg of [old, recent]) {
      expect((await markPackage(ctx, distributor, pkg, 'Received')).status).toBe(200);
      expect((await markPackage(ctx, distributor, pkg, 'Distributed')).status).toBe(200);
    }
    expect((await markPackage(ctx, distributor, held, 'Received')).status).toBe(200);
    const day = 86_400_000;
    await ctx.database.db.execute(
      sql`update packages set distributed_at = ${new Date(Date.now() - 31 * day)} where id = ${old._id}`,
    );
    // Handed over a month ago and never marked Distributed: its handover was its end.
    await ctx.database.db.execute(
      sql`update packages set received_at = ${new Date(Date.now() - 31 * day)} where id = ${held._id}`,
    );
    const mark = randomBytes(4).toString('hex');
    await ctx.database.db.execute(sql`
      insert into contact_messages (name, email, message, created_at, delivery_state)
      values ('Old', ${`old.${mark}@example.org`}, 'hello', ${new Date(Date.now() - 400 * day)}, 'sent'),
             ('New', ${`new.${mark}@example.org`}, 'hello', now(), 'sent')`);
    await ctx.database.db.execute(sql`
      insert into audit_log (actor_email, action, target_kind, target_id, at)
      values ('c@example.org', ${`old.${mark}`}, 'user', ${randomUUID()}, ${new Date(Date.now() - 1200 * day)}),
             ('c@example.org', ${`new.${mark}`}, 'user', ${randomUUID()}, now())`);

    const result = await runRetention(ctx.database.db, ctx.config.privacy.retention);
    expect(result.packagesHidden).toBeGreaterThanOrEqual(2);

    // The donor's view of the old package no longer names or rings the distributor; the meals stay.
    const oldView = (await callsAs(ctx, donor).get(`/api/package/${old._id}`).expect(200)).body
      .package;
    expect(oldView).toMatchObject({
      quantity: 5,
      pair: { distributor_name: '', distributor_phone: '' },
    });
    const theirView = (await callsAs(ctx, distributor).get(`/api/package/${old._id}`).expect(200))
      .body.package;
    expect(theirView).toMatchObject({ donor_name: '', donor_phone: '' });
    // Marked Distributed after its contacts were hidden: they stay hidden.
    expect((await markPackage(ctx, distributor, held, 'Distributed')).status).toBe(200);
    const heldView = (await callsAs(ctx, donor).get(`/api/package/${held._id}`).expect(200)).body
      .package;
    expect(heldView).toMatchObject({ pair: { distributor_name: '', distributor_phone: '' } });
    // The package finished today keeps both sides' contacts.
    const recentView = (await callsAs(ctx, donor).get(`/api/package/${recent._id}`).expect(200))
      .body.package;
    expect(recentView.pair.distributor_phone).not.toBe('');

    const messages = await queryRows<{ email: string }>(
      ctx.database.db,
      sql`select email from contact_messages where email like ${`%.${mark}@example.org`}`,
    );
    expect(messages.map((m) => m.email)).toEqual([`new.${mark}@example.org`]);
    const entries = await queryRows<{ action: string }>(
      ctx.database.db,
      sql`select action from audit_log where action like ${`%.${mark}`}`,
    );
    expect(entries.map((e) => e.action)).toEqual([`new.${mark}`]);
    // Run again: nothing more to do for these.
    const again = await runRetention(ctx.database.db, ctx.config.privacy.retention);
    expect(again.auditDeleted).toBe(0);
  });
});

describe('accounts nobody uses', () => {
  it('warns by e-mail in the person’s language, then erases, unless they sign in or a package is under way', async () => {
    const smtp = await startSmtpServer();
    const sender = createSmtpSender({ smtpUrl: smtp.url, from: 'AlmQuest <no-reply@example.org>' });
    const logger = pino({ level: 'silent' });
    // Two processes run the job at once: still one warning each.
    try {
      const at = patches();
      const quiet = await createDonor(ctx, { location: at() });
      await readsIn(ctx, quiet, 'hi');
      const busy = await createDonor(ctx, { location: at(1) });
      const distributor = await createDistributor(ctx, { location: at(2) });
      await withLongRecord(ctx, [distributor.profile.id]);
      const open = await donate(ctx, busy, { quantity: 3 });
      expect(open.current_state).toBe('Paired');
      const returning = await createDonor(ctx, { location: at(3) });
      const active = await createDonor(ctx, { location: at(4) });
      const day = 86_400_000;
      const ids = [quiet, busy, returning].map((p) => p.profile.id);
      await ctx.database.db.execute(sql`
        update users set last_sign_in_at = ${new Date(Date.now() - 731 * day)}
         where id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`);
      await ctx.database.db.execute(sql`
        delete from sessions where user_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`);

      const [first, alongside] = await Promise.all([
        runDormancy({ db: ctx.database.db, sender, config: ctx.config, logger }),
        runDormancy({ db: ctx.database.db, sender, config: ctx.config, logger }),
      ]);
      // Each person went to one of the two (skipped, not waited for, by the other).
      expect(first.warned + alongside.warned).toBe(smtp.received.length);
      expect(first.warned + alongside.warned).toBeGreaterThanOrEqual(2);
      const warnedTo = smtp.received.flatMap((m) => m.to);
      expect(warnedTo).toEqual(expect.arrayContaining([quiet.user.email, returning.user.email]));
      // Signed in lately, or a package of theirs moving (as by WhatsApp, with no sign-in): in use.
      expect(warnedTo).not.toContain(active.user.email);
      expect(warnedTo).not.toContain(busy.user.email);
      const toQuiet = smtp.received.find((m) => m.to.includes(quiet.user.email))!;
      expect(readMail(toQuiet.raw).headers.get('subject')).toBe(
        'साइन इन न करने पर आपका AlmQuest अकाउंट मिटा दिया जाएगा',
      );
      // Warned once: the next run sends nothing more to them.
      const sent = smtp.received.length;
      await runDormancy({ db: ctx.database.db, sender, config: ctx.config, logger });
      expect(smtp.received.filter((m) => m.to.includes(quiet.user.email))).toHaveLength(1);
      expect(smtp.received.length).toBe(sent);

      // One of them comes back: signing in clears the warning.
      await signIn(ctx, returning.user.email);

      const later = new Date(Date.now() + 31 * day);
      const second = await runDormancy({
        db: ctx.database.db,
        sender,
        config: ctx.config,
        logger,
        now: later,
      });
      expect(second.erased).toBeGreaterThanOrEqual(1);
      const left = await queryRows<{ id: string }>(
        ctx.database.db,
        sql`select id from users where id in (${sql.join(
          [...ids, active.profile.id].map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      // Erased: the quiet one. Kept: the one whose package moves, the one who came back.
      expect(left.map((r) => r.id).sort()).toEqual(
        [busy.profile.id, returning.profile.id, active.profile.id].sort(),
      );
    } finally {
      sender.close();
      await smtp.close();
    }
  });
});
