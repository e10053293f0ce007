import { z } from 'zod';

/** GET /api/impact: what AlmQuest has done so far, for everyone to see. */
export const ImpactSchema = z.object({
  /** Meals in every package donated (withdrawn packages are gone and not counted). */
  mealsDonated: z.number(),
  /** Packages handed out to people (state Distributed). */
  packagesDistributed: z.number(),
  /** Distributors who are registered and active now. */
  activeDistributors: z.number(),
  /** When these figures were counted (they are cached for a minute). */
  countedAt: z.string(),
});
export type Impact = z.infer<typeof ImpactSchema>;
