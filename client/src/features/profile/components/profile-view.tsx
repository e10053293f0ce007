import { type Profile } from '@almquest/contracts/users';
import { Avatar } from '../../../components/ui/avatar';
import { localPhone, useI18n } from '../../../i18n/i18n';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-gray-100 py-3 sm:flex-row sm:gap-4 dark:border-gray-800">
      <dt className="w-44 shrink-0 text-sm font-semibold text-gray-600 dark:text-gray-400">
        {label}
      </dt>
      <dd className="min-w-0 wrap-anywhere">{children}</dd>
    </div>
  );
}

/** SPEC: avatar, name, lifetime total, verified badge, e-mail, +91 phone, address, role details. */
export function ProfileView({ profile }: { profile: Profile }) {
  const { t, formatNumber } = useI18n();
  const total =
    profile.userType === 'donor'
      ? {
          value: profile.lifetimeDonation,
          label: t('profile.total.donor', { count: profile.lifetimeDonation }),
        }
      : {
          value: profile.totalPackagesDistributed,
          label: t('profile.total.distributor', { count: profile.totalPackagesDistributed }),
        };
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
            {t(`profile.verified.${profile.userType}`)}
          </p>
          <p className="mt-2 text-lg" data-testid="lifetime-total">
            {/* None yet is said in words: a lone big ০ reads as a bullet in Bengali. */}
            {total.value > 0 && (
              <>
                <span className="text-2xl font-extrabold text-brand-700 dark:text-brand-200">
                  {t('profile.count', { count: total.value })}
                </span>{' '}
              </>
            )}
            {total.label}
          </p>
        </div>
      </div>
      <dl className="mt-6">
        <Row label={t('profile.email')}>{profile.email}</Row>
        <Row label={t('profile.phone')}>{localPhone(profile.phone, formatNumber)}</Row>
        <Row label={t('profile.location')}>{profile.location.address}</Row>
        <RegistrationRow profile={profile} />
        {profile.userType === 'donor' ? (
          <>
            <Row label={t('profile.donorCategory')}>{t(`donorType.${profile.donorType}`)}</Row>
            <Row label={t('profile.distance')}>
              {t('common.km', { value: profile.distanceRange })}
            </Row>
          </>
        ) : (
          <>
            <Row label={t('profile.distance')}>
              {t('common.km', { value: profile.distanceRange })}
            </Row>
            <Row label={t('profile.meals')}>
              {t('profile.count', { count: profile.maxCapacity })}
            </Row>
            <Row label={t('profile.status')}>
              {profile.isActive ? t('profile.active') : t('profile.inactive')}
            </Row>
            <Row label={t('profile.pairings')}>
              {profile.autoAcceptPaused
                ? t('profile.pairings.paused')
                : profile.autoAccept
                  ? t('profile.pairings.auto')
                  : t('profile.pairings.manual')}
            </Row>
            <Row label={t('profile.food')}>
              {profile.vegOnly ? t('profile.food.vegOnly') : t('profile.food.all')}
            </Row>
          </>
        )}
      </dl>
    </section>
  );
}

/** The FSSAI number or NGO registration given, and whether a coordinator checked it. */
function RegistrationRow({ profile }: { profile: Profile }) {
  const { t } = useI18n();
  const [number, isChecked] =
    profile.userType === 'donor'
      ? [profile.fssaiNumber, profile.fssaiVerified]
      : [profile.registrationNumber, profile.registrationVerified];
  if (!number) return null;
  return (
    <Row label={t(profile.userType === 'donor' ? 'edit.fssai' : 'edit.registration')}>
      {number} · {t(isChecked ? 'registration.checked' : 'registration.notChecked')}
    </Row>
  );
}
