import { z } from 'zod';

/**
 * GET /api/health: readiness. `ok` only when the database answers, the place list is loaded
 * (nobody can register without it) and the database takes writes; `checks` says which is not.
 * GET /api/health/live says only that the process runs.
 */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  db: z.enum(['pglite', 'postgres']),
  checks: z.object({
    /** 'notMigrated': it answers but holds no AlmQuest schema (dropped, or restored wrong). */
    database: z.enum(['ok', 'unreachable', 'notMigrated']),
    places: z.enum(['ok', 'loading']),
    /** 'unknown' while the database cannot be reached: nobody can tell whether it would. */
    writes: z.enum(['ok', 'refused', 'unknown']),
    /** 'stopping' from the moment the process is told to stop: send it nothing new. */
    process: z.enum(['ok', 'stopping']),
  }),
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
