import type { SessionUser } from '@almquest/contracts/session';
import type {
  CheckExistResponse,
  DistributorProfile,
  DonorProfile,
  Profile,
} from '@almquest/contracts/users';
import type { DistributorRow, DonorRow, ProfileRows, UserRow } from '../../db/rows';

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

/** A person's own profile, as they see it. */
export function presentProfile(rows: ProfileRows): Profile {
  return rows.userType === 'donor'
    ? presentDonorProfile(rows.user, rows.donor)
    : presentDistributorProfile(rows.user, rows.distributor);
}

function presentDonorProfile(user: UserRow, donor: DonorRow): DonorProfile {
  return {
    ...presentPerson(user),
    userType: 'donor',
    donorType: donor.donorType,
    distanceRange: donor.distanceRange,
    lifetimeDonation: donor.lifetimeDonation,
  };
}

function presentDistributorProfile(user: UserRow, distributor: DistributorRow): DistributorProfile {
  return {
    ...presentPerson(user),
    userType: 'distributor',
    distanceRange: distributor.distanceRange,
    maxCapacity: distributor.maxCapacity,
    isActive: distributor.isActive,
    totalPackagesDistributed: distributor.totalPackagesDistributed,
    autoAccept: distributor.autoAccept,
    vegOnly: distributor.vegOnly,
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
