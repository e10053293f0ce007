import type { Profile } from '@almquest/contracts/users';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { StateBadge } from '../../packages/components/state-badge';
import { formatDateTime } from '../../../lib/format';
import { meals } from '../../packages/meals';
import { usePackageList } from '../api/get-packages';

/** "View Transactions": the user's packages, newest first, with a way to the next page. */
export function TransactionsList({ profile }: { profile: Profile }) {
  const list = usePackageList(profile);
  const packages = list.data?.pages.flatMap((p) => p.packages) ?? [];
  return (
    <section id="transactions" aria-labelledby="transactions-title" className="mt-12 scroll-mt-20">
      <h2 id="transactions-title" className="text-2xl font-bold">
        Your Transactions
      </h2>
      {list.isPending ? (
        <div
          className="flex justify-center py-8"
          role="status"
          aria-label="Loading your transactions"
        >
          <Spinner />
        </div>
      ) : list.isError ? (
        <p className="mt-4" role="alert">
          We could not load your transactions.{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => void list.refetch()}
          >
            Try again
          </button>
        </p>
      ) : packages.length === 0 ? (
        <p className="mt-4 rounded-xl bg-gray-50 p-4 dark:bg-gray-900">
          {profile.userType === 'donor'
            ? 'No packages yet. Press "Donate a Package" above to list your first one: we will find a distributor near you.'
            : 'No packages assigned yet. Stay active and we will pair you with donors near you.'}
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
                <span className="font-semibold">{meals(pkg.quantity)}</span>
                <span className="text-sm text-gray-700 dark:text-gray-300">
                  {formatDateTime(pkg.timestamp)}
                </span>
                {pkg.counterpart && (
                  <span className="text-sm text-gray-700 dark:text-gray-300">
                    with {pkg.counterpart}
                  </span>
                )}
                <span className="ml-auto text-sm font-semibold text-brand-700 dark:text-brand-200">
                  Details
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton pages={list} label="Show older packages" />
    </section>
  );
}
