import type { UserType } from '@almquest/contracts/session';
import { forbidden, type Words, words } from '../../errors';
import type { UserRow } from '../../db/rows';

/** A person may see and change only their own profile. */
export function assertIsSelf(user: UserRow, id: string): void {
  if (user.id !== id)
    throw forbidden('You can only see or change your own profile.', words('ownProfileOnly'));
}

/** Donor routes are for donors, distributor routes for distributors. */
export function assertUserType(user: UserRow, userType: UserType): void {
  if (user.userType !== userType) {
    throw forbidden(
      `This is only for ${userType}s; you are registered as a ${user.userType ?? 'visitor'}.`,
      words(userType === 'donor' ? 'donorsOnly' : 'distributorsOnly'),
    );
  }
}

/**
 * A route under /{userType}/{id}/... is for that person only, in that role: the one check every
 * such route makes first.
 */
export function assertOwnPath(user: UserRow, path: { id: string; userType: UserType }): void {
  assertIsSelf(user, path.id);
  assertUserType(user, path.userType);
}

/** The existence check answers only for the signed-in person's own e-mail. */
export function assertOwnEmail(user: UserRow, email: string): void {
  if (user.email.toLowerCase() !== email.trim().toLowerCase()) {
    throw forbidden('You can only look up your own account.', words('ownAccountOnly'));
  }
}

/** The e-mail in a registration body, when sent, must be the signed-in user's. */
export function assertEmailEcho(user: UserRow, email: string | undefined): void {
  if (
    email !== undefined &&
    email.trim() !== '' &&
    email.trim().toLowerCase() !== user.email.toLowerCase()
  ) {
    throw forbidden(
      'You can only register with the email address you signed in with.',
      words('registerOwnEmail'),
    );
  }
}

/** A request that names the person acting (donor_id, distributor_id) must name the signed-in one. */
export function assertActsAsSelf(
  user: UserRow,
  actingId: string,
  message: string,
  said: Words,
): void {
  if (actingId !== user.id) throw forbidden(message, said);
}
