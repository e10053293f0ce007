import { forbidden } from '../../errors';
import type { PackageRow } from '../../matching/assign';
import type { SessionUserRow } from '../auth/sessions.service';

/** DESIGN: a package is visible only to its donor and its assigned distributor. */
export function assertCanViewPackage(user: SessionUserRow, pkg: PackageRow): void {
  if (pkg.donorId !== user.id && pkg.distributorId !== user.id) {
    throw forbidden('You are not authorized to view this transaction.');
  }
}

/** Only the distributor it was assigned to marks a package Received or Distributed. */
export function assertIsAssignedDistributor(user: SessionUserRow, pkg: PackageRow): void {
  if (user.userType !== 'distributor' || pkg.distributorId !== user.id) {
    throw forbidden('Only the distributor this package was assigned to can mark it.');
  }
}

/** Only the donor deletes their package. */
export function assertIsDonorOf(user: SessionUserRow, pkg: PackageRow): void {
  if (pkg.donorId !== user.id) throw forbidden('Only the donor of this package can delete it.');
}
