import type { PackageState } from '@almquest/contracts/packages';
import { useI18n } from '../i18n/i18n';

/**
 * SPEC badge colours: Paired blue, Not Paired gray, Received green, Distributed amber; and for the
 * pickup lifecycle: Offered violet, Cancelled red, Expired stone.
 */
const colours: Record<PackageState, string> = {
  Offered: 'bg-violet-100 text-violet-900 ring-violet-300',
  Cancelled: 'bg-red-100 text-red-900 ring-red-300',
  Expired: 'bg-stone-200 text-stone-900 ring-stone-400',
  Paired: 'bg-blue-100 text-blue-900 ring-blue-300',
  'Not Paired': 'bg-gray-200 text-gray-900 ring-gray-300',
  Received: 'bg-green-100 text-green-900 ring-green-300',
  Distributed: 'bg-amber-100 text-amber-900 ring-amber-300',
};

export function StateBadge({ state }: { state: PackageState }) {
  const { t } = useI18n();
  return (
    <span
      data-state={state}
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ${colours[state]}`}
    >
      {t(`state.${state}`)}
    </span>
  );
}
