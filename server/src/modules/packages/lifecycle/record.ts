import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import type { PackageRow } from '../../../db/rows';
import { distributors, packageEvents } from '../../../db/schema';

/** The column each kind of turn is counted in. */
const FIELD = {
  offerLapsed: 'offersLapsed',
  pickupMissed: 'pickupsMissed',
  collected: 'pickupsCollected',
} as const;

/**
 * What a distributor's record (decision 034) takes note of: an offer they let lapse (or a
 * package taken from them because they did not say in time that they were on their way, decision
 * 044), a package they held until its pick-up time passed (or gave back too late for anyone
 * else), a package they collected. Kept under every dispatch policy; only the reliable one ranks by it (ranking.ts
 * recordKm).
 */
export async function noteOnRecord(
  tx: Tx,
  distributorId: string,
  what: keyof typeof FIELD,
): Promise<void> {
  const field = FIELD[what];
  await tx
    .update(distributors)
    .set({ [field]: sql`${distributors[field]} + 1` })
    .where(eq(distributors.userId, distributorId));
}

/** A pick-up counts as missed only for someone paired at least this long before its time. */
export const FAIR_NOTICE_MS = 60 * 60_000;
/** Giving a package back with less than this left is as good as missing it. */
export const LATE_RELEASE_MS = 30 * 60_000;

/**
 * Whether a package the distributor held and did not collect counts against them: only when they
 * accepted it themselves, seeing its pick-up time, or were paired with it automatically with fair
 * notice (a donor who set a pick-up time minutes away, or matching that passed it on at the last
 * moment, charges nobody); and, for a give-back, only when it came too late for anyone else to
 * go instead (`givenBackAt`; null when the package expired in their hands). A give-back with
 * half an hour or more left charges nobody: someone else may still go.
 */
export async function isFairMiss(
  tx: Tx,
  pkg: PackageRow,
  givenBackAt: Date | null,
): Promise<boolean> {
  const due = pkg.readyUntil.getTime();
  if (!pkg.pairedAt || !pkg.distributorId) return false;
  if (givenBackAt !== null && givenBackAt.getTime() < due - LATE_RELEASE_MS) return false;
  if (pkg.pairedAt.getTime() <= due - FAIR_NOTICE_MS) return true;
  // Never offered to them again once given back (almquest_turned_down): any accept is this one.
  const [accepted] = await tx
    .select({ id: packageEvents.id })
    .from(packageEvents)
    .where(
      and(
        eq(packageEvents.packageId, pkg.id),
        eq(packageEvents.kind, 'accepted'),
        eq(packageEvents.distributorId, pkg.distributorId),
      ),
    )
    .limit(1);
  return accepted !== undefined;
}

/** An offer the pick-up time cut short (it ended with the food's window): nobody is charged. */
export const wasCutShort = (pkg: PackageRow): boolean =>
  pkg.offerExpiresAt !== null && pkg.offerExpiresAt.getTime() >= pkg.readyUntil.getTime();
