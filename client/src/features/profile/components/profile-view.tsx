import { formatPhone, type Profile } from '@almquest/contracts/users';
import { Avatar } from '../../../components/ui/avatar';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-gray-100 py-3 sm:flex-row sm:gap-4 dark:border-gray-800">
      <dt className="w-44 shrink-0 text-sm font-semibold text-gray-600 dark:text-gray-400">
        {label}
      </dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** SPEC: avatar, name, lifetime total, verified badge, e-mail, +91 phone, address, role details. */
export function ProfileView({ profile }: { profile: Profile }) {
  const total =
    profile.userType === 'donor'
      ? { value: profile.lifetimeDonation, label: 'meals donated in all' }
      : { value: profile.totalPackagesDistributed, label: 'packages distributed in all' };
  return (
    <section aria-labelledby="profile-name">
      <div className="flex flex-col items-center gap-3 text-center sm:flex-row sm:text-left">
        <Avatar name={profile.name} picture={profile.picture} size={96} />
        <div>
          <h1 id="profile-name" className="text-3xl font-bold">
            {profile.name}
          </h1>
          <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
            <svg
              width="16"
              height="16"
              viewBox="0 0 24 24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
            >
              <path d="M5 13l4 4L19 7" />
            </svg>
            AlmQuest verified {profile.userType}
          </p>
          <p className="mt-2 text-lg" data-testid="lifetime-total">
            <span className="text-2xl font-extrabold text-brand-700 dark:text-brand-200">
              {total.value}
            </span>{' '}
            {total.label}
          </p>
        </div>
      </div>
      <dl className="mt-6">
        <Row label="Email">{profile.email}</Row>
        <Row label="Phone">{formatPhone(profile.phone)}</Row>
        <Row label="Location">{profile.location.address}</Row>
        {profile.userType === 'donor' ? (
          <>
            <Row label="Donor category">{profile.donorType}</Row>
            <Row label="Distance range">{profile.distanceRange} km</Row>
          </>
        ) : (
          <>
            <Row label="Distance range">{profile.distanceRange} km</Row>
            <Row label="Meals">{profile.maxCapacity}</Row>
            <Row label="Status">
              {profile.isActive ? 'Active: visible to donors' : 'Inactive: not visible to donors'}
            </Row>
          </>
        )}
      </dl>
    </section>
  );
}
