import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  db: z.enum(['pglite', 'postgres']),
});
export type Health = z.infer<typeof HealthSchema>;

/** Settings the browser may know. Nothing secret ever goes here. */
export const PublicConfigSchema = z.object({
  appName: z.string(),
  realtime: z.object({
    transport: z.enum(['sse', 'pusher']),
    pusherKey: z.string().optional(),
    pusherCluster: z.string().optional(),
  }),
  map: z.object({
    tileUrl: z.string(),
    attribution: z.string(),
  }),
  providers: z.object({
    signIn: z.enum(['dev', 'oidc']),
    places: z.enum(['gazetteer', 'google']),
    routes: z.enum(['straight', 'osrm']),
    contactMail: z.boolean(),
  }),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
