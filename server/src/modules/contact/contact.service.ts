import type { ContactMessage } from '@almquest/contracts/contact';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';
import { contactMessages } from '../../db/schema';
import type { Logger } from '../../logger';
import type { Mailer } from './mailer';

const MAX_ATTEMPTS = 10;
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

/** Stores the message first: whatever happens to mail later, it is not lost. */
export async function saveContactMessage(db: AppDb, input: ContactMessage): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email, message: input.message })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact insert returned nothing');
  return row.id;
}

/**
 * Takes a message from the contact form: a filled-in honeypot (a bot) is dropped but answered
 * with an id like any other; a real message is stored, then mailed at once when mail is set up
 * (the periodic sweep retries whatever fails). Returns the id the sender is told.
 */
export async function acceptContactMessage(
  deps: { db: AppDb; mailer: Mailer | null; logger: Logger; backgroundLogger: Logger },
  input: ContactMessage,
): Promise<string> {
  if (input.website) {
    deps.logger.info('contact honeypot triggered');
    return randomUUID();
  }
  const id = await saveContactMessage(deps.db, input);
  deps.logger.info({ contactMessageId: id }, 'contact message stored');
  const { mailer, backgroundLogger } = deps;
  if (mailer) {
    void deliverPendingMessages(deps.db, mailer, backgroundLogger).catch((err: unknown) =>
      backgroundLogger.warn({ err }, 'contact delivery attempt failed'),
    );
  }
  return id;
}

/** Waits before the next try: 1, 2, 4 … minutes, at most six hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1) * 60_000, 6 * 60 * 60_000);
}

type Pending = { id: string; name: string; email: string; message: string; attempts: number };

/**
 * Mails the stored messages that are due. Each is leased first (next_attempt_at moved ahead) in a
 * short statement, so two processes never send the same one and no transaction waits on SMTP.
 * A failure records the error and schedules a retry; after MAX_ATTEMPTS it is marked failed
 * (still stored, for a person to read). Returns how many were sent.
 */
export async function deliverPendingMessages(
  db: AppDb,
  mailer: Mailer,
  logger: Logger,
  now: Date = new Date(),
): Promise<number> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const due = await queryRows<Pending>(
    db,
    sql`
      update ${contactMessages} set next_attempt_at = ${leaseUntil.toISOString()}
      where id in (
        select id from ${contactMessages}
        where delivery_state = 'stored'
          and (next_attempt_at is null or next_attempt_at <= ${now.toISOString()})
        order by created_at
        limit ${BATCH}
        for update skip locked
      )
      returning id, name, email, message, attempts`,
  );
  let sent = 0;
  for (const message of due) {
    const attempts = message.attempts + 1;
    try {
      await mailer.sendContactMail(message);
      await db.execute(sql`
        update ${contactMessages}
        set delivery_state = 'sent', attempts = ${attempts}, sent_at = ${now.toISOString()},
            last_error = null, next_attempt_at = null
        where id = ${message.id}`);
      sent += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const isGivingUp = attempts >= MAX_ATTEMPTS;
      await db.execute(sql`
        update ${contactMessages}
        set attempts = ${attempts}, last_error = ${reason.slice(0, 500)},
            delivery_state = ${isGivingUp ? 'failed' : 'stored'},
            next_attempt_at = ${new Date(now.getTime() + retryDelayMs(attempts)).toISOString()}
        where id = ${message.id}`);
      logger[isGivingUp ? 'error' : 'warn'](
        { contactMessageId: message.id, attempts, err: error },
        isGivingUp
          ? 'contact message could not be mailed; giving up'
          : 'contact mail failed; will retry',
      );
    }
  }
  return sent;
}
