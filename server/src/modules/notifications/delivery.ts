import { isLocale, type Locale } from '@almquest/contracts/locales';
import { clockTime } from '@almquest/contracts/clock';
import type { NotificationKind } from '@almquest/contracts/notifications';
import type { DeliveryChannel } from '@almquest/contracts/coordinator';
import type { MailTopic } from '@almquest/contracts/push';
import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';
import { notificationDeliveries, pushSubscriptions } from '../../db/schema';
import type { Logger } from '../../logger';
import { deliveries } from '../../metrics/metrics';
import { mailMessage } from './mail-message';
import type { SmtpSender } from '../../lib/smtp';
import { type PushOutcome, sendPush } from '../../lib/web-push';
import type { MailTokens } from './mail-tokens';
import { fillIn, mealsIn, TEXTS } from './texts';
import { sendTemplate, type WhatsappConfig, WhatsappSendError } from '../messaging/whatsapp-client';
import {
  type PackagePair,
  type WhatsappNotification,
  whatsappMessageOf,
} from '../messaging/whatsapp-messages';
import { type SmsConfig, type SmsProvider, SmsSendError } from '../messaging/sms-client';
import { smsMessageOf } from '../messaging/sms-messages';
import { deleteOldDirectSends, PHONE_BUDGET_LOCK, sentSince } from '../messaging/budget';

/**
 * Sends what the outbox (notification_deliveries, filled by a trigger with each notification)
 * holds: Web Push to each device, e-mail, WhatsApp and SMS, in the person's language. Rows are leased
 * in one short statement (FOR UPDATE SKIP LOCKED) so two processes never send the same one and no
 * transaction waits on the network; failures are retried with back-off.
 */

/**
 * Offers ask someone to act, as an at-risk alert asks a coordinator (the same choice in
 * db/functions/queue_notification_deliveries.sql); everything else is an update about a package.
 */
export function mailTopicOf(kind: NotificationKind): MailTopic {
  return kind === 'offered' || kind === 'atRisk' ? 'offers' : 'updates';
}

/**
 * Leased and sent together: one round of sends at once, so a lease never waits behind a queue of
 * slow sends (a push times out after 10 s, SMTP after about a minute), far inside LEASE.
 */
const BATCH = 32;
const LEASE = "interval '5 minutes'";
/** WhatsApp: 12 tries, about an hour, so an outage of Meta's loses nothing it can still use. */
const MAX_ATTEMPTS: Record<DeliveryChannel, number> = {
  push: 8,
  email: 10,
  whatsapp: 12,
  sms: 12,
};
/** Meta allows about one message a pair of numbers every six seconds. */
const SAME_NUMBER_GAP_MS = 6_000;
/** How long a push service keeps an update for a device that is off. */
const UPDATE_TTL_S = 24 * 60 * 60;

/**
 * Push and the phone channels: 10 s, 20 s, 40 s … at most 10 minutes (what they carry is
 * urgent). Mail: 1, 2, 4 … minutes, at most six hours.
 */
export function deliveryRetryMs(channel: DeliveryChannel, attempts: number): number {
  const step = 2 ** Math.max(0, attempts - 1);
  return channel !== 'email'
    ? Math.min(step * 10_000, 10 * 60_000)
    : Math.min(step * 60_000, 6 * 60 * 60_000);
}

type Due = {
  id: number;
  notificationId: number;
  channel: DeliveryChannel;
  attempts: number;
  kind: NotificationKind;
  packageId: string | null;
  quantity: number | null;
  address: string | null;
  locale: string | null;
  userId: string;
  email: string;
  name: string;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  subscriptionId: string | null;
  /** Whose the device is now (a device moves to whoever subscribed it last). */
  deviceOwnerId: string | null;
  /** The package's offer deadline, when this is an offer still open to this person. */
  offerExpiresAt: Date | string | null;
  packageState: string | null;
  /** A phone channel's number, and whether it may carry messages now (proven, not stopped). */
  channelPhone: string | null;
  isChannelOn: boolean | null;
  /** Whom the notification named on the other side (a pairing's distributor, say). */
  counterpartName: string | null;
} & PackagePair;

