import { createHash } from 'node:crypto';
import type { Locale } from '@almquest/contracts/locales';
import { asciiDigits } from '@almquest/contracts/text';
import { formatPhone } from '@almquest/contracts/phone';
import express, { type Request, Router } from 'express';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type AppDb, queryRows } from '../../db/client';
import { isSameSecret } from '../../lib/same-secret';
import type { Logger } from '../../logger';
import type { ChangeOutlets } from '../packages/lifecycle/publish';
import { mealsIn } from '../notifications/texts';
import { takePhoneSend } from './budget';
import { followPhone, peopleOnPhone } from './channels.service';
import { offerReplyCode, type OfferPress } from './offer-buttons';
import { pressOffer } from './offer-press';
import { isFirstSighting, plainText, recordProviderStatus } from './provider-status';
import { intentOf } from './replies';
import { gupshup, type SmsConfig, type SmsProvider } from './sms-client';
import { packageLinkCode, replyCommand } from './sms-messages';
import type { SmsTemplate } from '../../lib/sms-templates';
import type { RouteDeps } from '../route-deps';

/**
 * Gupshup calls these (decision 039): the keyword's response URL with each SMS people send to
 * the reply number, and the delivery-report URL. Gupshup signs nothing, so the address carries
 * a long secret (SMS_WEBHOOK_SECRET) that only the operator's Gupshup settings know; any other
 * address answers 404 as an unknown page does.
 */
export const SMS_WEBHOOK_BASE = '/api/sms/webhook';
/** Gupshup posts at most 20 events in one report: a few kilobytes. */
const REPORT_BODY_LIMIT = '32kb';

type Context = {
  db: AppDb;
  config: Config;
  sms: SmsConfig;
  provider: SmsProvider;
  outlets: ChangeOutlets;
  log: Logger;
};

type Reply = { to: string; locale: Locale; template: SmsTemplate; values: string[] };

/** An Indian mobile as Gupshup gives it (ten digits, or twelve after 91): the stored form. */
function phoneOf(msisdn: unknown): string | null {
  if (typeof msisdn !== 'string') return null;
  const digits = msisdn.replace(/^\+/, '');
  const ten = /^(?:91)?([6-9]\d{9})$/.exec(digits)?.[1];
  return ten ? `+91${ten}` : null;
}

/** What a reply asks, once the keyword (on a shared number) is taken off its front. */
function wordsOf(sms: SmsConfig, content: string): string {
  let words = asciiDigits(content.normalize('NFC')).trim();
  const keyword = sms.replyKeyword;
  if (keyword && words.toUpperCase().startsWith(keyword)) {
    const rest = words.slice(keyword.length);
    if (rest === '' || /^\s/.test(rest)) words = rest.trim();
  }
  return words;
}

/** "1 K7QX" accepts the offer with that code, "2 K7QX" declines it; the code may be left out. */
function answerOf(words: string): { action: OfferPress['action']; code: string | null } | null {
  const found = /^([12])(?:[\s:.-]*([a-z0-9]{4}))?[.!।]?$/i.exec(words);
  if (!found) return null;
  return {
    action: found[1] === '1' ? 'accept' : 'decline',
    code: found[2]?.toUpperCase() ?? null,
  };
}

/**
 * Which offer to the person a reply answers, as a press on it: the offer whose code it gives (one
 * of their offers of the last day), or, with no code, the offer open now whose SMS went out,
 * when it is their only one. Null when none fits (a mistyped code, or no code and not exactly
 * one such offer). An offer that is not its package's latest round to them, or no longer open,
 * makes a press that pressOffer turns down.
 */
