import { createHmac } from 'node:crypto';
import { formatPhone } from '@almquest/contracts/phone';
import express, { Router } from 'express';
import type { Locale } from '@almquest/contracts/locales';
import { sql } from 'drizzle-orm';
import type { Logger } from '../../logger';
import type { Config } from '../../config';
import { type AppDb, queryRows } from '../../db/client';
import type { PackageRow } from '../../db/rows';
import type { PackageState } from '@almquest/contracts/packages';
import type { ChangeOutlets } from '../packages/lifecycle/publish';
import { pressOffer } from './offer-press';
import { isFirstSighting, MESSAGE_ID, plainText, recordProviderStatus } from './provider-status';
import { followPhone, peopleOnPhone } from './channels.service';
import { isOfferButtonPayload, type OfferPress, readOfferButton } from './offer-buttons';
import { intentOf, WHATSAPP_REPLIES, type WhatsappReplies } from './replies';
import { takePhoneSend } from './budget';
import { sendText, type WhatsappConfig, WhatsappSendError } from './whatsapp-client';
import { isSameSecret } from '../../lib/same-secret';
import { fillIn, mealsIn } from '../notifications/texts';
import type { RouteDeps } from '../route-deps';

export const WHATSAPP_WEBHOOK_PATH = '/api/whatsapp/webhook';
/** Meta's posts are small; a batch of a few hundred events is well under this. */
const WEBHOOK_BODY_LIMIT = '512kb';

/** Whether `header` is Meta's signature of exactly these bytes with the app secret. */
export function isSignedByMeta(body: Buffer, header: unknown, appSecret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(body).digest('hex');
  return isSameSecret(header.slice('sha256='.length), expected);
}

type InboundMessage = {
  id?: unknown;
  from?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { payload?: unknown; text?: unknown };
  interactive?: { button_reply?: { id?: unknown } };
};

/** What Meta says became of a message we sent. */
type StatusUpdate = {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
  errors?: { code?: unknown; title?: unknown }[];
};

type Inbound = { messages: InboundMessage[]; statuses: StatusUpdate[] };

/** The messages and statuses of a webhook post for our number, as Meta documents the envelope. */
function inboundOf(payload: unknown, phoneNumberId: string): Inbound {
  const found: Inbound = { messages: [], statuses: [] };
  const entries = (payload as { entry?: unknown } | null)?.entry;
  if (!Array.isArray(entries)) return found;
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown } | null)?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const { field, value } = (change ?? {}) as {
        field?: unknown;
        value?: {
          metadata?: { phone_number_id?: unknown } | null;
          messages?: unknown;
          statuses?: unknown;
        } | null;
      };
      if (field !== 'messages' || value?.metadata?.phone_number_id !== phoneNumberId) continue;
      for (const [list, into] of [
        [value.messages, found.messages],
        [value.statuses, found.statuses],
      ] as const) {
        if (!Array.isArray(list)) continue;
        for (const item of list as unknown[]) {
          if (item && typeof item === 'object') (into as object[]).push(item);
        }
      }
    }
  }
  return found;
}

type Reply = { to: string; text: string };

/** What handling a post needs: the database, the number's settings, and where changes go. */
type Context = {
  db: AppDb;
  config: Config;
  whatsapp: WhatsappConfig;
  outlets: ChangeOutlets;
  log: Logger;
};

/** The payload of a quick-reply press (a template's button, or an interactive message's). */
function pressedPayload(message: InboundMessage): string | null {
  if (message.type === 'button' && typeof message.button?.payload === 'string') {
    return message.button.payload;
  }
  const reply = message.interactive?.button_reply?.id;
  if (message.type === 'interactive' && typeof reply === 'string') return reply;
  return null;
}

/**
 * Acts on one message, once: STOP or START (its id recorded in the same transaction, so a failure
 * part-way leaves neither and Meta's retry does both), an offer's button, or anything else from a
 * person with WhatsApp on, answered with where their latest package stands. Answers the reply to
 * send, if any.
 */
