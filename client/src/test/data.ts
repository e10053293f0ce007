import { PRIVACY_NOTICE_VERSION } from '@almquest/contracts/privacy';
/**
 * Test data builders: one valid object of each API shape, with the fields a test cares about
 * overridden. Every builder's result passes its contract schema (data.test.ts), so a test never
 * holds a shape the server could not send.
 */
import type { Notification } from '@almquest/contracts/notifications';
import type { Package, PackageState } from '@almquest/contracts/packages';
import type { SessionUser } from '@almquest/contracts/session';
import type { DistributorProfile, DonorProfile } from '@almquest/contracts/users';

export const ids = {
  donor: '11111111-1111-4111-8111-111111111111',
  distributor: '22222222-2222-4222-8222-222222222222',
  package: '33333333-3333-4333-8333-333333333333',
} as const;

export const places = {
  connaughtPlace: {
    address: 'Connaught Place, Central Delhi, Delhi 110001',
    coordinates: [28.64, 77.22] as [number, number],
  },
  karolBagh: {
    address: 'Karol Bagh, Central Delhi, Delhi 110005',
    coordinates: [28.65, 77.19] as [number, number],
  },
};

/** A registered donor's session unless told otherwise. */
export function buildSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  const userType = overrides.userType === undefined ? 'donor' : overrides.userType;
  return {
    id: userType === 'distributor' ? ids.distributor : ids.donor,
    name: userType === 'distributor' ? 'Ravi Distributor' : 'Meera Donor',
    email: `${userType ?? 'newcomer'}@example.org`,
    picture: null,
    isRegistered: userType !== null,
    userType,
    locale: null,
    privacyNotice: userType === null ? null : PRIVACY_NOTICE_VERSION,
    ...overrides,
  };
}

/** Someone signed in who has not registered yet. */
export function buildNewcomer(overrides: Partial<SessionUser> = {}): SessionUser {
  return buildSessionUser({ userType: null, isRegistered: false, ...overrides });
}

export function buildDonorProfile(overrides: Partial<DonorProfile> = {}): DonorProfile {
  return {
    id: ids.donor,
    userType: 'donor',
    name: 'Meera Donor',
    email: 'donor@example.org',
    picture: null,
    phone: '9876543210',
    location: { ...places.connaughtPlace },
    donorType: 'Individual',
    distanceRange: 10,
    lifetimeDonation: 0,
    fssaiNumber: null,
    fssaiVerified: false,
    ...overrides,
  };
}

export function buildDistributorProfile(
  overrides: Partial<DistributorProfile> = {},
): DistributorProfile {
  return {
    id: ids.distributor,
    userType: 'distributor',
    name: 'Ravi Distributor',
    email: 'distributor@example.org',
    picture: null,
    phone: '9123456789',
    location: { ...places.karolBagh },
    distanceRange: 15,
    maxCapacity: 45,
    isActive: true,
    totalPackagesDistributed: 0,
    autoAccept: true,
    autoAcceptPaused: false,
    vegOnly: false,
    registrationNumber: null,
    registrationVerified: false,
    ...overrides,
  };
}

/** A package in the given state: paired (with its meet point) unless Not Paired. */
export function buildPackage(
  state: PackageState = 'Not Paired',
  overrides: Partial<Package> = {},
): Package {
  return {
    _id: ids.package,
    donor_id: ids.donor,
    donor_name: 'Meera Donor',
    donor_phone: '9876543210',
    current_state: state,
    timestamp: '2026-11-21T10:00:00.000Z',
    location: { ...places.connaughtPlace },
    quantity: 12,
    travelCapacity: 8,
    readyUntil: '2026-11-21T13:00:00.000Z',
    diet: 'veg',
    foodKind: null,
    preparedAt: null,
    useBy: null,
    standing: null,
    counterpartRegistration: null,
    handoverCheck: null,
    disposal: null,
    offerExpiresAt: null,
    onWayAt: null,
    checkInBy: null,
    offerMeetArea: null,
    handoverCode: state === 'Paired' ? '4821' : null,
    handoverLockedUntil: null,
    servedCount: null,
    events: [],
    groupId: null,
    groupQuantity: null,
    allowSplit: false,
    explanation: null,
    whyYou: null,
    pair:
      state === 'Not Paired' || state === 'Offered'
        ? null
        : {
            distributor_id: ids.distributor,
            distributor_name: 'Ravi Distributor',
            distributor_phone: '9123456789',
            distributor_location: { ...places.karolBagh },
            meet_location: { address: 'Near Rashtrapati Bhawan', coordinates: [28.645, 77.2] },
            donor_path: 'https://www.google.com/maps/dir/?api=1&origin=donor',
            distributor_path: 'https://www.google.com/maps/dir/?api=1&origin=distributor',
          },
    ...overrides,
  };
}

/** Notification number `n`'s id: an opaque UUID, as the API gives them. */
export const notificationId = (n: number) =>
  `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A distributor's "you have been paired" notification, number `id` (its meals and minute). */
export function buildNotification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: notificationId(id),
    packageId: `package-${id}`,
    photo: null,
    state: 'Paired',
    user_type: 'Distributor',
    kind: 'pairedDistributor',
    message: 'Hurray! We have assigned you to a donor!',
    about: {
      quantity: id,
      address: places.karolBagh.address,
      donatedAt: new Date(Date.UTC(2026, 10, 1, 9, id)).toISOString(),
      counterpartName: `Donor ${id}`,
      donation: null,
    },
    timestamp: new Date(Date.UTC(2026, 10, 1, 10, id)).toISOString(),
    isSeen: true,
    ...overrides,
  };
}
