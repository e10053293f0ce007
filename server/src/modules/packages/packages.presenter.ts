import type { Package, PackageSummary } from '@almquest/contracts/packages';
import type { PackageRow } from '../../matching/assign';

/** SPEC package shape. The pair appears once the package is Paired (or later). */
export function presentPackage(row: PackageRow): Package {
  const isPaired = row.state !== 'Not Paired' && row.distributorName !== null;
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
          distributor_location: {
            address: row.distributorAddress ?? '',
            coordinates: [row.distributorLat ?? 0, row.distributorLng ?? 0],
          },
          meet_location: {
            address: row.meetAddress ?? '',
            coordinates: [row.meetLat ?? 0, row.meetLng ?? 0],
          },
          distributor_path: row.distributorPath ?? '',
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
