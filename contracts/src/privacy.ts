import { z } from 'zod';
import { said } from './field-words';

import { PRIVACY_NOTICE_VERSION } from './privacy-version';

export { PRIVACY_NOTICE_VERSION };

/** What a person agrees to: this version of the notice, and that they are 18 or over. */
const NOTICE_NOT_ACCEPTED = said(
  'Read and accept the current privacy notice',
  'field.privacyNotice',
);
export const ConsentSchema = z.strictObject(
  {
    notice: z.literal(PRIVACY_NOTICE_VERSION, { error: NOTICE_NOT_ACCEPTED }),
    isAdult: z.literal(true, {
      error: said('Confirm that you are 18 or over', 'field.isAdult'),
    }),
  },
  { error: NOTICE_NOT_ACCEPTED },
);
export type Consent = z.infer<typeof ConsentSchema>;

/** POST /api/me/consent: a registered person accepts a newer notice. */
export const ConsentRequestSchema = z.strictObject({ consent: ConsentSchema });
export type ConsentRequest = z.infer<typeof ConsentRequestSchema>;

/** The services that handle personal data for the operator, as the notice lists them. */
export const PROCESSORS = [
  'email',
  'push',
  'whatsapp',
  'sms',
  'pusher',
  'places',
  'routes',
] as const;
export type Processor = (typeof PROCESSORS)[number];

/** GET /api/privacy: the operator's part of the notice, from its configuration. Public. */
export const PrivacySettingsSchema = z.object({
  notice: z.string(),
  operator: z.object({ name: z.string(), address: z.string().nullable() }),
  /** Whom to write to about one's data, and in how many days they answer (at most 90). */
  grievance: z.object({
    email: z.string().nullable(),
    phone: z.string().nullable(),
    days: z.number(),
  }),
  /** How long each kind of personal data is kept, in days. */
  retention: z.object({
    contactAfterFinished: z.number(),
    /** Null while no mail server is set: nobody can be warned, so nobody is erased. */
    dormantAccount: z.number().nullable(),
    dormantWarning: z.number(),
    contactMessages: z.number(),
    auditEntries: z.number(),
    backups: z.number(),
  }),
  processors: z.array(z.enum(PROCESSORS)),
});
export type PrivacySettings = z.infer<typeof PrivacySettingsSchema>;

/** One acceptance of the notice, as the export shows it. */
export const ConsentReceiptSchema = z.object({
  notice: z.string(),
  locale: z.string().nullable(),
  isAdult: z.boolean(),
  acceptedAt: z.string(),
});
