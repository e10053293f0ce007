import type { PackageState } from '@almquest/contracts/packages';
import { useI18n } from '../../../i18n/i18n';

/** SPEC badge colours: Paired blue, Not Paired gray, Received green, Distributed amber. */
const colours: Record<PackageState, string> = {
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
