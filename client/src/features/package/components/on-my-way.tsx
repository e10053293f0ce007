import type { Package } from '@almquest/contracts/packages';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { personName } from '../../../lib/person-name';
import type { useLifecycleActions } from './lifecycle-buttons';

/**
 * While a package is Paired: its distributor says when they set out (the donor is told), before
 * `checkInBy` when the dispatch asks it, or the package goes to someone else (decision 044); the
 * donor sees that they are on the way.
 */
export function OnMyWay({
  pkg,
  viewerIsDistributor,
  actions,
  isPending,
}: {
  pkg: Package;
  viewerIsDistributor: boolean;
  actions: ReturnType<typeof useLifecycleActions>;
  isPending: boolean;
}) {
  const { t, formatDateTime } = useI18n();
  // After pressing the button, which the answer replaces, the keyboard stays here: on the line.
  const [hasSaid, setHasSaid] = useState(false);
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (hasSaid && pkg.onWayAt) said.current?.focus();
  }, [hasSaid, pkg.onWayAt]);
  if (pkg.current_state !== 'Paired') return null;
  if (pkg.onWayAt) {
    const at = formatDateTime(pkg.onWayAt);
    return (
      <p
        ref={said}
        tabIndex={-1}
        className="mt-4 rounded-lg bg-brand-50 p-3 dark:bg-brand-950"
        data-testid="on-way"
      >
        {viewerIsDistributor
          ? t('package.onWay.you', { time: at })
          : t('package.onWay.donor', {
              name: personName(pkg.pair?.distributor_name ?? '', t),
              time: at,
            })}
      </p>
    );
  }
  if (!viewerIsDistributor) return null;
  return (
    <div className="mt-6 rounded-lg border border-brand-200 p-4 dark:border-brand-800">
      <p id="on-my-way-hint">
        {pkg.checkInBy
          ? t('package.onMyWay.by', { time: formatDateTime(pkg.checkInBy) })
          : t('package.onMyWay.hint')}
      </p>
      <Button
        className="mt-3"
        aria-describedby="on-my-way-hint"
        disabled={isPending}
        onClick={() => {
          setHasSaid(true);
          actions.run({ kind: 'onMyWay' }, { title: 'package.onMyWay.done' });
        }}
      >
        {t('package.onMyWay')}
      </Button>
    </div>
  );
}
