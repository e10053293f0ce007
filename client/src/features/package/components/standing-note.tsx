import type { Package } from '@almquest/contracts/packages';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { daysText, timeOfDayText } from '../../../i18n/week';
import { useAlerts } from '../../../lib/alerts';
import { failureAlert } from '../../../lib/api-client';
import { useStandingPickup } from '../api/standing-pickup';

/**
 * A package that is one day of a standing donation: when it comes back, and, to its distributor,
 * taking it every day (or stopping); to its donor, who takes it every day.
 */
export function StandingNote({ pkg, viewerIsDonor }: { pkg: Package; viewerIsDonor: boolean }) {
  const { t, locale, errorText } = useI18n();
  const { showAlert } = useAlerts();
  const standing = pkg.standing;
  const pickup = useStandingPickup(pkg._id, standing?.id ?? '');
  if (!standing) return null;
  const when = t('package.standing.when', {
    days: daysText(locale, standing.days) ?? t('standing.everyDay'),
    time: timeOfDayText(locale, standing.readyAt),
  });
  const act = (take: boolean) =>
    !pickup.isPending &&
    pickup.mutate(take, {
      onSuccess: () =>
        showAlert({
          type: 'success',
          title: t('standing.saved'),
          msg: t(take ? 'package.standing.taken' : 'package.standing.stopped'),
        }),
      onError: (error) => showAlert(failureAlert(t('package.standing.failed'), error, errorText)),
    });
  return (
    <section
      aria-label={t('package.standing.title')}
      className="mt-4 rounded-lg bg-emerald-50 p-3 dark:bg-emerald-950"
      data-testid="standing-note"
    >
      <p>{when}</p>
      {standing.isViewersPickup && <p className="mt-1">{t('package.standing.yours')}</p>}
      {standing.pickupBy && (
        <p className="mt-1">{t('standing.takenBy', { name: standing.pickupBy })}</p>
      )}
      <div className="mt-2 flex flex-wrap gap-3">
        {standing.mayTakeEveryDay && (
          <Button aria-disabled={pickup.isPending} onClick={() => act(true)}>
            {t('package.standing.take')}
          </Button>
        )}
        {(standing.isViewersPickup || (viewerIsDonor && standing.pickupBy)) && (
          <Button variant="secondary" aria-disabled={pickup.isPending} onClick={() => act(false)}>
            {t(standing.isViewersPickup ? 'package.standing.stop' : 'package.standing.stopTheirs')}
          </Button>
        )}
        {viewerIsDonor && (
          <Link to="/standing" className="self-center font-semibold underline">
            {t('package.standing.manage')}
          </Link>
        )}
      </div>
    </section>
  );
}
