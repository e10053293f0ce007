import { z } from 'zod';

/** GET /api/me/calendar: whether the person has a calendar feed address. */
export const CalendarStatusSchema = z.object({ isOn: z.boolean() });
export type CalendarStatus = z.infer<typeof CalendarStatusSchema>;

/** POST /api/me/calendar: the new feed address, shown once (only its hash is kept). */
export const CalendarLinkSchema = z.object({ url: z.string() });
export type CalendarLink = z.infer<typeof CalendarLinkSchema>;
