import { z } from 'zod';

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
  .string({ error: 'Give the subscription endpoint' })
  .min(1, 'Give the subscription endpoint')
  .max(ENDPOINT_MAX, `The endpoint may be at most ${ENDPOINT_MAX} characters`)
  .refine((value) => URL.canParse(value), 'The endpoint must be a URL');

/** PushSubscription.toJSON(): where to send, and the browser's keys to encrypt for. */
export const PushSubscriptionSchema = z.object({
  endpoint: PushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z
        .string({ error: 'Give the p256dh key' })
        .refine(
          (v) => base64urlBytes(v) === 65,
          'p256dh must be a base64url P-256 public key (65 bytes)',
        ),
      auth: z
        .string({ error: 'Give the auth secret' })
        .refine((v) => base64urlBytes(v) === 16, 'auth must be a base64url 16-byte secret'),
    },
    { error: 'Give the subscription keys' },
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
    pushOffers: z.boolean({ error: 'pushOffers must be true or false' }),
    pushUpdates: z.boolean({ error: 'pushUpdates must be true or false' }),
    emailOffers: z.boolean({ error: 'emailOffers must be true or false' }),
    emailUpdates: z.boolean({ error: 'emailUpdates must be true or false' }),
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
    .string({ error: 'Give the unsubscribe token' })
    .min(1, 'Give the unsubscribe token')
    .max(TOKEN_MAX, 'This unsubscribe link is not valid'),
  /** Turn the e-mails back on: `token` is then the undo token the unsubscribe answered with. */
  resubscribe: z.boolean({ error: 'resubscribe must be true or false' }).optional(),
});
export const UnsubscribedSchema = z.object({
  topic: z.enum(MAIL_TOPICS),
  subscribed: z.boolean(),
  /** For the page's undo, valid for a few minutes. */
  undoToken: z.string().optional(),
});
export type Unsubscribed = z.infer<typeof UnsubscribedSchema>;
