import type { Package } from '@almquest/contracts/packages';
import { Link } from 'react-router';
import { useI18n } from '../../../i18n/i18n';

/** To the donor of a part of a split donation: which part, and a link to the whole. */
export function PartOfDonation({ pkg }: { pkg: Package }) {
  const { t } = useI18n();
  if (!pkg.groupId) return null;
  return (
    <p className="mt-4 rounded-lg bg-sky-50 p-3 dark:bg-sky-950" data-testid="part-of-donation">
      {t('package.group.part', {
        count: pkg.quantity,
        total: pkg.groupQuantity ?? pkg.quantity,
      })}{' '}
      <Link to={`/donations/${pkg.groupId}`} className="font-semibold underline">
        {t('package.group.open')}
      </Link>
    </p>
  );
}

/** To the distributor offered or given it: why them (how far, their room after, or by hand). */
export function WhyYou({ pkg }: { pkg: Package }) {
  const { t, formatNumber } = useI18n();
  if (!pkg.whyYou) return null;
  return (
    <p className="mt-4 rounded-lg bg-sky-50 p-3 dark:bg-sky-950" data-testid="why-you">
      {t(
        pkg.whyYou.byCoordinator
          ? 'package.whyYouCoordinator'
          : pkg.whyYou.roomAfter === 0
            ? 'package.whyYouFills'
            : 'package.whyYou',
        {
          km: formatNumber(pkg.whyYou.distanceKm),
          count: pkg.whyYou.roomAfter,
        },
      )}
    </p>
  );
}