async function offerAnswered(
  ctx: Context,
  personId: string,
  answer: { action: OfferPress['action']; code: string | null },
): Promise<OfferPress | null> {
  const offers = await queryRows<{
    id: number;
    package_id: string;
    is_latest: boolean;
    is_open: boolean;
    offer_expires_at: Date | string | null;
    was_sent: boolean;
    is_theirs: boolean;
  }>(
    ctx.db,
    sql`select n.id, n.package_id,
               n.id = (select max(m.id) from notifications m
                        where m.user_id = n.user_id and m.package_id = n.package_id
                          and m.kind = 'offered') as is_latest,
               p.state = 'Offered' and p.distributor_id = n.user_id
                 and p.offer_expires_at > now() as is_open,
               p.offer_expires_at,
               exists (select 1 from notification_deliveries d
                        where d.notification_id = n.id and d.channel = 'sms'
                          and d.state = 'sent') as was_sent,
               p.state in ('Paired', 'Received') and p.distributor_id = n.user_id as is_theirs
          from notifications n join packages p on p.id = n.package_id
         where n.user_id = ${personId} and n.kind = 'offered'
           and n.created_at > now() - interval '1 day'
         order by n.id desc limit 100`,
  );
  const found =
    answer.code === null
      ? (() => {
          const open = offers.filter((o) => o.is_latest && o.is_open && o.was_sent);
          if (open.length > 0) return open.length === 1 ? open[0] : undefined;
          // None open: the one they took already, sent again (a basic phone shows no sign the
          // first reply arrived), is answered with its details.
          const taken = offers.filter((o) => o.is_latest && o.is_theirs && o.was_sent);
          return taken.length === 1 ? taken[0] : undefined;
        })()
      : offers.find(
          (o) => offerReplyCode(ctx.sms.webhookSecret, Number(o.id), personId) === answer.code,
        );
  if (!found) return null;
  return {
    action: answer.action,
    packageId: found.package_id,
    // An earlier round's code: a deadline no offer has, so the press changes nothing.
    offerEndsAt:
      found.is_latest && found.offer_expires_at ? new Date(found.offer_expires_at) : new Date(0),
  };
}

/** The pairing's details to the distributor: the answer to an Accept, and to one made before. */
async function pairingReply(
  ctx: Context,
  phone: string,
  locale: Locale,
  packageId: string,
): Promise<Reply | null> {
  const [pkg] = await queryRows<{
    quantity: number;
    donor_name: string;
    donor_phone: string;
    meet_address: string | null;
    is_to_pick_up: boolean;
  }>(
    ctx.db,
    sql`select quantity, donor_name, donor_phone, meet_address,
               state in ('Paired', 'Received') as is_to_pick_up
          from packages where id = ${packageId}`,
  );
  if (!pkg) return null;
  // Picked up and given out already: no "pick it up" again, only that nothing changed.
  if (!pkg.is_to_pick_up) {
    return { to: phone, locale, template: 'almquest_sms_offer_ended', values: [] };
  }
  return {
    to: phone,
    locale,
    template: 'almquest_sms_paired_distributor',
    values: [
      mealsIn(locale, pkg.quantity),
      pkg.donor_name,
      formatPhone(pkg.donor_phone),
      pkg.meet_address ?? '-',
      packageLinkCode(packageId),
    ],
  };
}

/**
 * Acts on one SMS a person sent to the reply number, once (Gupshup gives no id: one is made from
 * the number, its time and its words): STOP or START, or an answer to an offer. Anything else,
 * and anything from a number nobody proved, gets no answer: each answer is a paid message.
 */
