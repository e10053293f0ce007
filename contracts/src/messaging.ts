import { z } from 'zod';
import { said } from './field-words';
import { asciiDigits } from './text';

/** The phone channels a person may turn on (decision 039). */
export const MESSAGING_CHANNELS = ['whatsapp', 'sms'] as const;
export type MessagingChannel = (typeof MESSAGING_CHANNELS)[number];

/**
 * Where a person's channel stands: `off` (never turned on, or turned off in the profile),
 * `verifying` (a code was sent to the phone and is awaited), `on` (proven, and carries
 * notifications), `stopped` (the person sent STOP from the phone).
 */
export const MessagingStateSchema = z.enum(['off', 'verifying', 'on', 'stopped']);
export type MessagingState = z.infer<typeof MessagingStateSchema>;

export const MessagingChannelSettingsSchema = z.object({
  /** Whether this server sends on the channel at all (a provider is configured). */
  available: z.boolean(),
  state: MessagingStateSchema,
  /** The number the channel goes to (its ten digits), once turned on. */
  phone: z.string().nullable(),
  /** Offers always come on a channel that is on; package updates too while this is true. */
  updates: z.boolean(),
});
export type MessagingChannelSettings = z.infer<typeof MessagingChannelSettingsSchema>;

export const MessagingSettingsSchema = z.object({
  whatsapp: MessagingChannelSettingsSchema,
  sms: MessagingChannelSettingsSchema,
});
export type MessagingSettings = z.infer<typeof MessagingSettingsSchema>;

const CODE_INVALID = said('Enter the 6-digit code we sent', 'field.messagingCode');

/** The one-time code from the phone: six digits, in any script, spaces allowed. */
export const MessagingCodeSchema = z
  .object({
    code: z
      .string({ error: CODE_INVALID })
      .max(20, CODE_INVALID)
      .transform((raw) => asciiDigits(raw).replace(/\s/g, ''))
      .refine((digits) => /^\d{6}$/.test(digits), CODE_INVALID),
  })
  .strict();

/** The profile's choice of whether a channel carries package updates besides offers. */
export const MessagingUpdatesSchema = z
  .object({ updates: z.boolean({ error: said('Choose on or off', 'field.messagingUpdates') }) })
  .strict();
