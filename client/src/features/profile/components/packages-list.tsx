import type { Profile } from '@almquest/contracts/users';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { StateBadge } from '../../../components/state-badge';
import { personName } from '../../../lib/person-name';
import { useI18n } from '../../../i18n/i18n';
import { usePackageList } from '../../../api/get-packages';

/** "View Transactions": the user's packages, newest first, with a way to the next page. */
export function PackagesList({ profile }: { profile: Profile }) {
  const list = usePackageList(profile);
  const { t, formatDateTime } = useI18n();
  const packages = list.data?.pages.flatMap((p) => p.packages) ?? [];
  return (
    <section id="transactions" aria-labelledby="transactions-title" className="mt-12 scroll-mt-20">
      <h2 id="transactions-title" className="text-2xl font-bold">
        {t('transactions.title')}
      </h2>
      {list.isPending ? (
        <div
          className="flex justify-center py-8"
          role="status"
          aria-label={t('transactions.loading')}
        >
          <Spinner />
        </div>
      ) : list.isError ? (
        <p className="mt-4" role="alert">
          {t('transactions.failed')}{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => void list.refetch()}
          >
            {t('common.tryAgain')}
          </button>
        </p>
      ) : packages.length === 0 ? (
        <p className="mt-4 rounded-xl bg-gray-50 p-4 dark:bg-gray-900">
          {profile.userType === 'donor'
            ? t('transactions.empty.donor')
            : t('transactions.empty.distributor')}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-100 dark:divide-gray-800">
          {packages.map((pkg) => (
            <li key={pkg._id}>
              <Link
                to={`/transaction/${pkg._id}`}
                className="flex flex-wrap items-center gap-3 py-3 hover:bg-gray-50 dark:hover:bg-gray-900"
              >
                <StateBadge state={pkg.current_state} />
                <span className="font-semibold">
                  {pkg.groupQuantity && pkg.groupQuantity !== pkg.quantity
                    ? t('common.mealsOfDonation', { count: pkg.quantity, total: pkg.groupQuantity })
                    : t('common.meals', { count: pkg.quantity })}
                </span>
                <span className="text-sm text-gray-700 dark:text-gray-300">
                  {formatDateTime(pkg.timestamp)}
                </span>
                {pkg.counterpart && (
                  <span className="text-sm text-gray-700 dark:text-gray-300">
                    {t('transactions.with', { name: personName(pkg.counterpart, t) })}
                  </span>
                )}
                <span className="ml-auto text-sm font-semibold text-brand-700 dark:text-brand-200">
                  {t('transactions.details')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton pages={list} label={t('transactions.more')} />
    </section>
  );
}