export type Composed = { title: string; body: string; url: string; answerBy: string | null };

/** The words of one notification in its reader's language, and the link to its package. */
export function composeMessage(
  due: Pick<Due, 'kind' | 'packageId' | 'quantity' | 'address' | 'locale'>,
  offerExpiresAt: Date | null,
  origin: string,
): Composed {
  const locale: Locale = isLocale(due.locale) ? due.locale : 'en';
  const { kinds, around } = TEXTS[locale];
  const lines = [kinds[due.kind]];
  if (due.quantity !== null && due.address) {
    lines.push(
      fillIn(around.packageLine, { meals: mealsIn(locale, due.quantity), place: due.address }),
    );
  }
  let answerBy: string | null = null;
  if (offerExpiresAt) {
    const time = clockTime(locale, offerExpiresAt, 'Asia/Kolkata');
    answerBy = fillIn(around.answerBy, { time });
    lines.push(answerBy);
  }
  return {
    title: around.title,
    body: lines.join('\n'),
    // A coordinator's alert opens the console, which lists packages at risk first.
    url: `${origin}${
      due.kind === 'atRisk'
        ? '/coordinator'
        : due.packageId
          ? `/transaction/${due.packageId}`
          : '/notifications'
    }`,
    answerBy,
  };
}

export type Deliverer = {
  /** Sends what is due now, in the background (after a notification's transaction commits). */
  kick(): void;
  /** Sends what is due; resolves with how many went out. For the periodic job and tests. */
  runOnce(now?: Date): Promise<number>;
  /** Resolves when no run started by kick() is under way (before closing the database). */
  idle(): Promise<void>;
};

/** How each channel sends; push keys and the mail-token secret load from the database first. */
export type Channels = {
  push: { authorization: (audience: string) => string; extraOrigins: readonly string[] };
  mail: { sender: SmtpSender; tokens: MailTokens } | null;
  whatsapp: WhatsappConfig | null;
  sms: { config: SmsConfig; provider: SmsProvider } | null;
};

type SendDeps = Channels & { db: AppDb; logger: Logger; origin: string };

export function createDeliverer({
  db,
  logger,
  origin,
  channels,
}: {
  db: AppDb;
  logger: Logger;
  /** The public origin links point to. */
  origin: string;
  channels: () => Promise<Channels>;
}): Deliverer {
  let running: Promise<number> | null = null;
  let again = false;

  async function runOnce(now = new Date()): Promise<number> {
    const deps: SendDeps = { ...(await channels()), db, logger, origin };
    let sent = 0;
    // Rounds until nothing is due (a burst of a thousand notifications is a few rounds).
    for (let round = 0; round < 400; round++) {
      const due = await lease(db, now, {
        whatsapp: deps.whatsapp?.perMinute ?? null,
        sms: deps.sms?.config.perMinute ?? null,
      });
      if (due.length === 0) break;
      sent += await sendAll(deps, due, now);
      if (due.length < BATCH) break;
      now = new Date();
    }
    return sent;
  }

  return {
    runOnce,
    idle: async () => {
      while (running) await running;
    },
    kick() {
      if (running) {
        again = true;
        return;
      }
      const loop = async () => {
        do {
          again = false;
          await runOnce();
        } while (again);
      };
      running = loop()
        .then(() => 0)
        .catch((err: unknown) => {
          logger.warn({ err }, 'notification delivery run failed; the sweep will retry');
          return 0;
        })
        .finally(() => {
          running = null;
        });
    },
  };
}

/** Each phone channel's per-minute budget, or null where the channel is not set up. */
type PhoneBudgets = Record<'whatsapp' | 'sms', number | null>;

/**
 * Takes the next due rows for this process: up to a batch of push and e-mail, and of each phone
 * channel no more than its per-minute budget leaves (every process's attempts in the last minute
 * count, leased one process at a time under an advisory lock).
 */
