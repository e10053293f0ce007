import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { createLogger } from '../../logger';
import { uniqueClientIp } from '../../test/factories';
import { startSmtpServer } from '../../test/smtp';
import { createTestApp, type TestContext } from '../../test/test-app';
import { deliverPendingMessages, retryDelayMs } from './contact.service';
import { createMailer, type Mailer } from './mailer';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ctx: TestContext;
let mailer: Mailer;
const logger = createLogger('silent');

beforeAll(async () => {
  smtp = await startSmtpServer();
  const env = { SMTP_URL: smtp.url, CONTACT_TO: 'team@almquest.example' };
  const probe = await createTestApp(env);
  mailer = createMailer(probe.config.contactMail!);
  await probe.close();
  ctx = await createTestApp(env, { mailer });
  // Mail goes out oldest first: on a reused PostgreSQL test database, earlier runs' unmailed
  // messages (from apps without SMTP) would be sent before this file's own. They are set aside
  // (not deleted: other files count the rows).
  await ctx.database.db
    .update(contactMessages)
    .set({ deliveryState: 'failed', lastError: 'left by an earlier test run' })
    .where(eq(contactMessages.deliveryState, 'stored'));
});
afterAll(async () => {
  await ctx.close();
  mailer.close();
  await smtp.close();
});

const message = (tag: string) => ({
  name: 'Kavya Rao',
  email: 'kavya@example.org',
  message: `Hello from the test ${tag} ${Date.now()}`,
});

async function rowOf(id: string) {
  const [row] = await ctx.database.db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, id));
  return row!;
}

async function eventually<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (isDone(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  return read();
}

describe('POST /api/contact', () => {
  it('stores the message and mails it to the team, replying to the sender', async () => {
    const input = message('mailed');
    const res = await request(ctx.app).post('/api/contact').send(input).expect(202);
    expect(res.body.status).toBe('received');
    const row = await eventually(
      () => rowOf(res.body.id),
      (r) => r.deliveryState === 'sent',
    );
    expect(row).toMatchObject({
      name: 'Kavya Rao',
      email: 'kavya@example.org',
      deliveryState: 'sent',
      attempts: 1,
    });
    const mail = smtp.received.find((m) => m.raw.includes(input.message));
    expect(mail?.to).toEqual(['team@almquest.example']);
    expect(mail?.raw).toMatch(/^Subject: AlmQuest Query/m);
    expect(mail?.raw).toMatch(/^Reply-To: Kavya Rao <kavya@example.org>/m);
  });

  it('keeps a message the mail server refuses, and sends it on a later retry', async () => {
    smtp.state.isAccepting = false;
    const input = message('retried');
    const res = await request(ctx.app).post('/api/contact').send(input).expect(202);
    const failed = await eventually(
      () => rowOf(res.body.id),
      (r) => r.attempts === 1,
    );
    expect(failed.deliveryState).toBe('stored');
    expect(failed.lastError).toContain('Mailbox temporarily unavailable');
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    expect(smtp.received.some((m) => m.raw.includes(input.message))).toBe(false);

    // Not due yet: a sweep now leaves it alone.
    expect(await deliverPendingMessages(ctx.database.db, mailer, logger)).toBe(0);

    smtp.state.isAccepting = true;
    const later = new Date(Date.now() + retryDelayMs(1) + 1000);
    expect(
      await deliverPendingMessages(ctx.database.db, mailer, logger, later),
    ).toBeGreaterThanOrEqual(1);
    const sent = await rowOf(res.body.id);
    expect(sent).toMatchObject({ deliveryState: 'sent', attempts: 2, lastError: null });
    expect(smtp.received.some((m) => m.raw.includes(input.message))).toBe(true);
  });

  it.each([
    [{ name: '', email: 'a@example.org', message: 'hi' }, 'name'],
    [{ name: 'A', email: 'not-an-email', message: 'hi' }, 'email'],
    [{ name: 'A', email: 'a@example.org', message: '   ' }, 'message'],
    [{ name: 'A', email: 'a@example.org', message: 'x'.repeat(5001) }, 'message'],
    [{ name: 'A', message: 'hi' }, 'email'],
  ])('refuses %j naming %s, and stores nothing', async (body, field) => {
    const before = (await ctx.database.db.select().from(contactMessages)).length;
    const res = await request(ctx.app).post('/api/contact').send(body).expect(400);
    expect(Object.keys(res.body.error.fields)).toContain(field);
    expect((await ctx.database.db.select().from(contactMessages)).length).toBe(before);
  });

  it('answers a bot that fills the honeypot as if all went well, and keeps nothing', async () => {
    const input = { ...message('bot'), website: 'http://spam.example' };
    const res = await request(ctx.app).post('/api/contact').send(input).expect(202);
    expect(res.body.status).toBe('received');
    const rows = await ctx.database.db.select().from(contactMessages);
    expect(rows.some((r) => r.message === input.message)).toBe(false);
  });

  it('backs off exponentially, up to six hours', () => {
    expect(retryDelayMs(1)).toBe(60_000);
    expect(retryDelayMs(3)).toBe(240_000);
    expect(retryDelayMs(20)).toBe(6 * 60 * 60_000);
  });
});

describe('without SMTP', () => {
  it('still stores the message', async () => {
    const plain = await createTestApp();
    try {
      const res = await request(plain.app)
        .post('/api/contact')
        .send(message('stored-only'))
        .expect(202);
      const [row] = await plain.database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, res.body.id));
      expect(row?.deliveryState).toBe('stored');
    } finally {
      await plain.close();
    }
  });

  it('limits a sender to 5 messages in 10 minutes', async () => {
    const strict = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1', TRUST_PROXY: '1' });
    const client = uniqueClientIp();
    try {
      for (let i = 0; i < 5; i++)
        await request(strict.app)
          .post('/api/contact')
          .set('X-Forwarded-For', client)
          .send(message(`burst${i}`))
          .expect(202);
      const res = await request(strict.app)
        .post('/api/contact')
        .set('X-Forwarded-For', client)
        .send(message('burst6'))
        .expect(429);
      expect(res.body.error.message).toContain('wait a few minutes');
    } finally {
      await strict.close();
    }
  });
});
