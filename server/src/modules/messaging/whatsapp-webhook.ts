import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { Router } from 'express';
import { sql } from 'drizzle-orm';
import type { Logger } from '../../logger';
import type { Config } from '../../config';
import { type AppDb, type Database, type Executor, queryRows } from '../../db/client';
import { followPhone } from './channels.service';
import { intentOf, WHATSAPP_REPLIES } from './replies';
import { sendText, type WhatsappConfig, WhatsappSendError } from './whatsapp-client';

export const WHATSAPP_WEBHOOK_PATH = '/api/whatsapp/webhook';
/** Meta's posts are small; a batch of a few hundred events is well under this. */
const WEBHOOK_BODY_LIMIT = '512kb';

/** Whether `header` is Meta's signature of exactly these bytes with the app secret. */
export function isSignedByMeta(body: Buffer, header: unknown, appSecret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'utf8');
  const expected = Buffer.from(createHmac('sha256', appSecret).update(body).digest('hex'), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const sameSecret = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

type InboundMessage = {
  id?: unknown;
  from?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { payload?: unknown; text?: unknown };
  interactive?: { button_reply?: { id?: unknown } };
};

/** The messages of a webhook post addressed to our number, as Meta documents the envelope. */
function messagesOf(payload: unknown, phoneNumberId: string): InboundMessage[] {
  const found: InboundMessage[] = [];
  const entries = (payload as { entry?: unknown } | null)?.entry;
  if (!Array.isArray(entries)) return found;
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown } | null)?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const { field, value } = (change ?? {}) as {
        field?: unknown;
        value?: { metadata?: { phone_number_id?: unknown } | null; messages?: unknown } | null;
      };
      if (field !== 'messages' || value?.metadata?.phone_number_id !== phoneNumberId) continue;
      if (!Array.isArray(value.messages)) continue;
      for (const message of value.messages as unknown[]) {
        if (message && typeof message === 'object') found.push(message as InboundMessage);
      }
    }
  }
  return found;
}

/** Records a message id once: true the first time, false for Meta's retries of it. */
async function isFirstSighting(db: Executor, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into messaging_inbound (provider_message_id, channel) values (${id}, 'whatsapp')
        on conflict do nothing returning provider_message_id as id`,
  );
  return rows.length === 1;
}

type Reply = { to: string; text: string };

/**
 * Acts on one message: its id is recorded and its STOP or START applied in one transaction, so a
 * failure part-way leaves neither and Meta's retry does both. Answers the reply to send, if any.
 */
async function handleMessage(
  db: AppDb,
  message: InboundMessage,
  log: Logger,
): Promise<Reply | null> {
  const { id, from } = message;
  if (typeof id !== 'string' || typeof from !== 'string') return null;
  // Meta's ids are base64-like (wamid.HBgM…); anything else is not a message of Meta's.
  if (!/^[\w.=+/:-]{1,256}$/.test(id) || !/^\d{8,15}$/.test(from)) return null;
  const phone = `+${from}`;
  const text =
    message.type === 'text' && typeof message.text?.body === 'string' ? message.text.body : '';
  const intent = intentOf(text);
  const person = await db.transaction(async (tx) => {
    if (!(await isFirstSighting(tx, id))) return undefined;
    return intent ? followPhone(tx as unknown as AppDb, 'whatsapp', phone, intent) : undefined;
  });
  if (person === undefined || !intent) return null;
  log.info({ intent, known: person !== null }, 'WhatsApp opt-in or opt-out from the phone');
  const replies = WHATSAPP_REPLIES[person?.locale ?? 'en'];
  const reply = !person
    ? replies.notVerified
    : intent === 'stop'
      ? replies.stopped
      : replies.started;
  return { to: phone, text: reply };
}

/** Sends the replies after Meta has had its answer (each send may take seconds). */
async function sendReplies(config: WhatsappConfig, replies: Reply[], log: Logger): Promise<void> {
  for (const reply of replies) {
    try {
      await sendText(config, reply);
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
}: {
  config: Config;
  database: Database;
  logger: Logger;
}): Router {
  const router = Router();
  const whatsapp = config.whatsapp;
  if (!whatsapp) return router;
  const log = logger.child({ module: 'whatsapp-webhook' });

  router.get(WHATSAPP_WEBHOOK_PATH, (req, res) => {
    const mode = req.query['hub.mode'];
    const token = req.query['hub.verify_token'];
    const challenge = req.query['hub.challenge'];
    if (
      mode !== 'subscribe' ||
      typeof token !== 'string' ||
      typeof challenge !== 'string' ||
      !/^[\w.-]{1,200}$/.test(challenge) ||
      !sameSecret(token, whatsapp.verifyToken)
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
      const replies: Reply[] = [];
      for (const message of messagesOf(payload, whatsapp.phoneNumberId)) {
        const reply = await handleMessage(database.db, message, log);
        if (reply) replies.push(reply);
      }
      res.status(200).type('text/plain').send('OK');
      void sendReplies(whatsapp, replies, log);
    },
  );

  return router;
}
