import { z } from 'zod';
import { said } from './field-words';
import { textField } from './text';

export const CONTACT_MESSAGE_MAX = 5000;

/** POST /api/contact. `website` is a honeypot: people leave it empty, bots fill it. */
export const ContactMessageSchema = z.object({
  name: textField({
    max: 200,
    min: 1,
    messages: { required: said('Please enter your name', 'field.contactName') },
  }),
  email: textField({
    max: 254,
    min: 1,
    messages: { required: said('Please enter your email address', 'field.contactEmail') },
  }).pipe(z.email(said('Please enter a valid email address', 'field.contactEmailInvalid'))),
  message: textField({
    max: CONTACT_MESSAGE_MAX,
    min: 1,
    isMultiLine: true,
    messages: { required: said('Please write a message', 'field.contactMessage') },
  }),
  website: textField({ max: 500 }).optional(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactAcceptedSchema = z.object({ id: z.string(), status: z.literal('received') });
export type ContactAccepted = z.infer<typeof ContactAcceptedSchema>;
