import type { StandingDonation } from '@almquest/contracts/standing';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { failureAlert } from '../../../lib/api-client';
import { useChangeStanding } from '../api/standing';
import { daysText, timeOfDayText } from '../../../i18n/week';
import { StandingDays } from './standing-days';

/** One standing donation: what, when, who takes it every day; pause, resume, end; its days. */
export function StandingCard({ standing }: { standing: StandingDonation }) {
  const { t, locale, errorText } = useI18n();
  const { showAlert } = useAlerts();
  const change = useChangeStanding(standing.id);
  const [isEnding, setIsEnding] = useState(false);
  const act = (what: Parameters<typeof change.mutate>[0], done: string) =>
    !change.isPending &&
    change.mutate(what, {
      onSuccess: () => showAlert({ type: 'success', title: t('standing.saved'), msg: done }),
      onError: (error) => showAlert(failureAlert(t('standing.changeFailed'), error, errorText)),
    });
  const when = t('standing.when', {
    days: daysText(locale, standing.days) ?? t('standing.everyDay'),
    time: timeOfDayText(locale, standing.readyAt),
    hours: standing.windowHours,
  });
  const headingId = `standing-${standing.id}`;
  return (
    <li
      className="rounded-xl border border-gray-200 p-4 dark:border-gray-800"
      aria-labelledby={headingId}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {t('standing.summary', {
            count: standing.quantity,
            food: t(`foodKind.${standing.foodKind}`),
          })}
        </h3>
        <span className="rounded-full bg-gray-100 px-2 py-0.5 text-sm dark:bg-gray-800">
          {t(`standing.state.${standing.state}`)}
        </span>
      </div>
      <p className="mt-1 text-sm">{when}</p>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {t(`diet.${standing.diet}`)} · {standing.address}
      </p>
      <p className="mt-1 text-sm">
        {standing.standingPickup
          ? t('standing.takenBy', { name: standing.standingPickup })
          : t('standing.noRegular')}
      </p>
      {standing.state !== 'ended' && (
        <div className="mt-3 flex flex-wrap gap-3">
          <Button
            variant="secondary"
            aria-disabled={change.isPending}
            onClick={() =>
              act(
                { paused: standing.state === 'active' },
                t(standing.state === 'active' ? 'standing.paused' : 'standing.resumed'),
              )
            }
          >
            {t(standing.state === 'active' ? 'standing.pause' : 'standing.resume')}
          </Button>
          {isEnding ? (
            <div role="group" aria-label={t('standing.end.confirm')} className="flex gap-3">
              <span className="self-center text-sm">{t('standing.end.confirm')}</span>
              <Button variant="danger" onClick={() => act('end', t('standing.ended'))}>
                {t('standing.end.yes')}
              </Button>
              <Button variant="secondary" onClick={() => setIsEnding(false)}>
                {t('standing.end.keep')}
              </Button>
            </div>
          ) : (
            <Button variant="danger" onClick={() => setIsEnding(true)}>
              {t('standing.end')}
            </Button>
          )}
        </div>
      )}
      {standing.state !== 'ended' && <StandingDays standing={standing} />}
    </li>
  );
}
