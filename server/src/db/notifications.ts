import { sql } from 'drizzle-orm';
import type { Executor, Tx } from './client';
import { rowFromJson } from './json-rows';
import type { NewNotification, NotificationRow } from './rows';
import { donationGroups, notifications } from './schema';

/** What a notification says about its package, so a person can tell one from another. */
export function packageContext(pkg: { quantity: number; address: string; createdAt: Date }) {
  return {
    packageQuantity: pkg.quantity,
    packageAddress: pkg.address,
    packageDonatedAt: pkg.createdAt,
  };
}

/**
 * What a donor's notification says about their package: as packageContext, and for a part of a
 * split donation which donation and its meals, read in the same statement.
 */
export function donorContext(pkg: {
  quantity: number;
  address: string;
  createdAt: Date;
  groupId: string | null;
}) {
  return {
    ...packageContext(pkg),
    donationId: pkg.groupId,
    donationQuantity: pkg.groupId
      ? sql<number>`(select ${donationGroups.quantity} from ${donationGroups} where ${donationGroups.id} = ${pkg.groupId})`
      : null,
  };
}

/** A notification to the package's donor (none once the donor has deleted their account). */
export function donorNotification(
  pkg: {
    id: string;
    donorId: string | null;
    quantity: number;
    address: string;
    createdAt: Date;
    groupId: string | null;
  },
  kind: NewNotification['kind'],
  state: NewNotification['state'],
  /** The distributor it is about, when it names one (their picture and name). */
  from: { picture: string | null; name: string | null } = { picture: null, name: null },
): NewNotification[] {
  return pkg.donorId
    ? [
        {
          userId: pkg.donorId,
          packageId: pkg.id,
          photo: from.picture,
          state,
          userType: 'Donor',
          kind,
          ...donorContext(pkg),
          counterpartName: from.name,
        },
      ]
    : [];
}

/** A distributor's notification before they accept: the meet area stands for the address. */
export function offerContext(pkg: {
  quantity: number;
  createdAt: Date;
  meetAddress: string | null;
  meetLat: number | null;
  meetLng: number | null;
}) {
  return {
    packageQuantity: pkg.quantity,
    packageAddress: meetArea(pkg),
    packageDonatedAt: pkg.createdAt,
  };
}

/**
 * The meet point as a distributor who has not accepted may know it: a locality's name as it is,
 * a point given as coordinates only to about a kilometre (two decimals). A donor who will not
 * travel meets at their own door, so the exact point would be their address.
 */
export function meetArea(pkg: {
  meetAddress: string | null;
  meetLat: number | null;
  meetLng: number | null;
}): string {
  if (!isMeetPointBare(pkg)) return pkg.meetAddress!;
  if (pkg.meetLat === null || pkg.meetLng === null) return '';
  return `${pkg.meetLat.toFixed(2)}, ${pkg.meetLng.toFixed(2)}`;
}

/** A meet point with no place's name, only coordinates (it may be the donor's own door). */
function isMeetPointBare(pkg: { meetAddress: string | null }): boolean {
  return pkg.meetAddress === null || /^-?\d+(?:\.\d+)?, -?\d+(?:\.\d+)?$/.test(pkg.meetAddress);
}

/**
 * The meet point as far as a distributor who has not accepted may know it: a named place's own
 * point, or else the point its area rounds to (0.01 degree, as meetArea writes it).
 */
export function meetPointBeforeAccepting(pkg: {
  meetAddress: string | null;
  meetLat: number;
  meetLng: number;
}): [number, number] {
  if (!isMeetPointBare(pkg)) return [pkg.meetLat, pkg.meetLng];
  return [Number(pkg.meetLat.toFixed(2)), Number(pkg.meetLng.toFixed(2))];
}

/** Writes notification rows inside the caller's transaction; they are published after commit. */
export async function insertNotifications(
  tx: Tx | Executor,
  rows: NewNotification[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return (tx as Tx).insert(notifications).values(rows).returning();
}

/**
 * A notification row as the database wrote it (its column names, as a function answering JSON
 * gives it: matching's almquest_claim_row) in the shape Drizzle reads one.
 */
export const notificationFromDatabase: (raw: Record<string, unknown>) => NotificationRow =
  rowFromJson(notifications);
