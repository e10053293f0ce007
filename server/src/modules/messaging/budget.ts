import type { MessagingChannel } from '@almquest/contracts/messaging';
import { sql, type SQL } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';

/**
 * WHATSAPP_PER_MINUTE and SMS_PER_MINUTE, the one budget of each phone channel (decision 039):
 * the outbox's attempts and the messages sent outside it (codes, replies) in the last minute,
 * all processes together. Whoever takes from one holds this advisory lock, so two processes
 * never both spend its last message.
 */
export const PHONE_BUDGET_LOCK = 0x41_6c_6d_51; // "AlmQ"

/** What was sent on a phone channel in the minute before `clock` (an SQL timestamp). */
export const sentSince = (channel: MessagingChannel, clock: SQL) => sql`(
  (select count(*) from notification_deliveries
    where channel = ${channel}
      and last_attempt_at > ${clock} - interval '1 minute' and last_attempt_at <= ${clock})
  + (select count(*) from messaging_direct_sends
      where channel = ${channel}
        and sent_at > ${clock} - interval '1 minute' and sent_at <= ${clock}))`;

/**
 * Takes one message of a channel's budget for a send outside the outbox; false when the
 * minute's budget is spent (the caller says so, or leaves a courtesy reply unsent).
 */
export async function takePhoneSend(
  db: AppDb,
  channel: MessagingChannel,
  perMinute: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PHONE_BUDGET_LOCK})`);
    const taken = await queryRows<{ id: number }>(
      tx as unknown as AppDb,
      sql`insert into messaging_direct_sends (channel)
          select ${channel} where ${sentSince(channel, sql`now()`)} < ${perMinute}
          returning id`,
    );
    return taken.length === 1;
  });
}

/** Forgets direct sends older than an hour (only the last minute counts). */
export async function deleteOldDirectSends(db: AppDb): Promise<void> {
  await db.execute(
    sql`delete from messaging_direct_sends where sent_at < now() - interval '1 hour'`,
  );
}
