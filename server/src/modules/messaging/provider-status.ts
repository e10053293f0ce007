import { PROVIDER_STATUSES, type ProviderStatus } from '@almquest/contracts/coordinator';
import type { MessagingChannel } from '@almquest/contracts/messaging';
import { sql } from 'drizzle-orm';
import { type AppDb, type Executor, queryRows } from '../../db/client';
import { notificationDeliveries } from '../../db/schema';
import { deliveries } from '../../metrics/metrics';

/** A provider's message ids are base64-like (wamid.HBgM…, Gupshup's digits and dashes). */
export const MESSAGE_ID = /^[\w.=+/:-]{1,256}$/;

/** A provider's word as one line of plain text, at most 200 characters, for a stored reason. */
export const plainText = (value: unknown) =>
  (typeof value === 'string' || typeof value === 'number' ? String(value) : '')
    .replace(/\p{Cc}/gu, ' ')
    .slice(0, 200);

/** A status's place in the order they happen (PROVIDER_STATUSES); failed, last, is final. */
const statusRank = (status: string) => PROVIDER_STATUSES.indexOf(status as ProviderStatus) + 1;

/**
 * Keeps the furthest status a provider reported for a message we sent on a phone channel (they
 * may come out of order, and again); failed, the provider could not deliver it after taking it:
 * the delivery is failed too. `at`: the provider's time in milliseconds, used when it is near
 * now (ours otherwise).
 */
export async function recordProviderStatus(
  db: AppDb,
  channel: MessagingChannel,
  { id, status, at, reason }: { id: string; status: string; at: number; reason: string | null },
): Promise<void> {
  if (!MESSAGE_ID.test(id)) return;
  const rank = statusRank(status);
  if (rank === 0) return;
  const now = Date.now();
  const when = new Date(Math.abs(at - now) < 30 * 24 * 60 * 60_000 ? at : now);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ${notificationDeliveries}
           set provider_status = ${status}, provider_status_at = ${when.toISOString()},
               state = case when ${status} = 'failed' then 'failed' else state end,
               last_error = coalesce(${status === 'failed' ? reason : null}, last_error)
         where provider_message_id = ${id} and channel = ${channel}
           and coalesce(array_position(${sql.raw(`array['${PROVIDER_STATUSES.join("', '")}']`)},
                                       provider_status), 0) < ${rank}
         returning id`,
  );
  if (rows.length > 0 && status === 'failed') deliveries.inc({ channel, outcome: 'failed' });
}

/**
 * Records a message that came in once: true the first time, false for the provider's retries
 * of it (the id is the provider's, or one made from what it sent).
 */
export async function isFirstSighting(
  db: Executor,
  channel: MessagingChannel,
  id: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into messaging_inbound (provider_message_id, channel) values (${id}, ${channel})
        on conflict do nothing returning provider_message_id as id`,
  );
  return rows.length === 1;
}
