import type { Config } from '../../config';
import type { AppDb } from '../../db/client';
import type { Logger } from '../../logger';
import { createSmtpSender } from '../../lib/smtp';
import { createVapidSigner, type VapidKeys } from '../../lib/web-push';
import { loadVapidKeys } from '../push/push.service';
import { type Channels, createDeliverer, type Deliverer } from './delivery';
import { loadMailTokens, type MailTokens } from './mail-tokens';
import { gupshup } from '../messaging/sms-client';

/** Reaching people outside the page: push keys, mail tokens and the deliverer. */
export type Outreach = {
  vapid: () => Promise<VapidKeys>;
  mailTokens: () => Promise<MailTokens>;
  deliverer: Deliverer;
  /** Whether notification e-mail can be turned on (SMTP is set up). */
  isMailAvailable: boolean;
  close(): void;
};

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => {
    value ??= make().catch((error: unknown) => {
      value = null;
      throw error;
    });
    return value;
  };
}

export function createOutreach({
  config,
  db,
  logger,
}: {
  config: Config;
  db: AppDb;
  logger: Logger;
}): Outreach {
  const vapid = once(() => loadVapidKeys(db, config.push));
  const mailTokens = once(() => loadMailTokens(db));
  const sender = config.notificationMail ? createSmtpSender(config.notificationMail) : null;
  // Push and mail stand apart: unusable push keys fail (and retry) each push, not the mail too.
  const pushAuthorization = once(async (): Promise<(audience: string) => string> => {
    const keys = await vapid(); // a failed read is retried on the next run, not remembered
    try {
      return createVapidSigner(keys);
    } catch (error) {
      logger.error({ err: error }, 'the VAPID keys cannot sign; no push can be sent');
      return () => {
        throw new Error(`the VAPID keys cannot sign: ${(error as Error).message}`);
      };
    }
  });
  const channels = once(async (): Promise<Channels> => ({
    push: { authorization: await pushAuthorization(), extraOrigins: config.push.extraOrigins },
    mail: sender ? { sender, tokens: await mailTokens() } : null,
    whatsapp: config.whatsapp,
    sms: config.sms ? { config: config.sms, provider: gupshup(config.sms, config.origin) } : null,
  }));
  return {
    vapid,
    mailTokens,
    deliverer: createDeliverer({ db, logger, origin: config.origin, channels }),
    isMailAvailable: sender !== null,
    close: () => sender?.close(),
  };
}