async function lease(db: AppDb, now: Date, budgets: PhoneBudgets): Promise<Due[]> {
  const clock = sql`greatest(now(), ${now.toISOString()}::timestamptz)`;
  const limitOf = (channel: 'whatsapp' | 'sms') => {
    const perMinute = budgets[channel];
    return perMinute === null
      ? sql`${BATCH}`
      : sql`least(${BATCH}, greatest(0, ${perMinute} - ${sentSince(channel, clock)})::int)`;
  };
  // Offers (and a coordinator's alerts) take a phone channel's budget first: they cannot wait.
  const phoneRows = (channel: 'whatsapp' | 'sms') => sql`
        select d.id from ${notificationDeliveries} d
        join notifications n on n.id = d.notification_id
        where d.state = 'pending' and d.next_attempt_at <= ${clock} and d.channel = ${channel}
        order by n.kind in ('offered', 'atRisk') desc, d.next_attempt_at, d.id
        limit ${limitOf(channel)} for update of d skip locked`;
  // The database's clock decides what is due: a row it stamped a moment ago may be a fraction of
  // a millisecond (or a skew) ahead of this process's clock.
  const statement = sql`
      with web as (
        select id from ${notificationDeliveries}
        where state = 'pending' and next_attempt_at <= ${clock} and channel in ('push', 'email')
        order by next_attempt_at, id
        limit ${BATCH} for update skip locked),
      whatsapp as (${phoneRows('whatsapp')}),
      sms as (${phoneRows('sms')}),
      leased as (
        update ${notificationDeliveries} d
        set next_attempt_at = ${clock} + ${sql.raw(LEASE)}, attempts = d.attempts + 1,
            last_attempt_at = ${clock}
        where d.id in (select id from web union all select id from whatsapp
                       union all select id from sms)
        returning d.id, d.channel, d.attempts, d.notification_id, d.subscription_id
      )
      select l.id, l.notification_id as "notificationId", l.channel, l.attempts, n.kind, n.package_id as "packageId",
             n.package_quantity as quantity, n.package_address as address,
             u.id as "userId", u.locale, u.email, u.name,
             l.subscription_id as "subscriptionId", s.endpoint, s.p256dh, s.auth,
             s.user_id as "deviceOwnerId",
             p.state as "packageState",
             case when n.kind = 'offered' and p.state = 'Offered'
                       and p.distributor_id = n.user_id
                  then p.offer_expires_at end as "offerExpiresAt",
             m.phone as "channelPhone",
             (m.verified_at is not null and m.opted_out_at is null
              and m.phone = '+91' || u.phone
              and (n.kind in ('offered', 'atRisk') or m.updates)) as "isChannelOn",
             p.distributor_id as "distributorId", p.distributor_name as "distributorName",
             p.distributor_phone as "distributorPhone", p.donor_name as "donorName",
             p.donor_phone as "donorPhone", p.meet_address as "meetAddress",
             p.handover_code as "handoverCode", n.counterpart_name as "counterpartName"
      from leased l
      join notifications n on n.id = l.notification_id
      join users u on u.id = n.user_id
      left join ${pushSubscriptions} s on s.id = l.subscription_id
      left join packages p on p.id = n.package_id
      left join messaging_channels m on m.user_id = n.user_id and m.channel = l.channel`;
  if (budgets.whatsapp === null && budgets.sms === null) return queryRows<Due>(db, statement);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PHONE_BUDGET_LOCK})`);
    return queryRows<Due>(tx as unknown as AppDb, statement);
  });
}

type Result =
  | { state: 'sent'; providerMessageId?: string }
  | { state: 'dropped'; reason: string }
  | { state: 'failed'; reason: string }
  | { state: 'retry'; reason: string; afterMs: number }
  | { state: 'gone' };

async function sendAll(deps: SendDeps, leased: Due[], now: Date): Promise<number> {
  // One message to a number at a time: the others of this batch to the same number come again a
  // few seconds on, their try not spent.
  const numbers = new Set<string>();
  const due: Due[] = [];
  const later: number[] = [];
  for (const item of leased) {
    const number =
      item.channel === 'whatsapp' || item.channel === 'sms'
        ? `${item.channel}:${item.channelPhone}`
        : null;
    if (number !== null && numbers.has(number)) later.push(item.id);
    else {
      if (number !== null) numbers.add(number);
      due.push(item);
    }
  }
  if (later.length > 0) {
    await deps.db.execute(sql`
      update ${notificationDeliveries}
      set attempts = attempts - 1, last_attempt_at = null,
          next_attempt_at = ${new Date(now.getTime() + SAME_NUMBER_GAP_MS).toISOString()}
      where id in (${sql.join(
        later.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  }
  let next = 0;
  // Sent ones are written together after the batch (one statement, not one per message).
  const sentIds: number[] = [];
  const worker = async () => {
    while (next < due.length) {
      const item = due[next++]!;
      let result: Result;
      try {
        result = await sendOne(deps, item, now);
      } catch (error) {
        result = { state: 'retry', reason: (error as Error).message, afterMs: 0 };
      }
      if (result.state === 'sent') {
        deliveries.inc({ channel: item.channel, outcome: 'sent' });
        // A provider's id is kept at once: its status callbacks may come within a second.
        if (result.providerMessageId === undefined) sentIds.push(item.id);
        else await recordSent(deps.db, item.id, result.providerMessageId, now);
      } else await record(deps, item, result, now);
    }
  };
  await Promise.all(Array.from({ length: due.length }, worker));
  if (sentIds.length > 0) {
    await deps.db.execute(sql`
      update ${notificationDeliveries}
      set state = 'sent', done_at = ${now.toISOString()}, last_error = null
      where id = any(${sql.raw(`'{${sentIds.join(',')}}'::bigint[]`)})`);
  }
  return sentIds.length;
}

async function recordSent(db: AppDb, id: number, providerMessageId: string, now: Date) {
  await db.execute(sql`
    update ${notificationDeliveries}
    set state = 'sent', done_at = ${now.toISOString()}, last_error = null,
        provider_message_id = ${providerMessageId}
    where id = ${id}`);
}

async function sendOne(deps: SendDeps, item: Due, now: Date): Promise<Result> {
  const offerEnds = item.offerExpiresAt ? new Date(item.offerExpiresAt) : null;
  if (item.kind === 'offered' && (!offerEnds || offerEnds <= now)) {
    return { state: 'dropped', reason: 'the offer ended before it was sent' };
  }
  const message = composeMessage(item, offerEnds, deps.origin);
  if (item.channel === 'whatsapp') return sendWhatsapp(deps, item, offerEnds, message.url);
  if (item.channel === 'sms') return sendSms(deps, item, offerEnds);
  if (item.channel === 'push') {
    if (!item.endpoint || !item.p256dh || !item.auth) return { state: 'gone' };
    if (item.deviceOwnerId !== item.userId)
      return { state: 'dropped', reason: 'the device now belongs to someone else' };
    const outcome: PushOutcome = await sendPush(
      {
        endpoint: item.endpoint,
        keys: { p256dh: item.p256dh, auth: item.auth },
        payload: JSON.stringify({
          title: message.title,
          body: message.body,
          url: message.url,
          kind: item.kind,
          packageId: item.packageId,
        }),
        ttlSeconds: offerEnds
          ? Math.max(1, (offerEnds.getTime() - now.getTime()) / 1000)
          : UPDATE_TTL_S,
        urgency: item.kind === 'offered' ? 'high' : 'normal',
        ...(item.packageId ? { topic: item.packageId.replaceAll('-', '') } : {}),
      },
      deps.push.authorization,
      deps.push.extraOrigins,
    );
    if (outcome.kind === 'sent') return { state: 'sent' };
    if (outcome.kind === 'gone') return { state: 'gone' };
    if (outcome.kind === 'failed') return { state: 'failed', reason: outcome.reason };
    return { state: 'retry', reason: outcome.reason, afterMs: outcome.retryAfterMs ?? 0 };
  }
  if (!deps.mail) return { state: 'dropped', reason: 'mail is not set up on this server' };
  const topic = mailTopicOf(item.kind);
  const locale: Locale = isLocale(item.locale) ? item.locale : 'en';
  const around = TEXTS[locale].around;
  const token = deps.mail.tokens.make(item.userId, topic);
  const pageLink = `${deps.origin}/unsubscribe?token=${encodeURIComponent(token)}`;
  const oneClick = `${deps.origin}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`;
  const mail = mailMessage({
    locale,
    texts: around,
    name: item.name,
    lines: message.body.split('\n'),
    open: { url: message.url, isConsole: item.kind === 'atRisk' },
    why:
      item.kind === 'atRisk'
        ? around.mailWhyAtRisk
        : topic === 'offers'
          ? around.mailWhyOffers
          : around.mailWhyUpdates,
    stopUrl: pageLink,
  });
  await deps.mail.sender.send({
    to: { name: item.name, address: item.email },
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Content-Language': locale,
    },
  });
  return { state: 'sent' };
}

