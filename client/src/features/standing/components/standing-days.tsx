import type { StandingDay, StandingDonation } from '@almquest/contracts/standing';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { StateBadge } from '../../../components/state-badge';
import { useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { failureAlert } from '../../../lib/api-client';
import { useStandingDay } from '../api/standing';
import { dayText } from '../../../i18n/week';

/** The next two weeks of a standing donation, each day with what the donor may do with it. */
export function StandingDays({ standing }: { standing: StandingDonation }) {
  const { t } = useI18n();
  if (standing.upcoming.length === 0) {
    return <p className="mt-3 text-sm">{t('standing.noDays')}</p>;
  }
  return (
    <details className="mt-3">
      <summary className="cursor-pointer font-semibold">
        {t('standing.nextDays', { count: standing.upcoming.length })}
      </summary>
      {standing.state === 'paused' && (
        <p className="mt-2 text-sm font-semibold">{t('standing.pausedDays')}</p>
      )}
      <ul className="mt-2 divide-y divide-gray-200 dark:divide-gray-800">
        {standing.upcoming.map((day) => (
          <DayRow key={day.date} standingId={standing.id} day={day} />
        ))}
      </ul>
    </details>
  );
}

function DayRow({ standingId, day }: { standingId: string; day: StandingDay }) {
  const { t, locale, errorText } = useI18n();
  const { showAlert } = useAlerts();
  const change = useStandingDay(standingId);
  const [isChanging, setIsChanging] = useState(false);
  // A listed day's package is called off by a skip: asked first, as cancelling a package is.
  const [isConfirmingSkip, setIsConfirmingSkip] = useState(false);
  const [quantity, setQuantity] = useState(String(day.quantity));
  const send = (what: Parameters<typeof change.mutate>[0]['change'], done: string) =>
    !change.isPending &&
    change.mutate(
      { date: day.date, change: what },
      {
        onSuccess: () => {
          setIsChanging(false);
          showAlert({ type: 'success', title: t('standing.saved'), msg: done });
        },
        onError: (error) => showAlert(failureAlert(t('standing.dayFailed'), error, errorText)),
      },
    );
  const label = dayText(locale, day.date);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="standing-day">
      <span className="min-w-28 font-medium">{label}</span>
      <span className="text-sm">
        {day.kind === 'skipped'
          ? t('standing.day.skipped')
          : day.kind === 'withdrawn'
            ? t('standing.day.withdrawn')
            : t('common.meals', { count: day.quantity })}
      </span>
      {day.packageState && <StateBadge state={day.packageState} />}
      <span className="ms-auto flex flex-wrap gap-2">
        {day.kind === 'listed' && day.packageId && (
          <Link to={`/transaction/${day.packageId}`} className={buttonClasses('ghost', 'px-0')}>
            {t('standing.day.open', { day: label })}
          </Link>
        )}
        {(day.kind === 'scheduled' || day.kind === 'changed') && !isChanging && (
          <>
            <Button
              variant="ghost"
              aria-label={t('standing.day.changeLabel', { day: label })}
              onClick={() => setIsChanging(true)}
            >
              {t('standing.day.change')}
            </Button>
            <Button
              variant="ghost"
              aria-label={t('standing.day.skipLabel', { day: label })}
              onClick={() => send({ skip: true }, t('standing.day.skippedDone', { day: label }))}
            >
              {t('standing.day.skip')}
            </Button>
          </>
        )}
        {day.kind === 'listed' &&
          day.packageState &&
          ['Not Paired', 'Offered', 'Paired'].includes(day.packageState) &&
          (isConfirmingSkip ? (
            <span role="group" aria-label={t('standing.day.skipConfirm')} className="flex gap-2">
              <span className="self-center text-sm">{t('standing.day.skipConfirm')}</span>
              <Button
                variant="danger"
                onClick={() => send({ skip: true }, t('standing.day.skippedDone', { day: label }))}
              >
                {t('standing.day.skipYes')}
              </Button>
              <Button variant="secondary" onClick={() => setIsConfirmingSkip(false)}>
                {t('standing.end.keep')}
              </Button>
            </span>
          ) : (
            <Button
              variant="ghost"
              aria-label={t('standing.day.skipLabel', { day: label })}
              onClick={() => setIsConfirmingSkip(true)}
            >
              {t('standing.day.skip')}
            </Button>
          ))}
        {(day.kind === 'skipped' || day.kind === 'changed') && (
          <Button
            variant="ghost"
            aria-label={t('standing.day.undoLabel', { day: label })}
            onClick={() => send('undo', t('standing.day.undone', { day: label }))}
          >
            {t('standing.day.undo')}
          </Button>
        )}
      </span>
      {isChanging && (
        <form
          className="flex w-full flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            send(
              { quantity: Number(quantity) },
              t('standing.day.changed', { day: label, count: Number(quantity) || 0 }),
            );
          }}
        >
          <label className="text-sm">
            {t('standing.day.quantityFor', { day: label })}
            <input
              className="ms-2 w-24 rounded border border-gray-300 px-2 py-1 dark:border-gray-700 dark:bg-gray-900"
              inputMode="numeric"
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
            />
          </label>
          <Button type="submit" disabled={change.isPending}>
            {t('standing.day.save')}
          </Button>
          <Button variant="secondary" onClick={() => setIsChanging(false)}>
            {t('common.cancel')}
          </Button>
        </form>
      )}
    </li>
  );
}
