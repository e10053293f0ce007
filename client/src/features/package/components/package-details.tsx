import type { Package } from '@almquest/contracts/packages';
import { useI18n, localDigits, localPhone } from '../../../i18n/i18n';
import { personName } from '../../../lib/person-name';
import { useMeetPlaceName } from '../api/get-meet-place';
import { MeetRouteMap } from './meet-route-map';

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="border-b border-gray-100 py-3 dark:border-gray-800">
      <dt className="text-sm font-semibold text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="mt-0.5 wrap-anywhere">{children}</dd>
    </div>
  );
}

function Phone({ digits }: { digits: string }) {
  const { t, formatNumber } = useI18n();
  if (!digits) {
    return <span className="text-gray-600 dark:text-gray-400">{t('common.notAvailable')}</span>;
  }
  return (
    <a
      href={`tel:+91${digits}`}
      className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-200"
    >
      {/* In the reader's digits, as every other number on the page; the link dials the same. */}
      {localPhone(digits, formatNumber)}
    </a>
  );
}

/** Paired or later: quantity, directions, the map, and both sides' names and phones. */
export function PairedDetails({ pkg, viewerIsDonor }: { pkg: Package; viewerIsDonor: boolean }) {
  const pair = pkg.pair!;
  const { t } = useI18n();
  const directions = (viewerIsDonor ? pair.donor_path : pair.distributor_path) ?? undefined;
  const nearPlace = useMeetPlaceName(pair.meet_location.address);
  return (
    <>
      <dl>
        <Item label={t('package.quantity')}>{t('common.meals', { count: pkg.quantity })}</Item>
        <Item label={t('package.meetPoint')}>
          {nearPlace
            ? t('package.meetNear', { place: nearPlace, point: pair.meet_location.address })
            : pair.meet_location.address}
        </Item>
      </dl>
      <p className="mt-4">
        <a
          href={directions}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
        >
          {t('package.directions')}
          <span className="sr-only"> {t('package.directions.newTab')}</span>
        </a>
      </p>
      <MeetRouteMap packageId={pkg._id} viewerIsDonor={viewerIsDonor} />
      <dl className="mt-4 grid gap-x-6 sm:grid-cols-2">
        <Item label={t('package.donor')}>{personName(pkg.donor_name, t)}</Item>
        <Item label={t('package.donorPhone')}>
          <Phone digits={pkg.donor_phone} />
        </Item>
        <Item label={t('package.distributor')}>{personName(pair.distributor_name, t)}</Item>
        <Item label={t('package.distributorPhone')}>
          <Phone digits={pair.distributor_phone} />
        </Item>
      </dl>
    </>
  );
}

/** Not Paired: when, where, how much and how far. */
export function WaitingDetails({ pkg }: { pkg: Package }) {
  const { t, formatDateTime } = useI18n();
  return (
    <dl>
      <Item label={t('package.donatedAt')}>{formatDateTime(pkg.timestamp)}</Item>
      <Item label={t('package.location')}>{pkg.location.address}</Item>
      <Item label={t('package.quantity')}>{t('common.meals', { count: pkg.quantity })}</Item>
      <Item label={t('package.travel')}>{t('common.km', { value: pkg.travelCapacity })}</Item>
    </dl>
  );
}

/** When the food must be picked up, and what it is. */
export function PickupFacts({ pkg }: { pkg: Package }) {
  const { t, formatDateTime, formatNumber } = useI18n();
  return (
    <>
      <dl className="grid gap-x-6 sm:grid-cols-2">
        <Item label={t('package.readyUntil')}>{formatDateTime(pkg.readyUntil)}</Item>
        <Item label={t('package.diet')}>{t(`diet.${pkg.diet}`)}</Item>
        {pkg.foodKind && <Item label={t('package.foodKind')}>{t(`foodKind.${pkg.foodKind}`)}</Item>}
        {pkg.preparedAt && (
          <Item label={t('package.preparedAt')}>{formatDateTime(pkg.preparedAt)}</Item>
        )}
        {pkg.foodKind && (
          <Item label={t('package.useBy')}>
            {pkg.useBy ? formatDateTime(pkg.useBy) : t('package.useBy.label')}
          </Item>
        )}
        {pkg.counterpartRegistration && (
          <Item
            label={t(
              pkg.counterpartRegistration.kind === 'fssai'
                ? 'package.donorFssai'
                : 'package.distributorRegistration',
            )}
          >
            {pkg.counterpartRegistration.number} ·{' '}
            {t(
              pkg.counterpartRegistration.isVerified
                ? 'registration.checked'
                : 'registration.notChecked',
            )}
          </Item>
        )}
        {pkg.servedCount !== null && (
          <Item label={t('package.served')}>{formatNumber(pkg.servedCount)}</Item>
        )}
      </dl>
      <p className="py-2">
        <a href={`/api/package/${pkg._id}/ics`} download className="font-semibold underline">
          {t('package.addToCalendar')}
        </a>
      </p>
    </>
  );
}

/** The offered distributor's view: the food, the deadline and the area, not the donor. */
export function OfferDetails({ pkg, msLeft }: { pkg: Package; msLeft: number }) {
  const { t, countdown } = useI18n();
  return (
    <div className="rounded-xl border-2 border-violet-300 bg-violet-50 p-4 dark:border-violet-700 dark:bg-violet-950">
      <h2 className="text-xl font-bold">{t('package.offer.title')}</h2>
      <p className="mt-1">{t('package.offer.text')}</p>
      <p className="mt-3 text-lg font-bold" role="timer" aria-live="off">
        {msLeft > 0
          ? t('package.offer.timeLeft', { time: countdown(msLeft) })
          : t('package.offer.lapsed')}
      </p>
      <dl className="mt-2">
        <Item label={t('package.quantity')}>{t('common.meals', { count: pkg.quantity })}</Item>
        <Item label={t('package.offer.area')}>{pkg.offerMeetArea ?? pkg.location.address}</Item>
      </dl>
    </div>
  );
}

/** The donor's four digits, shown big, while the package waits to be handed over. */
export function HandoverCode({ code }: { code: string }) {
  const { t, formatNumber } = useI18n();
  // In the reader's digits (the distributor may type them in any script), in the page's own
  // faces with digits of one width: a monospace face has no Bengali or Devanagari digits, and a
  // phone without them showed empty boxes.
  const shown = localDigits(code, formatNumber);
  return (
    <div className="mt-4 rounded-xl border-2 border-brand-300 bg-brand-50 p-4 dark:border-brand-700 dark:bg-brand-950">
      <h2 className="text-lg font-bold">{t('package.handover.code')}</h2>
      <p
        className="mt-1 text-4xl font-bold tracking-[0.3em] tabular-nums"
        data-testid="handover-code"
      >
        {shown}
      </p>
      <p className="mt-1 text-sm">{t('package.handover.codeHint')}</p>
    </div>
  );
}
