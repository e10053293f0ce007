import { z } from 'zod';
import { textField } from './text';

export const CONTACT_MESSAGE_MAX = 5000;

/** POST /api/contact. `website` is a honeypot: people leave it empty, bots fill it. */
export const ContactMessageSchema = z.object({
  name: textField({ max: 200, min: 1, messages: { required: 'Please enter your name' } }),
  email: textField({
    max: 254,
    min: 1,
    messages: { required: 'Please enter your email address' },
  }).pipe(z.email('Please enter a valid email address')),
  message: textField({
    max: CONTACT_MESSAGE_MAX,
    min: 1,
    isMultiLine: true,
    messages: { required: 'Please write a message' },
  }),
  website: textField({ max: 500 }).optional(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactAcceptedSchema = z.object({ id: z.string(), status: z.literal('received') });
export type ContactAccepted = z.infer<typeof ContactAcceptedSchema>;
