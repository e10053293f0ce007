import type { PushSubscriptionJson } from '@almquest/contracts/push';
import { and, eq, sql } from 'drizzle-orm';
import { keptValue } from '../../db/app-values';
import type { AppDb } from '../../db/client';
import { lockPeopleShared } from '../../db/person-lock';
import { notificationDeliveries, pushSubscriptions, users } from '../../db/schema';
import type { Config } from '../../config';
import { badRequest, forbidden, notFound, words } from '../../errors';
import {
  generateVapidKeys,
  isAllowedEndpoint,
  isValidBrowserKey,
  type VapidKeys,
} from '../../lib/web-push';

/**
 * One spelling per device: the URL as the WHATWG parser writes it (host lower case, default port
 * dropped) without a fragment, so `HTTPS://FCM…:443/x#a` and `https://fcm…/x` are one device.
 */
export function normalEndpoint(endpoint: string): string {
  const url = new URL(endpoint);
  url.hash = '';
  return url.href;
}

/** A person keeps at most this many devices; subscribing one more forgets the oldest. */
export const MAX_DEVICES = 10;

/**
 * The VAPID keys: the operator's from the environment, or a pair generated at first start and
 * kept in the database, so every process and every restart signs with the same key (browsers'
 * subscriptions are bound to it).
 */
export async function loadVapidKeys(db: AppDb, push: Config['push']): Promise<VapidKeys> {
  if (push.keys) return { ...push.keys, subject: push.subject };
  const stored = JSON.parse(
    await keptValue(db, 'vapid_keys', () => JSON.stringify(generateVapidKeys())),
  ) as { publicKey: string; privateKey: string };
  return { ...stored, subject: push.subject };
}

/**
 * Registers a browser's subscription for the signed-in person. An endpoint already known moves to
 * this person with its new keys (a browser subscribes once; whoever signs in on it last gets its
 * pushes).
 */
export async function subscribe(
  db: AppDb,
  userId: string,
  subscription: PushSubscriptionJson,
  extraOrigins: readonly string[],
): Promise<void> {
  if (!isAllowedEndpoint(subscription.endpoint, extraOrigins)) {
    throw badRequest(
      'Please check endpoint: it must be a known push service over https',
      {
        endpoint:
          'The endpoint must be a push service (Google, Mozilla, Apple or Microsoft) over https',
      },
      undefined,
      { endpoint: { key: 'field.pushSubscription' } },
    );
  }
  if (!isValidBrowserKey(subscription.keys.p256dh)) {
    throw badRequest(
      'Please check keys.p256dh: it is not a P-256 public key',
      { 'keys.p256dh': 'p256dh must be a base64url P-256 public key (65 bytes)' },
      undefined,
      { 'keys.p256dh': { key: 'field.pushSubscription' } },
    );
  }
  const endpoint = normalEndpoint(subscription.endpoint);
  await db.transaction(async (tx) => {
    // A shared lock on the person: a suspension either waits for this and then
    // deletes the device with their others, or this waits and is refused.
    await lockPeopleShared(tx, [userId]);
    const [person] = await tx
      .select({ suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('share');
    if (!person) throw notFound('Your account no longer exists.', words('accountGone'));
    if (person.suspendedAt) throw forbidden('Your account is suspended.', words('suspended'));
    // A device moving to another person takes none of the last person's pending pushes along.
    await tx.execute(sql`
      delete from ${notificationDeliveries}
      where state = 'pending' and subscription_id in (
        select id from ${pushSubscriptions} where endpoint = ${endpoint} and user_id <> ${userId})`);
    await tx
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          createdAt: sql`now()`,
        },
      });
    await tx.execute(sql`
      delete from ${pushSubscriptions}
      where user_id = ${userId} and id not in (
        select id from ${pushSubscriptions} where user_id = ${userId}
        order by created_at desc, id limit ${MAX_DEVICES}
      )`);
  });
}

/** Forgets one of the signed-in person's devices; 404 when it is not theirs (or not known). */
export async function unsubscribe(db: AppDb, userId: string, endpoint: string): Promise<void> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        eq(pushSubscriptions.endpoint, normalEndpoint(endpoint)),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  if (deleted.length === 0)
    throw notFound(
      'This device is not subscribed to your notifications.',
      words('deviceNotSubscribed'),
    );
}