async function handleMessage(ctx: Context, message: InboundMessage): Promise<Reply | null> {
  const { db, log } = ctx;
  const { id, from } = message;
  if (typeof id !== 'string' || typeof from !== 'string') return null;
  if (!MESSAGE_ID.test(id) || !/^\d{8,15}$/.test(from)) return null;
  const phone = `+${from}`;
  const payload = pressedPayload(message);
  const text =
    message.type === 'text' && typeof message.text?.body === 'string' ? message.text.body : '';
  const intent = payload === null ? intentOf(text) : null;
  if (intent) {
    const person = await db.transaction(async (tx) => {
      if (!(await isFirstSighting(tx, 'whatsapp', id))) return undefined;
      return (await followPhone(tx as unknown as AppDb, 'whatsapp', phone, intent)).person;
    });
    if (person === undefined) return null;
    log.info({ intent, known: person !== null }, 'WhatsApp opt-in or opt-out from the phone');
    const replies = WHATSAPP_REPLIES[person?.locale ?? 'en'];
    // STOP stops the number whoever has it; START turns on only what someone proved.
    const reply =
      intent === 'stop' ? replies.stopped : person ? replies.started : replies.notVerified;
    return { to: phone, text: reply };
  }
  if (!(await isFirstSighting(db, 'whatsapp', id))) return null;
  try {
    return payload === null
      ? await statusReply(ctx, phone)
      : { to: phone, text: await answerPress(ctx, phone, payload) };
  } catch (error) {
    // Not acted on: forget the id, so Meta's retry of this post is acted on.
    await db.execute(sql`delete from messaging_inbound where provider_message_id = ${id}`);
    throw error;
  }
}

/**
 * An offer's Accept or Decline button, pressed on WhatsApp (pressOffer: as the page's buttons).
 * A payload no offer to this number signed (forged, another person's) changes nothing.
 */
async function answerPress(ctx: Context, phone: string, payload: string): Promise<string> {
  const { db, config, whatsapp, log } = ctx;
  const people = await peopleOnPhone(db, 'whatsapp', phone, { withStopped: true });
  if (people.length === 0) return WHATSAPP_REPLIES.en.notVerified;
  let found: { person: (typeof people)[number]; press: OfferPress } | null = null;
  for (const person of people) {
    const press = readOfferButton(whatsapp.appSecret, payload, person.id);
    if (press) {
      found = { person, press };
      break;
    }
  }
  if (!found) {
    log.warn(
      { isOfferButton: isOfferButtonPayload(payload) },
      'WhatsApp button press that no offer to this number signed',
    );
    return fillIn(WHATSAPP_REPLIES[people[0]!.locale].offerEnded, { link: `${config.origin}/` });
  }
  const { person, press } = found;
  const replies = WHATSAPP_REPLIES[person.locale];
  const link = `${config.origin}/transaction/${press.packageId}`;
  const outcome = await pressOffer(ctx, 'whatsapp', person.id, press);
  switch (outcome.kind) {
    case 'ended':
      return fillIn(replies.offerEnded, { link: `${config.origin}/` });
    case 'alreadyAccepted':
      return fillIn(replies.alreadyAccepted, { link });
    case 'declined':
      return replies.declined;
    case 'accepted': {
      // The pairing's own message carries the details when WhatsApp carries the person's
      // updates now (not after STOP or the profile's off: then this reply does).
      const [channel] = await queryRows<{ carries: boolean }>(
        db,
        sql`select updates and opted_out_at is null as carries from messaging_channels
             where user_id = ${person.id} and channel = 'whatsapp'`,
      );
      if (channel?.carries) return replies.acceptedDetailsFollow;
      return acceptedReply(replies, person.locale, outcome.package, link);
    }
  }
}

function acceptedReply(
  replies: WhatsappReplies,
  locale: Locale,
  pkg: PackageRow,
  link: string,
): string {
  return fillIn(replies.accepted, {
    meals: mealsIn(locale, pkg.quantity),
    name: pkg.donorName,
    phone: formatPhone(pkg.donorPhone),
    place: pkg.meetAddress ?? '-',
    link,
  });
}

/**
 * Anything else a person with WhatsApp on writes (which opens Meta's 24-hour window for free
 * text): where their latest package stands, with the place as AlmQuest last named it to them.
 */
async function statusReply(ctx: Context, phone: string): Promise<Reply | null> {
  const { db, config } = ctx;
  const [person] = await peopleOnPhone(db, 'whatsapp', phone, { withStopped: false });
  // Unknown numbers get nothing: an answer to anyone would let anyone make AlmQuest send.
  if (!person) return null;
  const replies = WHATSAPP_REPLIES[person.locale];
  const [latest] = await queryRows<{
    id: string;
    state: PackageState;
    quantity: number;
    is_donor: boolean;
    place: string | null;
  }>(
    db,
    sql`select p.id, p.state, p.quantity, p.donor_id = ${person.id} as is_donor,
               (select n.package_address from notifications n
                 where n.user_id = ${person.id} and n.package_id = p.id
                 order by n.id desc limit 1) as place
          from packages p
         where p.donor_id = ${person.id} or p.distributor_id = ${person.id}
         order by p.state in ('Not Paired', 'Offered', 'Paired', 'Received') desc,
                  p.created_at desc
         limit 1`,
  );
  if (!latest) return { to: phone, text: replies.help };
  const state = latest.is_donor
    ? replies.states[latest.state]
    : latest.state === 'Offered'
      ? replies.offeredToYou
      : latest.state === 'Paired'
        ? replies.pairedToYou
        : replies.states[latest.state];
  return {
    to: phone,
    text: fillIn(replies.status, {
      meals: mealsIn(person.locale, latest.quantity),
      place: latest.place ?? '-',
      state,
      link: `${config.origin}/transaction/${latest.id}`,
    }),
  };
}

