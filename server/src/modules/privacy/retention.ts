import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';
import type { Config } from '../../config';

export type RetentionResult = {
  packagesHidden: number;
  messagesDeleted: number;
  auditDeleted: number;
};

/**
 * Keeps personal data no longer than the notice says (decision 043), once an hour:
 * - a finished package's names, phones, addresses and directions, CONTACT_RETENTION_DAYS after it
 *   ended, or after it was handed over if never marked Distributed (its meals, food, times and
 *   rounded meet point stay for history and impact);
 * - contact-page messages after CONTACT_MESSAGES_DAYS;
 * - audit entries after AUDIT_DAYS (a year at least: DPDP Rule 8(3)).
 * Each in its own statement: a package hidden is committed even if a later part fails.
 */
export async function runRetention(
  db: AppDb,
  retention: Config['privacy']['retention'],
  now: Date = new Date(),
): Promise<RetentionResult> {
  const day = 86_400_000;
  const contactBefore = new Date(now.getTime() - retention.contactAfterFinished * day);
  const hidden = await queryRows<{ id: string }>(
    db,
    sql`with hidden as (
        update packages
           set donor_name = '', donor_phone = '', distributor_name = '', distributor_phone = '',
               distributor_address = '', distributor_lat = null, distributor_lng = null,
               donor_path = '', distributor_path = '',
               address = coalesce(meet_address, ''),
               meet_address = coalesce(meet_address, ''),
               lat = round(coalesce(meet_lat, lat)::numeric, 2)::float8,
               lng = round(coalesce(meet_lng, lng)::numeric, 2)::float8,
               meet_lat = round(coalesce(meet_lat, lat)::numeric, 2)::float8,
               meet_lng = round(coalesce(meet_lng, lng)::numeric, 2)::float8,
               contact_hidden_at = ${now}
         where contact_hidden_at is null
           and ((state in ('Distributed', 'Cancelled', 'Expired')
                 and coalesce(distributed_at, cancelled_at, expired_at, created_at) < ${contactBefore})
             -- Handed over and never marked Distributed: the handover was its end for the donor.
             or (state = 'Received' and received_at < ${contactBefore}))
        returning id
      ),
      -- The notifications about those packages carried the other side's name and the address.
      told as (
        update notifications set counterpart_name = '', package_address = '', photo = null
         where package_id in (select id from hidden)
      )
      select id from hidden`,
  );
  const messages = await queryRows<{ id: string }>(
    db,
    sql`delete from contact_messages
         where created_at < ${new Date(now.getTime() - retention.contactMessages * day)}
        returning id`,
  );
  const audit = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('almquest.audit_erasure', 'on', true)`);
    return queryRows<{ id: number }>(
      tx,
      sql`delete from audit_log
           where at < ${new Date(now.getTime() - retention.auditEntries * day)}
          returning id`,
    );
  });
  return {
    packagesHidden: hidden.length,
    messagesDeleted: messages.length,
    auditDeleted: audit.length,
  };
}
