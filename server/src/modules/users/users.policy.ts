import type { UserType } from '@almquest/contracts/session';
import { forbidden } from '../../errors';
import type { UserRow } from '../../db/rows';

/** A person may see and change only their own profile. */
export function assertIsSelf(user: UserRow, id: string): void {
  if (user.id !== id) throw forbidden('You can only see or change your own profile.');
}

/** Donor routes are for donors, distributor routes for distributors. */
export function assertUserType(user: UserRow, userType: UserType): void {
  if (user.userType !== userType) {
    throw forbidden(
      `This is only for ${userType}s; you are registered as a ${user.userType ?? 'visitor'}.`,
    );
  }
}

/** The existence check answers only for the signed-in person's own e-mail. */
export function assertOwnEmail(user: UserRow, email: string): void {
  if (user.email.toLowerCase() !== email.trim().toLowerCase()) {
    throw forbidden('You can only look up your own account.');
  }
}
