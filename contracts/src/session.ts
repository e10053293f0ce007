import { z } from 'zod';

export const UserTypeSchema = z.enum(['donor', 'distributor']);
export type UserType = z.infer<typeof UserTypeSchema>;

/** SPEC: the session user (kept in the browser under `user` only as a cache). */
export const SessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  isRegistered: z.boolean(),
  userType: UserTypeSchema.nullable(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** GET /api/session: who is signed in, or null for a visitor (not an error: 200 either way). */
export const SessionResponseSchema = z.object({ user: SessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
