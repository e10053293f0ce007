import type {
  MailTopic,
  NotificationSettings,
  NotificationSettingsUpdate,
} from '@almquest/contracts/push';
import { eq, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, notFound, words } from '../../errors';

const columns = {
  pushOffers: users.pushOffers,
  pushUpdates: users.pushUpdates,
  emailOffers: users.emailOffers,
  emailUpdates: users.emailUpdates,
};

export async function readSettings(
  db: AppDb,
  userId: string,
  isMailAvailable: boolean,
): Promise<NotificationSettings> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('Your account was not found.', words('accountGone'));
  return { ...row, emailAvailable: isMailAvailable };
}

/** Changes the signed-in person's choices; e-mail can only be turned on where mail is set up. */
export async function updateSettings(
  db: AppDb,
  userId: string,
  update: NotificationSettingsUpdate,
  isMailAvailable: boolean,
): Promise<NotificationSettings> {
  if (!isMailAvailable && (update.emailOffers || update.emailUpdates)) {
    throw conflict(
      'E-mail is not set up on this AlmQuest server, so it cannot send you e-mails.',
      words('mailNotSetUp'),
    );
  }
  if (Object.keys(update).length > 0) {
    await db
      .update(users)
      .set({ ...update, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }
  return readSettings(db, userId, isMailAvailable);
}

/**
 * The unsubscribe link's change: e-mails of one topic off (or back on, the page's undo). Says
 * whether the account exists and whether this call changed the topic (it may be off already).
 * An undo (`unchangedSince`) applies only while the person's settings are as the unsubscribe
 * left them: once they change them (or the undo was used), the undo is spent.
 */
export async function setMailTopic(
  db: AppDb,
  userId: string,
  topic: MailTopic,
  isOn: boolean,
  unchangedSince: Date | null = null,
): Promise<{ isKnown: boolean; isChanged: boolean; isSpent: boolean }> {
  const column = topic === 'offers' ? users.emailOffers : users.emailUpdates;
  // The value before is read in the same statement, under the row's lock.
  const [row] = await queryRows<{ was: boolean; isSpent: boolean }>(
    db,
    sql`
    with before as (
      select ${users.id} as id, ${column} as was,
             ${unchangedSince}::timestamptz is not null
               and ${users.updatedAt} > ${unchangedSince}::timestamptz as "isSpent"
      from ${users} where ${users.id} = ${userId}
      for update
    )
    update ${users}
       set ${sql.identifier(column.name)} = case when before."isSpent" then before.was else ${isOn} end,
           -- A used undo is spent: its own change counts as a change of settings.
           updated_at = case when ${unchangedSince}::timestamptz is not null
                              and not before."isSpent" then now() else ${users.updatedAt} end
    from before where ${users.id} = before.id
    returning before.was, before."isSpent"`,
  );
  return {
    isKnown: row !== undefined,
    isChanged: row !== undefined && !row.isSpent && row.was !== isOn,
    isSpent: row?.isSpent ?? false,
  };
}
