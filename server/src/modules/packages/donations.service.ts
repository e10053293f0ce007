import type { DonationGroup } from '@almquest/contracts/packages';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import type { NotificationRow, UserRow } from '../../db/rows';
import { donationGroups, packageEvents, packages } from '../../db/schema';
import { notFound, words } from '../../errors';
import { cancelLockedByDonor } from './lifecycle/changes';

const WAITING = ['Not Paired', 'Offered', 'Paired'];

/** A split donation and its parts; only its donor may see it (404 to anyone else). */
export async function donationGroup(
  db: AppDb,
  user: UserRow,
  groupId: string,
): Promise<DonationGroup> {
  const [group] = await db.select().from(donationGroups).where(eq(donationGroups.id, groupId));
  if (!group || group.donorId !== user.id)
    throw notFound('No such donation.', words('noSuchDonation'));
  // In the order they were made (the first part is the donation itself; the rest waits last).
  const parts = await db
    .select()
    .from(packages)
    .where(eq(packages.groupId, groupId))
    .orderBy(
      sql`(select min(e.id) from ${packageEvents} e where e.package_id = ${packages.id})`,
      asc(packages.id),
    );
  const first = parts[0];
  return {
    groupId,
    quantity: group.quantity,
    timestamp: group.createdAt.toISOString(),
    readyUntil: (first?.readyUntil ?? group.createdAt).toISOString(),
    location: {
      address: first?.address ?? '',
      coordinates: [first?.lat ?? 0, first?.lng ?? 0],
    },
    parts: parts.map((p) => {
      const isAccepted = p.pairedAt !== null && p.meetLat !== null && p.meetLng !== null;
      return {
        _id: p.id,
        quantity: p.quantity,
        current_state: p.state,
        distributor_name: isAccepted ? p.distributorName : null,
        meet_location: isAccepted
          ? { address: p.meetAddress ?? '', coordinates: [p.meetLat!, p.meetLng!] }
          : null,
        handoverCode: p.state === 'Paired' ? p.handoverCode : null,
        offerExpiresAt: p.state === 'Offered' ? (p.offerExpiresAt?.toISOString() ?? null) : null,
      };
    }),
  };
}

/** A split donation's whole meals (null once it is gone). */
export async function donationQuantity(db: AppDb, groupId: string): Promise<number | null> {
  const [group] = await db
    .select({ quantity: donationGroups.quantity })
    .from(donationGroups)
    .where(eq(donationGroups.id, groupId));
  return group?.quantity ?? null;
}

/**
 * The donor calls off a split donation: every part not yet Received is cancelled in one
 * transaction (parts locked in id order, as everywhere); Received and Distributed parts go on.
 */
export async function cancelDonationGroup(
  db: AppDb,
  user: UserRow,
  groupId: string,
  reason: string | undefined,
): Promise<{ notifications: NotificationRow[]; freed: string[]; cancelled: string[] }> {
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(donationGroups).where(eq(donationGroups.id, groupId));
    if (!group || group.donorId !== user.id)
      throw notFound('No such donation.', words('noSuchDonation'));
    // Locked, then read again until no part is new: a split of one of them that committed
    // while this waited added parts the first read could not see (and holding every part's
    // lock, no further split can start).
    const lockParts = () =>
      tx
        .select()
        .from(packages)
        .where(eq(packages.groupId, groupId))
        .orderBy(asc(packages.id))
        .for('update');
    let parts = await lockParts();
    for (;;) {
      const again = await lockParts();
      const isSame =
        again.length === parts.length &&
        again.every((p, i) => p.id === parts[i]!.id && p.state === parts[i]!.state);
      parts = again;
      if (isSame) break;
    }
    const notifications: NotificationRow[] = [];
    const freed: string[] = [];
    const cancelled: string[] = [];
    for (const part of parts) {
      if (!WAITING.includes(part.state) || part.donorId !== user.id) continue;
      const result = await cancelLockedByDonor(tx, part, reason);
      notifications.push(...result.notifications);
      if (result.freed) freed.push(result.freed);
      cancelled.push(part.id);
    }
    return { notifications, freed, cancelled };
  });
}
