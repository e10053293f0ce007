import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import type { PackageRow } from '../../../db/rows';
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
 * they held until its pick-up time passed (or gave back too late for anyone else), a package they
 * collected. Kept under every dispatch policy; only the reliable one ranks by it (ranking.ts
 * recordKm).
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

/** A pick-up counts as missed only for someone paired at least this long before its time. */
export const FAIR_NOTICE_MS = 60 * 60_000;
/** Giving a package back with less than this left is as good as missing it. */
export const LATE_RELEASE_MS = 30 * 60_000;

/**
 * Whether a package the distributor held and did not collect counts against them: only when they
 * had fair notice (a donor who set a pick-up time minutes away, or matching that passed it on at
 * the last moment, charges nobody), and, for a give-back, only when it came too late for anyone
 * else to go instead (`givenBackAt`; null when the package expired in their hands).
 */
export function isFairMiss(pkg: PackageRow, givenBackAt: Date | null): boolean {
  const due = pkg.readyUntil.getTime();
  if (!pkg.pairedAt || pkg.pairedAt.getTime() > due - FAIR_NOTICE_MS) return false;
  return givenBackAt === null || givenBackAt.getTime() >= due - LATE_RELEASE_MS;
}
