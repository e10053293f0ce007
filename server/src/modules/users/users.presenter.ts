import type { SessionUser } from '@almquest/contracts/session';
import type { CheckExistResponse, Profile } from '@almquest/contracts/users';
import type { ProfileRows, UserRow } from '../../db/rows';
import { isAskedFirst } from '../../matching/ranking';

/** SPEC: Google pictures are asked for at 256 pixels, cropped (suffix 256-c). */
export function presentPicture(picture: string | null): string | null {
  if (!picture) return null;
  if (/^https:\/\/[a-z0-9-]+\.googleusercontent\.com\//.test(picture)) {
    return /=s\d+(?:-c)?$/.test(picture)
      ? picture.replace(/=s\d+(?:-c)?$/, '=s256-c')
      : `${picture}=s256-c`;
  }
  return picture;
}

export function presentSessionUser(user: UserRow, isCoordinator = false): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    picture: presentPicture(user.picture),
    isRegistered: user.userType !== null,
    userType: user.userType,
    locale: user.locale,
    privacyNotice: user.privacyNotice,
    ...(isCoordinator ? { isCoordinator: true } : {}),
  };
}

function presentPerson(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    picture: presentPicture(user.picture),
    phone: user.phone ?? '',
    location: {
      address: user.address ?? '',
      coordinates: [user.lat ?? 0, user.lng ?? 0] as [number, number],
    },
  };
}

/**
 * A person's own profile, as they see it. `byRecord`: the dispatch policy counts records, so a
 * missed pick-up pauses automatic pairing (decision 034).
 */
export function presentProfile(rows: ProfileRows, { byRecord }: { byRecord: boolean }): Profile {
  const person = presentPerson(rows.user);
  if (rows.userType === 'donor') {
    const { donorType, distanceRange, lifetimeDonation, fssaiNumber, fssaiVerifiedAt } = rows.donor;
    return {
      ...person,
      userType: 'donor',
      donorType,
      distanceRange,
      lifetimeDonation,
      fssaiNumber,
      fssaiVerified: fssaiVerifiedAt !== null,
    };
  }
  const { distanceRange, maxCapacity, isActive, totalPackagesDistributed, autoAccept, vegOnly } =
    rows.distributor;
  return {
    ...person,
    userType: 'distributor',
    distanceRange,
    maxCapacity,
    isActive,
    totalPackagesDistributed,
    autoAccept,
    autoAcceptPaused: isAskedFirst(rows.distributor, byRecord),
    vegOnly,
    registrationNumber: rows.distributor.registrationNumber,
    registrationVerified: rows.distributor.registrationVerifiedAt !== null,
  };
}

export function presentCheckExist(
  user: UserRow,
  donorType: string | null = null,
): CheckExistResponse {
  if (!user.userType) return { isRegistered: false };
  return {
    isRegistered: true,
    id: user.id,
    userType: user.userType,
    name: user.name,
    picture: presentPicture(user.picture),
    // "Nagpur Food Bank" is not "Nagpur": only a person donating is greeted by first name.
    greetingName:
      donorType === 'Individual' ? (user.name.trim().split(/\s+/)[0] ?? user.name) : user.name,
  };
}
