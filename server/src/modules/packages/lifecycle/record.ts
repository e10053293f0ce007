import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { distributors } from '../../../db/schema';

const COLUMN = {
  offerLapsed: distributors.offersLapsed,
  pickupMissed: distributors.pickupsMissed,
  collected: distributors.pickupsCollected,
} as const;
const FIELD = {
  offerLapsed: 'offersLapsed',
  pickupMissed: 'pickupsMissed',
  collected: 'pickupsCollected',
} as const;

/**
 * What a distributor's record (decision 034) takes note of: an offer they let lapse, a package
 * they held until its pick-up time passed, a package they collected. Kept under every dispatch
 * policy; only the reliable one ranks by it (ranking.ts recordKm).
 */
export async function noteOnRecord(
  tx: Tx,
  distributorId: string,
  what: keyof typeof COLUMN,
): Promise<void> {
  await tx
    .update(distributors)
    .set({ [FIELD[what]]: sql`${COLUMN[what]} + 1` })
    .where(eq(distributors.userId, distributorId));
}