/**
 * One notification as a WhatsApp template (decision 039), to the channel's proven number, checked
 * again now: a number stopped or changed since the row was written gets nothing.
 */
async function sendWhatsapp(
  deps: SendDeps,
  item: Due,
  offerEnds: Date | null,
  link: string,
): Promise<Result> {
  if (!deps.whatsapp) return { state: 'dropped', reason: 'WhatsApp is not set up on this server' };
  if (!item.isChannelOn || !item.channelPhone) {
    return { state: 'dropped', reason: 'the person stopped WhatsApp or changed their number' };
  }
  const locale: Locale = isLocale(item.locale) ? item.locale : 'en';
  const message = whatsappMessageOf(
    phoneNotificationOf(item, locale, offerEnds, link),
    deps.whatsapp.appSecret,
  );
  if ('skip' in message) return { state: 'dropped', reason: message.skip };
  try {
    const providerMessageId = await sendTemplate(deps.whatsapp, {
      to: item.channelPhone,
      template: message.template,
      locale,
      variables: message.variables,
      ...(message.buttons ? { quickReplies: message.buttons } : {}),
    });
    return { state: 'sent', providerMessageId };
  } catch (error) {
    if (!(error instanceof WhatsappSendError)) throw error;
    // Refused as asked (a bad number, a template Meta does not know): another try is the same.
    // Not reached, overloaded, rate-limited (Meta says so with a 400 and its own code), or our
    // token refused (the operator can fix it): tried again.
    const isForGood =
      (error.status === 400 || error.status === 404) &&
      !(error.code !== null && RETRIED_META_CODES.has(error.code));
    return isForGood
      ? { state: 'failed', reason: error.message }
      : { state: 'retry', reason: error.message, afterMs: 0 };
  }
}

