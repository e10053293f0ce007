import type { Package, PackageEvent, PackageSummary } from '@almquest/contracts/packages';
import type { PackageRow } from '../../db/rows';
import { meetArea } from '../../db/notifications';
import type { PackageEventRow } from './packages.service';

const roundToArea = (degrees: number) => Math.round(degrees * 100) / 100;

/**
 * Whether the distributor took the package (accepted, or paired automatically): only then do
 * the two sides see each other's names and phones. It stays true once the package is Received,
 * Distributed, or cancelled or expired after that.
 */
function isAccepted(row: PackageRow): boolean {
  return row.pairedAt !== null && row.distributorName !== null;
}

/**
 * One timeline entry as this viewer may see it: a distributor is named only once they accepted
 * the package (to the donor) or to themselves; reasons given by another distributor stay with
 * the donor.
 */
function presentEvent(event: PackageEventRow, row: PackageRow, viewerId: string): PackageEvent {
  const isViewer = event.distributorId !== null && event.distributorId === viewerId;
  const isDonorViewing = row.donorId === viewerId;
  const isTheAcceptedDistributor =
    isAccepted(row) && event.distributorId !== null && event.distributorId === row.distributorId;
  return {
    kind: event.kind,
    at: event.at.toISOString(),
    distributorName: isTheAcceptedDistributor ? row.distributorName : null,
    isViewer,
    // The donor reads every reason; a distributor their own, and the donor's for cancelling.
    reason: isDonorViewing || isViewer || event.kind === 'cancelled' ? event.reason : null,
  };
}

/**
 * SPEC package shape, as one viewer may see it. The pair appears once the distributor has taken
 * the package. A distributor's registered address and coordinates, and the way from there, are
 * shown to that distributor only: the donor gets the meet point and their own way to it. Before
 * accepting, the offered distributor sees the food, the deadline and the meet point's area, not
 * the donor's name or phone.
 */
export function presentPackage(
  row: PackageRow,
  viewerId: string,
  events: readonly PackageEventRow[] = [],
  {
    explanation = null,
    whyYou = null,
    groupQuantity = null,
    standing = null,
    counterpartRegistration = null,
    asksCheckIn = true,
  }: Pick<
    Partial<Package>,
    'explanation' | 'whyYou' | 'groupQuantity' | 'standing' | 'counterpartRegistration'
  > & {
    /** The dispatch acts on check-ins (the reliable one): otherwise none is shown. */
    asksCheckIn?: boolean;
  } = {},
): Package {
  const accepted = isAccepted(row);
  const isDistributorViewing = row.distributorId !== null && row.distributorId === viewerId;
  const isDonorViewing = row.donorId === viewerId;
  const showsDonor = isDonorViewing || accepted;
  return {
    _id: row.id,
    donor_id: showsDonor ? row.donorId : null,
    donor_name: showsDonor ? row.donorName : '',
    donor_phone: showsDonor ? row.donorPhone : '',
    current_state: row.state,
    timestamp: row.createdAt.toISOString(),
    // The pickup address is the donor's; before accepting, the meet point's area stands for it,
    // to about a kilometre (a donor who will not travel meets at their own door).
    location: showsDonor
      ? { address: row.address, coordinates: [row.lat, row.lng] }
      : {
          address: meetArea(row),
          coordinates: [roundToArea(row.meetLat ?? 0), roundToArea(row.meetLng ?? 0)],
        },
    quantity: row.quantity,
    travelCapacity: row.travelCapacity,
    pair: accepted
      ? {
          distributor_id: row.distributorId,
          distributor_name: row.distributorName ?? '',
          distributor_phone: row.distributorPhone ?? '',
          distributor_location: isDistributorViewing
            ? {
                address: row.distributorAddress ?? '',
                coordinates: [row.distributorLat ?? 0, row.distributorLng ?? 0],
              }
            : null,
          meet_location: {
            address: row.meetAddress ?? '',
            coordinates: [row.meetLat ?? 0, row.meetLng ?? 0],
          },
          distributor_path: isDistributorViewing ? (row.distributorPath ?? '') : null,
          donor_path: row.donorPath ?? '',
        }
      : null,
    readyUntil: row.readyUntil.toISOString(),
    diet: row.diet,
    foodKind: row.foodKind,
    preparedAt: row.preparedAt?.toISOString() ?? null,
    useBy: row.useBy?.toISOString() ?? null,
    offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
    onWayAt: accepted ? (row.onWayAt?.toISOString() ?? null) : null,
    // Setting out clears it; a package that moved on may keep it, unread.
    checkInBy:
      asksCheckIn && isDistributorViewing && row.state === 'Paired'
        ? (row.checkInBy?.toISOString() ?? null)
        : null,
    offerMeetArea: row.state === 'Offered' && isDistributorViewing ? meetArea(row) : null,
    handoverCode: isDonorViewing && row.state === 'Paired' ? row.handoverCode : null,
    handoverLockedUntil:
      isDistributorViewing && row.handoverLockedUntil && row.handoverLockedUntil > new Date()
        ? row.handoverLockedUntil.toISOString()
        : null,
    servedCount: row.servedCount,
    events: events.map((event) => presentEvent(event, row, viewerId)),
    // The donation a part belongs to is the donor's to see (distributors see their part only).
    groupId: isDonorViewing ? row.groupId : null,
    groupQuantity: isDonorViewing && row.groupId ? groupQuantity : null,
    allowSplit: isDonorViewing ? row.allowSplit : false,
    explanation: isDonorViewing ? explanation : null,
    whyYou: isDistributorViewing ? whyYou : null,
    standing: isDonorViewing || (isDistributorViewing && accepted) ? standing : null,
    counterpartRegistration: accepted ? counterpartRegistration : null,
    handoverCheck: isDonorViewing || isDistributorViewing ? row.handoverCheck : null,
    disposal:
      (isDonorViewing || isDistributorViewing) && row.disposedQuantity !== null
        ? {
            quantity: row.disposedQuantity,
            reason: row.disposedReason ?? '',
            at: row.disposedAt?.toISOString() ?? '',
          }
        : null,
  };
}

export function presentPackageSummary(
  row: PackageRow & { groupQuantity: number | null },
  viewerId: string,
): PackageSummary {
  const isDonorViewing = row.donorId === viewerId;
  const accepted = isAccepted(row);
  return {
    _id: row.id,
    current_state: row.state,
    quantity: row.quantity,
    timestamp: row.createdAt.toISOString(),
    address: isDonorViewing || accepted ? row.address : meetArea(row),
    counterpart: accepted ? (isDonorViewing ? row.distributorName : row.donorName) : null,
    groupId: isDonorViewing ? row.groupId : null,
    groupQuantity: isDonorViewing && row.groupId ? row.groupQuantity : null,
  };
}
