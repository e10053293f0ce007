import { z } from 'zod';
import { said } from './field-words';

/** Any part of a device's push subscription missing or malformed: the field's path names it. */
const PUSH_SUBSCRIPTION = said('Not a valid push subscription', 'field.pushSubscription');
const UNSUBSCRIBE_INVALID = said('This unsubscribe link is not valid', 'field.unsubscribeToken');

/** The server's VAPID public key (base64url, uncompressed P-256 point) for pushManager.subscribe. */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

const BASE64URL = /^[\w-]+={0,2}$/;

/** Decodes base64url (with or without padding) to bytes; null when it is not base64url. */
function base64urlBytes(value: string): number | null {
  if (!BASE64URL.test(value)) return null;
  const unpadded = value.replace(/={1,2}$/, '');
  if (unpadded.length % 4 === 1) return null;
  return Math.floor((unpadded.length * 3) / 4);
}

const ENDPOINT_MAX = 2000;

/** A push service URL, as a browser's PushSubscription gives it. Which hosts are allowed is the server's rule. */
export const PushEndpointSchema = z
  .string({ error: PUSH_SUBSCRIPTION })
  .min(1, PUSH_SUBSCRIPTION)
  .max(ENDPOINT_MAX, PUSH_SUBSCRIPTION)
  .refine((value) => URL.canParse(value), PUSH_SUBSCRIPTION);

/** PushSubscription.toJSON(): where to send, and the browser's keys to encrypt for. */
export const PushSubscriptionSchema = z.object({
  endpoint: PushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z
        .string({ error: PUSH_SUBSCRIPTION })
        .refine((v) => base64urlBytes(v) === 65, PUSH_SUBSCRIPTION),
      auth: z
        .string({ error: PUSH_SUBSCRIPTION })
        .refine((v) => base64urlBytes(v) === 16, PUSH_SUBSCRIPTION),
    },
    { error: PUSH_SUBSCRIPTION },
  ),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

export const PushUnsubscribeSchema = z.object({ endpoint: PushEndpointSchema });

/** The answer to subscribing: the device is registered for the signed-in person. */
export const PushSubscribedSchema = z.object({ subscribed: z.literal(true) });

/**
 * How a person wants to hear of their packages: offers and updates, each by push (on
 * every device they turned notifications on) and by e-mail. `emailAvailable` is false when the
 * server has no SMTP set up; e-mail cannot be turned on then.
 */
export const NotificationSettingsSchema = z.object({
  pushOffers: z.boolean(),
  pushUpdates: z.boolean(),
  emailOffers: z.boolean(),
  emailUpdates: z.boolean(),
  emailAvailable: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const NotificationSettingsUpdateSchema = z
  .object({
    pushOffers: z.boolean({ error: said('Choose true or false', 'field.trueOrFalse') }),
    pushUpdates: z.boolean({
      error: said('Choose true or false', 'field.trueOrFalse'),
    }),
    emailOffers: z.boolean({
      error: said('Choose true or false', 'field.trueOrFalse'),
    }),
    emailUpdates: z.boolean({
      error: said('Choose true or false', 'field.trueOrFalse'),
    }),
  })
  .partial()
  .strict();
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdateSchema>;

/** Which e-mails an unsubscribe link stops. */
export const MAIL_TOPICS = ['offers', 'updates'] as const;
export type MailTopic = (typeof MAIL_TOPICS)[number];

const TOKEN_MAX = 300;

export const UnsubscribeSchema = z.object({
  token: z
    .string({ error: UNSUBSCRIBE_INVALID })
    .min(1, UNSUBSCRIBE_INVALID)
    .max(TOKEN_MAX, UNSUBSCRIBE_INVALID),
  /** Turn the e-mails back on: `token` is then the undo token the unsubscribe answered with. */
  resubscribe: z.boolean({ error: said('Choose true or false', 'field.trueOrFalse') }).optional(),
});
export const UnsubscribedSchema = z.object({
  topic: z.enum(MAIL_TOPICS),
  subscribed: z.boolean(),
  /** For the page's undo, valid for a few minutes. */
  undoToken: z.string().optional(),
});
export type Unsubscribed = z.infer<typeof UnsubscribedSchema>;
