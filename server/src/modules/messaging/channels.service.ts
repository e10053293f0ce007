import { createHmac, randomInt } from 'node:crypto';
import type { Locale } from '@almquest/contracts/locales';
import type {
  MessagingChannel,
  MessagingChannelSettings,
  MessagingSettings,
} from '@almquest/contracts/messaging';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type AppDb, queryRows } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { AppError, badRequest, conflict, notFound, serviceUnavailable, words } from '../../errors';
import { isSameSecret } from '../../lib/same-secret';
import { takePhoneSend } from './budget';
import { gupshup, SmsSendError } from './sms-client';
import { sendTemplate, WhatsappSendError } from './whatsapp-client';

/** A code lasts fifteen minutes and five tries (decision 039). */
export const CODE_LIFETIME_MS = 15 * 60_000;
export const CODE_TRIES = 5;
/** The template that carries the code (ops/messaging/whatsapp-templates.json). */
export const CODE_TEMPLATE = 'almquest_code';

type ChannelRow = {
  phone: string;
  code_hash: string | null;
  /** Whether the code may still be tried: kept, unexpired (by the database's clock). */
  code_live: boolean;
  code_tries: number;
  is_verified: boolean;
  is_opted_out: boolean;
  opted_out_via: 'phone' | 'profile' | null;
  updates: boolean;
};

/** The number a registered person's profile gives, as the providers take it. */
export const e164 = (tenDigits: string) => `+91${tenDigits}`;

/**
 * The code as kept: an HMAC with a server secret, bound to the person and the channel, so a code
 * read from one row proves nothing for another, and a copy of the database gives no code back.
 */
const codeHash = (secret: string, userId: string, channel: MessagingChannel, code: string) =>
  createHmac('sha256', secret).update(`${userId}:${channel}:${code}`).digest('hex');

/** Where a channel stands for the person, from its row and the profile's phone now. */
function stateOf(row: ChannelRow | undefined, user: UserRow): MessagingChannelSettings {
  const off = {
    available: true,
    state: 'off',
    phone: null,
    updates: row?.updates ?? true,
  } as const;
  // A number other than the profile's now is not the person's any more, whatever its state.
  if (!row || user.phone === null || row.phone !== e164(user.phone)) return off;
  const phone = user.phone;
  if (row.is_opted_out)
    return row.opted_out_via === 'phone' ? { ...off, state: 'stopped', phone } : off;
  if (row.is_verified) return { ...off, state: 'on', phone };
  if (row.code_live) return { ...off, state: 'verifying', phone };
  return off;
}

/** A channel this server does not send on (no provider configured). */
const NOT_OFFERED: MessagingChannelSettings = {
  available: false,
  state: 'off',
  phone: null,
  updates: true,
};