/** What a phone channel's message is made from: the notification and its package now. */
const phoneNotificationOf = (
  item: Due,
  locale: Locale,
  offerEnds: Date | null,
  link: string,
): WhatsappNotification => ({
  notificationId: Number(item.notificationId),
  kind: item.kind,
  userId: item.userId,
  locale,
  packageId: item.packageId,
  quantity: item.quantity,
  address: item.address,
  link,
  offerEndsAt: offerEnds,
  pair: { ...item, state: item.packageState },
  counterpartName: item.counterpartName,
});

/**
 * One notification as a registered SMS template (decision 039), to the channel's proven number,
 * checked again now, as for WhatsApp.
 */
async function sendSms(deps: SendDeps, item: Due, offerEnds: Date | null): Promise<Result> {
  if (!deps.sms) return { state: 'dropped', reason: 'SMS is not set up on this server' };
  if (!item.isChannelOn || !item.channelPhone) {
    return { state: 'dropped', reason: 'the person stopped SMS or changed their number' };
  }
  const locale: Locale = isLocale(item.locale) ? item.locale : 'en';
  const message = smsMessageOf(phoneNotificationOf(item, locale, offerEnds, ''), deps.sms.config);
  if ('skip' in message) return { state: 'dropped', reason: message.skip };
  try {
    const providerMessageId = await deps.sms.provider.send({
      to: item.channelPhone,
      template: message.template,
      locale,
      values: message.values,
    });
    return { state: 'sent', providerMessageId };
  } catch (error) {
    if (!(error instanceof SmsSendError)) throw error;
    return error.isForGood
      ? { state: 'failed', reason: error.message }
      : { state: 'retry', reason: error.message, afterMs: 0 };
  }
}

