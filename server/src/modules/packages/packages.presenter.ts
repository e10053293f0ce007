import type { Package, PackageSummary } from '@almquest/contracts/packages';
import type { PackageRow } from '../../db/rows';

/**
 * SPEC package shape, as one viewer may see it. The pair appears once the package is Paired (or
 * later). A distributor's registered address and coordinates, and the way from there, are shown
 * to that distributor only: the donor gets the meet point and their own way to it.
 */
export function presentPackage(row: PackageRow, viewerId: string): Package {
  const isPaired = row.state !== 'Not Paired' && row.distributorName !== null;
  const isDistributorViewing = row.distributorId !== null && row.distributorId === viewerId;
  return {
    _id: row.id,
    donor_id: row.donorId,
    donor_name: row.donorName,
    donor_phone: row.donorPhone,
    current_state: row.state,
    timestamp: row.createdAt.toISOString(),
    location: { address: row.address, coordinates: [row.lat, row.lng] },
    quantity: row.quantity,
    travelCapacity: row.travelCapacity,
    pair: isPaired
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
  };
}

export function presentPackageSummary(row: PackageRow, viewerId: string): PackageSummary {
  return {
    _id: row.id,
    current_state: row.state,
    quantity: row.quantity,
    timestamp: row.createdAt.toISOString(),
    address: row.address,
    counterpart: row.donorId === viewerId ? row.distributorName : row.donorName,
  };
}
