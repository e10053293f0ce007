import { and, asc, desc, eq, getTableColumns, gt, inArray, lt, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';
import type { NotificationRow } from '../../db/rows';
import { donationGroups, notifications } from '../../db/schema';

/**
 * The inner id of one of the user's notifications, from its public id, as SQL: null for an id
 * that is not theirs, so a cursor or Last-Event-ID of someone else's matches nothing.
 */
function innerIdOf(userId: string, publicId: string) {
  return sql<number | null>`(select n.id from ${notifications} n
    where n.public_id = ${publicId} and n.user_id = ${userId})`;
}

/** A user's notifications, newest first, a page at a time (cursor: the last id shown). */
export async function listNotifications(
  db: AppDb,
  userId: string,
  options: { cursor?: string | undefined; limit: number },
): Promise<{ rows: NotificationRow[]; unseenCount: number; nextCursor: string | null }> {
  const rows = await db
    .select({
      ...getTableColumns(notifications),
      // A donation's meals as they are now: a withdrawn rest makes it smaller after the fact.
      donationQuantity: sql<number | null>`coalesce(
        (select g.quantity from ${donationGroups} g where g.id = ${notifications.donationId}),
        ${notifications.donationQuantity})`,
    })
    .from(notifications)
    .where(
      options.cursor
        ? and(
            eq(notifications.userId, userId),
            lt(notifications.id, innerIdOf(userId, options.cursor)),
          )
        : eq(notifications.userId, userId),
    )
    .orderBy(desc(notifications.id))
    .limit(options.limit + 1);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isSeen, false)));
  const page = rows.slice(0, options.limit);
  return {
    rows: page,
    unseenCount: count?.n ?? 0,
    nextCursor: rows.length > options.limit ? (page[page.length - 1]?.publicId ?? null) : null,
  };
}

export async function markAllSeen(db: AppDb, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ isSeen: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isSeen, false)));
}

/**
 * Marks one of the user's own notifications seen and returns their unseen count; null when the
 * user has no notification with that id (someone else's looks the same as a missing one, and
 * is never touched: the owner is part of the UPDATE's condition).
 */
export async function markOneSeen(
  db: AppDb,
  userId: string,
  publicId: string,
): Promise<{ unseenCount: number } | null> {
  const [row] = await db
    .update(notifications)
    .set({ isSeen: true })
    .where(and(eq(notifications.publicId, publicId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) return null;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isSeen, false)));
  return { unseenCount: count?.n ?? 0 };
}

const REPLAY_MAX = 200;

/**
 * How far before a notification a stream still looks for ones it may not have had: ids are
 * taken when a row is written, so one written earlier by a transaction that committed later has
 * a smaller id yet reached no stream before it. A transaction lasts seconds at most (statement
 * and idle limits, db/client.ts).
 */
const LATE_COMMIT_WINDOW = sql.raw(`interval '60 seconds'`);
/**
 * Where a user's live stream starts (inner ids): after the notification of theirs that
 * Last-Event-ID names, or after their newest when it names none of theirs. `known`: with no
 * name, the ids a catch-up's look back (LATE_COMMIT_WINDOW) would find that were already
 * committed as the stream opened, which the page has: a catch-up after a gap never sends them
 * again as new. One statement.
 */
export async function streamStartingPoint(
  db: AppDb,
  userId: string,
  lastEventId: string | null,
): Promise<{ after: number; isNamed: boolean; known: number[] }> {
  const [row] = await queryRows<{
    named: string | null;
    newest: string | null;
    known: string[] | null;
  }>(
    db,
    sql`with newest as (
        select n.id, n.created_at from ${notifications} n
        where n.user_id = ${userId} order by n.id desc limit 1)
      select ${lastEventId ? innerIdOf(userId, lastEventId) : sql`null::bigint`} as named,
        (select id from newest) as newest,
        (select array_agg(k.id) from (
          select n.id from ${notifications} n, newest
          where n.user_id = ${userId}
            and n.created_at >= newest.created_at - ${LATE_COMMIT_WINDOW}
          order by n.id desc limit ${REPLAY_MAX}) k) as known`,
  );
  if (row?.named) return { after: Number(row.named), isNamed: true, known: [] };
  return {
    after: Number(row?.newest ?? 0),
    isNamed: false,
    known: (row?.known ?? []).map(Number),
  };
}

const REPLAY_PAGES = 5;

/**
 * What a stream missed after one of the user's notifications (inner id): every later one, and
 * earlier ones written shortly before it (they may have committed after it), oldest first, up
 * to REPLAY_PAGES pages (`isComplete` false: there is more). The client drops any it already
 * has (by id).
 */
export async function notificationsAfter(
  db: AppDb,
  userId: string,
  afterId: number,
): Promise<{ rows: NotificationRow[]; isComplete: boolean }> {
  // The newest of the look back: a late commit is one just before the named one.
  const late = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        lt(notifications.id, afterId),
        sql`${notifications.createdAt} >= (select n.created_at - ${LATE_COMMIT_WINDOW}
          from ${notifications} n where n.id = ${afterId})`,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(REPLAY_MAX);
  const found = late.reverse();
  let from = afterId;
  for (let page = 0; page < REPLAY_PAGES; page++) {
    const rows = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), gt(notifications.id, from)))
      .orderBy(asc(notifications.id))
      .limit(REPLAY_MAX);
    found.push(...rows);
    if (rows.length < REPLAY_MAX) return { rows: found, isComplete: true };
    from = rows[rows.length - 1]!.id;
  }
  // More than a replay holds: the caller reads on from the last one.
  return { rows: found, isComplete: false };
}

/** Notifications by inner id (live events another process wrote), in id order. */
export async function notificationsByIds(db: AppDb, ids: number[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(notifications)
    .where(inArray(notifications.id, ids))
    .orderBy(asc(notifications.id));
}