async function handleInbound(ctx: Context, query: Request['query']): Promise<Reply | null> {
  const { db, sms, log } = ctx;
  const phone = phoneOf(query['msisdn']);
  const content = query['content'];
  if (!phone || typeof content !== 'string' || content.length > 500) return null;
  // Gupshup gives the time it took the SMS; without one, the minute it reached us.
  const timestamp =
    typeof query['timestamp'] === 'string' && query['timestamp'] !== ''
      ? query['timestamp']
      : `at ${Math.floor(Date.now() / 60_000)}`;
  const id = `sms:${createHash('sha256')
    .update(`${phone}|${timestamp}|${content}`)
    .digest('hex')
    .slice(0, 40)}`;
  const words = wordsOf(sms, content);
  const intent = intentOf(words);
  if (intent) {
    const outcome = await db.transaction(async (tx) => {
      if (!(await isFirstSighting(tx, 'sms', id))) return undefined;
      return followPhone(tx as unknown as AppDb, 'sms', phone, intent);
    });
    if (outcome === undefined) return null;
    const { person, isNewStop } = outcome;
    log.info({ intent, known: person !== null }, 'SMS opt-in or opt-out from the phone');
    if (intent === 'stop') {
      // Answered once, and only to a number someone proved: each answer is a paid SMS.
      if (!isNewStop || !person) return null;
      return {
        to: phone,
        locale: person?.locale ?? 'en',
        template: 'almquest_sms_stopped',
        values: [replyCommand(sms, 'START')],
      };
    }
    return person
      ? {
          to: phone,
          locale: person.locale,
          template: 'almquest_sms_started',
          values: [replyCommand(sms, 'STOP')],
        }
      : null;
  }
  const answer = answerOf(words);
  if (!answer) return null;
  if (!(await isFirstSighting(db, 'sms', id))) return null;
  try {
    const people = await peopleOnPhone(db, 'sms', phone, { withStopped: true });
    if (people.length === 0) return null;
    const answered: { person: (typeof people)[number]; offer: OfferPress }[] = [];
    for (const person of people) {
      const offer = await offerAnswered(ctx, person.id, answer);
      if (offer) answered.push({ person, offer });
    }
    // A code names its offer; without one, a phone two people share must say whose it answers.
    const only = answer.code !== null || answered.length === 1 ? answered[0] : undefined;
    if (only) {
      const { person, offer } = only;
      const outcome = await pressOffer(ctx, 'sms', person.id, offer);
      const reply = { to: phone, locale: person.locale };
      switch (outcome.kind) {
        case 'ended':
          return { ...reply, template: 'almquest_sms_offer_ended', values: [] };
        case 'declined':
          return { ...reply, template: 'almquest_sms_declined', values: [] };
        case 'alreadyAccepted':
          return pairingReply(ctx, phone, person.locale, offer.packageId);
        case 'accepted': {
          // The pairing's own SMS carries the details when SMS carries the person's updates
          // now (not after STOP or the profile's off: the answer to their own SMS does).
          const [channel] = await queryRows<{ carries: boolean }>(
            db,
            sql`select updates and opted_out_at is null as carries from messaging_channels
                 where user_id = ${person.id} and channel = 'sms'`,
          );
          return channel?.carries ? null : pairingReply(ctx, phone, person.locale, offer.packageId);
        }
      }
    }
    log.info({ hasCode: answer.code !== null }, 'SMS answer that no open offer fits');
    return {
      to: phone,
      locale: people[0]!.locale,
      template: 'almquest_sms_offer_ended',
      values: [],
    };
  } catch (error) {
    // Not acted on: forget it, so Gupshup's retry of it is acted on.
    await db.execute(sql`delete from messaging_inbound where provider_message_id = ${id}`);
    throw error;
  }
}

/**
 * A Gupshup delivery report's status in our words: sent, delivered or failed (the rest, such as
 * a report that it is still on its way, is not kept).
 */
function statusOf(said: unknown): 'sent' | 'delivered' | 'failed' | null {
  if (typeof said !== 'string') return null;
  const status = said.trim().toUpperCase();
  if (status === 'SUCCESS' || status === 'DELIVERED' || status === 'DELIVRD') return 'delivered';
  if (status === 'SENT' || status === 'SUBMITTED') return 'sent';
  if (/^(?:FAIL|UNDELIV|REJECT|EXPIRED|BLOCKED|DND)/.test(status)) {
    return 'failed';
  }
  return null;
}