/**
 * Meta's error codes that mean "not now" (its error-code reference): rate limits of the account,
 * the pair of numbers and spam, and its own trouble.
 */
const RETRIED_META_CODES = new Set([4, 80007, 130429, 131048, 131056, 131000, 131016, 133004]);

async function record(
  deps: SendDeps,
  item: Due,
  result: Exclude<Result, { state: 'sent' }>,
  now: Date,
): Promise<void> {
  const { db, logger } = deps;
  const log = { deliveryId: item.id, channel: item.channel, attempts: item.attempts };
  if (result.state === 'gone' || result.state === 'dropped') {
    deliveries.inc({ channel: item.channel, outcome: result.state });
  }
  if (result.state === 'gone') {
    // The push service has forgotten the device: forget it too (its deliveries go with it).
    if (item.subscriptionId) {
      await db.execute(sql`delete from ${pushSubscriptions} where id = ${item.subscriptionId}`);
    }
    logger.info(log, 'push subscription expired; removed');
    return;
  }
  if (result.state === 'dropped') {
    await db.execute(sql`
      update ${notificationDeliveries}
      set state = ${result.state}, done_at = ${now.toISOString()},
          last_error = ${result.state === 'dropped' ? result.reason : null}
      where id = ${item.id}`);
    if (result.state === 'dropped')
      logger.info({ ...log, reason: result.reason }, 'delivery dropped');
    return;
  }
  const maxAttempts = MAX_ATTEMPTS[item.channel];
  const isGivingUp = result.state === 'failed' || item.attempts >= maxAttempts;
  // Given up on (refused for good, or its last try): a failure; otherwise a try to come again.
  deliveries.inc({ channel: item.channel, outcome: isGivingUp ? 'failed' : 'retry' });
  const afterMs =
    result.state === 'retry'
      ? Math.max(result.afterMs, deliveryRetryMs(item.channel, item.attempts))
      : 0;
  await db.execute(sql`
    update ${notificationDeliveries}
    set state = ${isGivingUp ? 'failed' : 'pending'}, last_error = ${result.reason.slice(0, 500)},
        next_attempt_at = ${new Date(now.getTime() + afterMs).toISOString()},
        done_at = ${isGivingUp ? now.toISOString() : null}
    where id = ${item.id}`);
  logger[isGivingUp ? 'error' : 'warn'](
    { ...log, reason: result.reason },
    isGivingUp
      ? 'notification delivery failed; giving up'
      : 'notification delivery failed; will retry',
  );
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Forgets deliveries finished more than a week ago (the notifications themselves stay), and the
 * ids of messages WhatsApp brought in more than eight days ago: Meta stops retrying a webhook
 * after seven, so an older id cannot come again.
 */
export async function deleteOldDeliveries(db: AppDb, now: Date = new Date()): Promise<void> {
  const before = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  await db.execute(sql`
    delete from ${notificationDeliveries} where state <> 'pending' and done_at < ${before}`);
  const seenBefore = new Date(now.getTime() - 8 * DAY_MS).toISOString();
  await db.execute(sql`delete from messaging_inbound where received_at < ${seenBefore}`);
  await deleteOldDirectSends(db);
}
