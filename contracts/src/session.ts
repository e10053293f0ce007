import { z } from 'zod';
import { said } from './field-words';
import { LOCALES } from './locales';

export const UserTypeSchema = z.enum(['donor', 'distributor']);
export type UserType = z.infer<typeof UserTypeSchema>;

/**
 * The demo coordinator: offered on the development sign-in page and a coordinator
 * while that sign-in is on and COORDINATOR_EMAILS is unset. example.org: no real mailbox.
 */
export const DEMO_COORDINATOR_EMAIL = 'coordinator.demo@example.org';

/** SPEC: the session user (kept in the browser under `user` only as a cache). */
export const SessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  isRegistered: z.boolean(),
  userType: UserTypeSchema.nullable(),
  /** The language kept on the account: en, hi or bn; null until one is kept. */
  locale: z.enum(LOCALES).nullable(),
  /** The privacy notice version the person last accepted; null: none yet (decision 043). */
  privacyNotice: z.string().nullable(),
  /** Runs the coordinator console; absent means no. */
  isCoordinator: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** PUT /api/me/locale: the language to keep on the account. */
export const LocaleRequestSchema = z.strictObject({
  locale: z.enum(LOCALES, { error: said('Choose en, hi or bn', 'field.locale') }),
});
export type LocaleRequest = z.infer<typeof LocaleRequestSchema>;

/** GET /api/session: who is signed in, or null for a visitor (not an error: 200 either way). */
export const SessionResponseSchema = z.object({ user: SessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
