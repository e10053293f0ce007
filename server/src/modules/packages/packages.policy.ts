import { forbidden, notFound, words } from '../../errors';
import type { PackageRow } from '../../db/rows';
import type { UserRow } from '../../db/rows';

/**
 * Someone else's package answers exactly as a missing one does, so nobody can learn which ids
 * exist (or how many packages there are) by trying them.
 */
function noSuchPackage() {
  return notFound('No such package.', words('noSuchPackage'));
}

function isPartyTo(user: UserRow, pkg: PackageRow): boolean {
  return pkg.donorId === user.id || pkg.distributorId === user.id;
}

/** DESIGN: a package is visible only to its donor and its assigned distributor. */
export function assertCanViewPackage(user: UserRow, pkg: PackageRow): void {
  if (!isPartyTo(user, pkg)) throw noSuchPackage();
}

/** What only the assigned distributor does, and the refusal's words to anyone else. */
const ASSIGNED_ONLY = {
  mark: [
    'Only the distributor this package was assigned to can mark it.',
    'onlyAssignedDistributor',
  ],
  release: [
    'Only the distributor this package was assigned to can release it.',
    'onlyAssignedReleases',
  ],
  setOut: [
    'Only the distributor this package was assigned to can say they are on their way.',
    'onlyAssignedSetsOut',
  ],
} as const;

/** Only the distributor it was assigned to marks, releases or sets out for a package. */
export function assertIsAssignedDistributor(
  user: UserRow,
  pkg: PackageRow,
  action: keyof typeof ASSIGNED_ONLY = 'mark',
): void {
  if (!isPartyTo(user, pkg)) throw noSuchPackage();
  if (user.userType !== 'distributor' || pkg.distributorId !== user.id) {
    const [text, key] = ASSIGNED_ONLY[action];
    throw forbidden(text, words(key));
  }
}

/** Only the distributor a package is offered to answers the offer. */
export function assertIsOfferedDistributor(user: UserRow, pkg: PackageRow): void {
  if (!isPartyTo(user, pkg)) throw noSuchPackage();
  if (user.userType !== 'distributor' || pkg.distributorId !== user.id) {
    throw forbidden(
      'Only the distributor this package is offered to can answer the offer.',
      words('onlyOfferedAnswers'),
    );
  }
}

const DONOR_ONLY = {
  delete: 'onlyDonorDeletes',
  cancel: 'onlyDonorCancels',
  change: 'onlyDonorChanges',
} as const;

/** Only the donor deletes, cancels or changes their package. */
export function assertIsDonorOf(
  user: UserRow,
  pkg: PackageRow,
  action: 'delete' | 'cancel' | 'change' = 'delete',
): void {
  if (!isPartyTo(user, pkg)) throw noSuchPackage();
  if (pkg.donorId !== user.id) {
    throw forbidden(`Only the donor of this package can ${action} it.`, words(DONOR_ONLY[action]));
  }
}