/** Keeps what Meta says became of a message we sent (recordProviderStatus). */
async function recordStatus(db: AppDb, update: StatusUpdate): Promise<void> {
  const { id, status, timestamp } = update;
  if (typeof id !== 'string' || typeof status !== 'string') return;
  const firstError = Array.isArray(update.errors) ? update.errors[0] : undefined;
  await recordProviderStatus(db, 'whatsapp', {
    id,
    status,
    at:
      typeof timestamp === 'string' && /^\d{1,12}$/.test(timestamp) ? Number(timestamp) * 1000 : 0,
    reason:
      status === 'failed'
        ? `WhatsApp could not deliver it (${plainText(firstError?.code) || 'no code'}): ${
            plainText(firstError?.title) || 'no reason given'
          }`
        : null,
  });
}

/** Sends the replies after Meta has had its answer (each send may take seconds). */
async function sendReplies(ctx: Context, replies: Reply[]): Promise<void> {
  const { db, whatsapp, log } = ctx;
  for (const reply of replies) {
    try {
      // Replies count against the minute's budget too; past it, a courtesy reply is left unsent.
      if (!(await takePhoneSend(db, 'whatsapp', whatsapp.perMinute))) {
        log.warn('WhatsApp reply not sent: the minute’s budget is spent');
        continue;
      }
      await sendText(whatsapp, reply);
    } catch (error) {
      // The opt-out stands whether or not its confirmation went out.
      log.warn(
        {
          status: error instanceof WhatsappSendError ? error.status : null,
          reason: (error as Error).message,
        },
        'WhatsApp reply not sent',
      );
    }
  }
}

/**
 * Meta's webhook for the WhatsApp number (decision 039): GET answers the subscription check with
 * the verify token; POST takes only bodies signed with the app secret (checked over the raw
 * bytes, before parsing), acts on each message once, and answers 200. Mounted before the API's
 * JSON parser and its same-origin check: Meta's servers post from elsewhere and sign instead.
 */
export function whatsappWebhookRoutes({
  config,
  database,
  logger,
  outlets,
}: Pick<RouteDeps, 'config' | 'database' | 'logger' | 'outlets'>): Router {
  const router = Router();
  const whatsapp = config.whatsapp;
  if (!whatsapp) return router;
  const log = logger.child({ module: 'whatsapp-webhook' });
  const ctx: Context = { db: database.db, config, whatsapp, outlets, log };

  router.get(WHATSAPP_WEBHOOK_PATH, (req, res) => {
    const mode = req.query['hub.mode'];
    const token = req.query['hub.verify_token'];
    const challenge = req.query['hub.challenge'];
    if (
      mode !== 'subscribe' ||
      typeof token !== 'string' ||
      typeof challenge !== 'string' ||
      !/^[\w.-]{1,200}$/.test(challenge) ||
      !isSameSecret(token, whatsapp.verifyToken)
    ) {
      res.status(403).type('text/plain').send('Forbidden');
      return;
    }
    res.status(200).type('text/plain').send(challenge);
  });

  router.post(
    WHATSAPP_WEBHOOK_PATH,
    express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!isSignedByMeta(body, req.headers['x-hub-signature-256'], whatsapp.appSecret)) {
        log.warn('WhatsApp webhook post with a missing or wrong signature refused');
        res.status(401).type('text/plain').send('Bad signature');
        return;
      }
      let payload: unknown;
      try {
        payload = JSON.parse(body.toString('utf8'));
      } catch {
        res.status(400).type('text/plain').send('Not JSON');
        return;
      }
      const inbound = inboundOf(payload, whatsapp.phoneNumberId);
      for (const update of inbound.statuses) {
        // A status is a report: one that cannot be kept is logged, never a reason to refuse
        // the post (Meta would send it again, STOPs and presses with it).
        try {
          await recordStatus(database.db, update);
        } catch (error) {
          log.warn({ err: error }, 'a WhatsApp status could not be kept');
        }
      }
      const replies: Reply[] = [];
      for (const message of inbound.messages) {
        const reply = await handleMessage(ctx, message);
        if (reply) replies.push(reply);
      }
      res.status(200).type('text/plain').send('OK');
      void sendReplies(ctx, replies);
    },
  );

  return router;
}