async function channelRow(
  db: AppDb,
  userId: string,
  channel: MessagingChannel,
  lock = false,
): Promise<ChannelRow | undefined> {
  const [row] = await queryRows<ChannelRow>(
    db,
    sql`select phone, code_hash, code_tries, opted_out_via, updates,
               code_hash is not null and code_expires_at > now() as code_live,
               verified_at is not null as is_verified, opted_out_at is not null as is_opted_out
          from messaging_channels where user_id = ${userId} and channel = ${channel}
          ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** The person's phone channels: which this server offers, and where each stands. */
export async function messagingSettings(
  db: AppDb,
  config: ChannelsConfig,
  user: UserRow,
): Promise<MessagingSettings> {
  const settingsOf = async (channel: MessagingChannel) =>
    isOffered(config, channel)
      ? stateOf(await channelRow(db, user.id, channel), user)
      : NOT_OFFERED;
  return { whatsapp: await settingsOf('whatsapp'), sms: await settingsOf('sms') };
}

export const unavailable = () =>
  notFound(
    'This AlmQuest server does not send messages on this channel.',
    words('messagingUnavailable'),
  );

type ChannelsConfig = Pick<Config, 'whatsapp' | 'sms' | 'origin'>;

/** Whether this server sends on a channel (its provider is configured). */
export const isOffered = (config: Pick<Config, 'whatsapp' | 'sms'>, channel: MessagingChannel) =>
  Boolean(config[channel]);

/**
 * How a channel sends its code: the secret its hash is keyed with, the channel's budget, and the
 * send (which throws the channel's send error when it fails). Null where it is not set up.
 */
type CodeSender = {
  secret: string;
  perMinute: number;
  send(phone: string, locale: Locale, code: string): Promise<unknown>;
};

function codeSenderOf(config: ChannelsConfig, channel: MessagingChannel): CodeSender | null {
  const { whatsapp, sms } = config;
  if (channel === 'whatsapp') {
    return whatsapp
      ? {
          secret: whatsapp.appSecret,
          perMinute: whatsapp.perMinute,
          send: (to, locale, code) =>
            sendTemplate(whatsapp, {
              to,
              template: CODE_TEMPLATE,
              locale,
              variables: [code],
              copyCode: code,
            }),
        }
      : null;
  }
  if (!sms) return null;
  const provider = gupshup(sms, config.origin);
  return {
    secret: sms.webhookSecret,
    perMinute: sms.perMinute,
    send: (to, locale, code) =>
      provider.send({ to, template: 'almquest_sms_code', locale, values: [code] }),
  };
}

/** The channel's code sender, or 404 where the server does not send on it. */
function senderOf(config: ChannelsConfig, channel: MessagingChannel): CodeSender {
  const sender = codeSenderOf(config, channel);
  if (!sender) throw unavailable();
  return sender;
}

/**
 * Turns a phone channel on for the person: sends a fresh code to the profile's number on that
 * channel and keeps its hash. Already on for that number: nothing is sent. The code goes out
 * before it is kept, so a send that fails leaves the channel as it was.
 */
export async function startChannel(
  db: AppDb,
  config: ChannelsConfig,
  channel: MessagingChannel,
  user: UserRow,
  log: { warn: (o: object, msg: string) => void },
): Promise<MessagingChannelSettings> {
  const sender = senderOf(config, channel);
  if (!user.phone) {
    throw conflict('Please register as a donor or a distributor first.', words('registerFirst'));
  }
  const current = stateOf(await channelRow(db, user.id, channel), user);
  if (current.state === 'on') return current;
  // A number whose owner sent STOP gets no code, except for an account that proved that number
  // before (its owner, turning it on again from the profile, however many codes that takes).
  const [stopped] = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from messaging_number_stops s
         where s.channel = ${channel} and s.phone = ${e164(user.phone)}
           and not exists (select 1 from messaging_channels m
                            where m.user_id = ${user.id} and m.channel = ${channel}
                              and m.phone = s.phone and m.proven_at is not null)`,
  );
  if (stopped) {
    throw channel === 'sms'
      ? conflict('This number has stopped SMS from AlmQuest.', words('messagingNumberStoppedSms'))
      : conflict(
          'This number has stopped messages from AlmQuest on WhatsApp.',
          words('messagingNumberStopped'),
        );
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const phone = e164(user.phone);
  const locale: Locale = user.locale ?? 'en';
  if (!(await takePhoneSend(db, channel, sender.perMinute))) {
    throw serviceUnavailable(
      'Many messages are going out just now. Please ask for the code again in a minute.',
      words('messagingBusy'),
    );
  }
  try {
    await sender.send(phone, locale, code);
  } catch (error) {
    if (!(error instanceof WhatsappSendError) && !(error instanceof SmsSendError)) throw error;
    log.warn({ channel, reason: error.message }, 'code not sent');
    throw serviceUnavailable(
      'We could not send the code just now. Please try again in a few minutes.',
      words('messagingSendFailed'),
    );
  }
  await db.execute(sql`
    insert into messaging_channels (user_id, channel, phone, code_hash, code_expires_at, code_tries)
    values (${user.id}, ${channel}, ${phone},
            ${codeHash(sender.secret, user.id, channel, code)},
            now() + ${CODE_LIFETIME_MS} * interval '1 millisecond', 0)
    on conflict (user_id, channel) do update
       set phone = excluded.phone, code_hash = excluded.code_hash,
           code_expires_at = excluded.code_expires_at, code_tries = 0, verified_at = null,
           proven_at = case when messaging_channels.phone = excluded.phone
                            then messaging_channels.proven_at end,
           opted_out_at = null, opted_out_via = null, updated_at = now()`);
  return { ...stateOf(await channelRow(db, user.id, channel), user), state: 'verifying' };
}

/** A 400 about the code field, in its words and the whole message's. */
const codeRefused = (message: string, key: 'messagingCodeExpired' | 'messagingCodeWrong') =>
  badRequest(message, { code: message }, words(key), { code: { key: 'field.messagingCode' } });

/**
 * Proves the number with the code the person typed: right, the channel is on; wrong, a try is
 * spent. In one transaction holding the row, so two guesses at once spend two tries.
 */
export async function verifyChannel(
  db: AppDb,
  config: ChannelsConfig,
  channel: MessagingChannel,
  user: UserRow,
  code: string,
): Promise<MessagingChannelSettings> {
  const sender = senderOf(config, channel);
  const outcome = await db.transaction(async (tx) => {
    const row = await channelRow(tx as unknown as AppDb, user.id, channel, true);
    if (row && stateOf(row, user).state === 'on') return 'on' as const;
    // A code sent to a number the profile no longer gives proves nothing now.
    if (!row?.code_hash || user.phone === null || row.phone !== e164(user.phone)) {
      return 'none' as const;
    }
    if (row.code_tries >= CODE_TRIES) return 'tries' as const;
    if (!row.code_live) return 'expired' as const;
    if (!isSameSecret(codeHash(sender.secret, user.id, channel, code), row.code_hash)) {
      await tx.execute(sql`
        update messaging_channels set code_tries = code_tries + 1, updated_at = now()
         where user_id = ${user.id} and channel = ${channel}`);
      return row.code_tries + 1 >= CODE_TRIES ? ('tries' as const) : ('wrong' as const);
    }
    await tx.execute(sql`
      update messaging_channels
         set verified_at = now(), proven_at = now(), code_hash = null, code_expires_at = null,
             code_tries = 0,
             opted_out_at = null, opted_out_via = null, updated_at = now()
       where user_id = ${user.id} and channel = ${channel}`);
    // The number's owner proved it again: a STOP they sent earlier is undone by this.
    await tx.execute(sql`
      delete from messaging_number_stops where channel = ${channel} and phone = ${row.phone}`);
    return 'on' as const;
  });
  switch (outcome) {
    case 'none':
      throw conflict(
        'Turn the channel on first: we send a code to your phone.',
        words('messagingNoCode'),
      );
    case 'expired':
      throw codeRefused('That code has expired. Ask for a new one.', 'messagingCodeExpired');
    case 'tries':
      throw new AppError(
        429,
        'rate_limited',
        'Too many wrong codes. Ask for a new one.',
        words('messagingCodeTries'),
      );
    case 'wrong':
      throw codeRefused(
        'That is not the code we sent. Check it and try again.',
        'messagingCodeWrong',
      );
    case 'on':
      return stateOf(await channelRow(db, user.id, channel), user);
  }
}

/** The profile's switch off: the consent withdrawn, with its time; nothing more is sent. */
export async function turnOffChannel(
  db: AppDb,
  config: ChannelsConfig,
  channel: MessagingChannel,
  user: UserRow,
): Promise<MessagingChannelSettings> {
  senderOf(config, channel);
  await db.execute(sql`
    update messaging_channels
       set opted_out_at = coalesce(opted_out_at, now()), opted_out_via = 'profile',
           code_hash = null, code_expires_at = null, updated_at = now()
     where user_id = ${user.id} and channel = ${channel}`);
  return stateOf(await channelRow(db, user.id, channel), user);
}

/** Whether a channel carries package updates besides offers; only for a channel that is on. */
export async function setChannelUpdates(
  db: AppDb,
  config: ChannelsConfig,
  channel: MessagingChannel,
  user: UserRow,
  updates: boolean,
): Promise<MessagingChannelSettings> {
  senderOf(config, channel);
  const current = stateOf(await channelRow(db, user.id, channel), user);
  if (current.state !== 'on') {
    throw conflict(
      'Turn the channel on first: we send a code to your phone.',
      words('messagingNoCode'),
    );
  }
  await db.execute(sql`
    update messaging_channels set updates = ${updates}, updated_at = now()
     where user_id = ${user.id} and channel = ${channel}`);
  return { ...current, updates };
}

/**
 * STOP or START from a phone: the number itself is stopped (no code goes to it from an account
 * that has not proven it) or started again, and every proven channel on it follows. Answers
 * the language of a person the number belongs to (for the reply; null when nobody proved that
 * number), and whether this STOP is the one that stopped the number (of several at once, one is).
 */
export async function followPhone(
  db: AppDb,
  channel: MessagingChannel,
  phone: string,
  intent: 'stop' | 'start',
): Promise<{ person: { locale: Locale } | null; isNewStop: boolean }> {
  const stopped = await queryRows<{ n: number }>(
    db,
    intent === 'stop'
      ? sql`insert into messaging_number_stops (channel, phone) values (${channel}, ${phone})
            on conflict do nothing returning 1 as n`
      : sql`delete from messaging_number_stops where channel = ${channel} and phone = ${phone}
            returning 0 as n`,
  );
  const rows = await queryRows<{ locale: Locale | null }>(
    db,
    intent === 'stop'
      ? // A channel the profile turned off stays the profile's: START must not undo it.
        sql`update messaging_channels m
               set opted_out_at = coalesce(m.opted_out_at, now()),
                   opted_out_via = coalesce(m.opted_out_via, 'phone'), updated_at = now()
              from users u
             where u.id = m.user_id and m.channel = ${channel} and m.phone = ${phone}
               and m.proven_at is not null
         returning u.locale`
      : // Only what the phone stopped: a channel turned off in the profile stays off. A number
        // proven before and now sending START from itself is proven again (a code asked for
        // meanwhile is not needed).
        sql`update messaging_channels m
               set opted_out_at = null, opted_out_via = null,
                   verified_at = coalesce(m.verified_at, now()), code_hash = null,
                   code_expires_at = null, code_tries = 0, updated_at = now()
              from users u
             where u.id = m.user_id and m.channel = ${channel} and m.phone = ${phone}
               and m.proven_at is not null and m.phone = '+91' || u.phone
               and (m.opted_out_via is null or m.opted_out_via = 'phone')
         returning u.locale`,
  );
  return {
    person: rows.length === 0 ? null : { locale: rows[0]!.locale ?? 'en' },
    isNewStop: intent === 'stop' && stopped.length > 0,
  };
}

/**
 * The people whose proven number this is on a channel (a shared family phone may serve two),
 * most recently proven first: only while the profile still gives that number, and, unless
 * asked, not stopped.
 */
export async function peopleOnPhone(
  db: AppDb,
  channel: MessagingChannel,
  phone: string,
  { withStopped }: { withStopped: boolean },
): Promise<{ id: string; locale: Locale }[]> {
  const rows = await queryRows<{ id: string; locale: Locale | null }>(
    db,
    sql`select u.id, u.locale from messaging_channels m join users u on u.id = m.user_id
         where m.channel = ${channel} and m.phone = ${phone} and m.verified_at is not null
           and m.phone = '+91' || u.phone
           ${withStopped ? sql`` : sql`and m.opted_out_at is null`}
         order by m.verified_at desc`,
  );
  return rows.map((row) => ({ id: row.id, locale: row.locale ?? 'en' }));
}