/** Keeps one delivery report, in either of Gupshup's shapes (GET's fields, or a POSTed event). */
async function recordReport(
  db: AppDb,
  report: { id: unknown; status: unknown; at: unknown; cause: unknown; code: unknown },
): Promise<void> {
  const status = statusOf(report.status);
  if (typeof report.id !== 'string' || !status) return;
  const at = Number(report.at);
  await recordProviderStatus(db, 'sms', {
    id: report.id,
    status,
    at: Number.isFinite(at) ? at : 0,
    reason:
      status === 'failed'
        ? `SMS could not be delivered (${plainText(report.code) || 'no code'}): ${
            plainText(report.cause) || 'no reason given'
          }`
        : null,
  });
}

/** Sends the answers after Gupshup has had its own (each send may take seconds). */
async function sendReplies(ctx: Context, replies: Reply[]): Promise<void> {
  const { db, sms, provider, log } = ctx;
  for (const reply of replies) {
    try {
      // Answers count against the minute's budget too; past it, one is left unsent.
      if (!(await takePhoneSend(db, 'sms', sms.perMinute))) {
        log.warn('SMS answer not sent: the minute’s budget is spent');
        continue;
      }
      await provider.send(reply);
    } catch (error) {
      // The opt-out or the answer to the offer stands whether or not this went out.
      log.warn({ reason: (error as Error).message }, 'SMS answer not sent');
    }
  }
}

export function smsWebhookRoutes({
  config,
  database,
  logger,
  outlets,
}: Pick<RouteDeps, 'config' | 'database' | 'logger' | 'outlets'>): Router {
  const router = Router();
  const sms = config.sms;
  if (!sms) return router;
  const log = logger.child({ module: 'sms-webhook' });
  const ctx: Context = {
    db: database.db,
    config,
    sms,
    provider: gupshup(sms, config.origin),
    outlets,
    log,
  };
  const isOurs = (req: Request) => isSameSecret(String(req.params['secret']), sms.webhookSecret);

  router.get(`${SMS_WEBHOOK_BASE}/:secret/inbound`, async (req, res, next) => {
    // No number takes replies: nothing comes in, and no answer template is registered.
    if (!isOurs(req) || !sms.replyNumber) return next();
    const reply = await handleInbound(ctx, req.query);
    res.status(200).type('text/plain').send('OK');
    if (reply) void sendReplies(ctx, [reply]);
  });

  router.get(`${SMS_WEBHOOK_BASE}/:secret/report`, async (req, res, next) => {
    if (!isOurs(req)) return next();
    const q = req.query;
    try {
      await recordReport(database.db, {
        id: q['externalId'],
        status: q['status'],
        at: q['deliveredTS'],
        cause: q['cause'],
        code: q['errCode'],
      });
    } catch (error) {
      log.warn({ err: error }, 'an SMS delivery report could not be kept');
    }
    res.status(200).type('text/plain').send('OK');
  });

  router.post(
    `${SMS_WEBHOOK_BASE}/:secret/report`,
    // The address first: a body is read only for a call that knows the secret.
    (req, _res, next) => (isOurs(req) ? next() : next('route')),
    express.text({ type: () => true, limit: REPORT_BODY_LIMIT }),
    async (req, res) => {
      let events: unknown;
      try {
        events = JSON.parse(typeof req.body === 'string' ? req.body : '');
      } catch {
        res.status(400).type('text/plain').send('Not JSON');
        return;
      }
      for (const event of Array.isArray(events) ? events : [events]) {
        const e = (event ?? {}) as Record<string, unknown>;
        // A report is a report: one that cannot be kept is logged, never a reason to refuse.
        try {
          await recordReport(database.db, {
            id: e['externalId'],
            status: e['eventType'],
            at: e['eventTs'],
            cause: e['cause'],
            code: e['errCode'],
          });
        } catch (error) {
          log.warn({ err: error }, 'an SMS delivery report could not be kept');
        }
      }
      res.status(200).type('text/plain').send('OK');
    },
  );

  return router;
}
