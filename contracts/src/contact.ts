import { z } from 'zod';

export const CONTACT_MESSAGE_MAX = 5000;

/** POST /api/contact. `website` is a honeypot: people leave it empty, bots fill it. */
export const ContactMessageSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(200, 'Use at most 200 characters'),
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email address')
    .max(254, 'Use at most 254 characters')
    .pipe(z.email('Please enter a valid email address')),
  message: z
    .string()
    .trim()
    .min(1, 'Please write a message')
    .max(CONTACT_MESSAGE_MAX, `Use at most ${CONTACT_MESSAGE_MAX} characters`),
  website: z.string().max(500).optional(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactAcceptedSchema = z.object({ id: z.string(), status: z.literal('received') });
export type ContactAccepted = z.infer<typeof ContactAcceptedSchema>;
