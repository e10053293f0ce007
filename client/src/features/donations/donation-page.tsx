import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useI18n, localDigits } from '../../i18n/i18n';
import { useAlerts } from '../../lib/alerts';
import { ApiError, failureAlert } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { site } from '../../content/site';
import { StateBadge } from '../../components/state-badge';
import { usePublicConfig } from '../../lib/public-config';
import { useCancelDonation, useDonation } from './api/donation';

const DonationMap = lazy(() => import('./components/donation-map'));

const NOT_YET_RECEIVED = ['Not Paired', 'Offered', 'Paired'];

/**
 * A split donation on one page: the whole, each part with its state and who takes it,
 * a map of every meet point, and one button that calls off the parts not yet Received.
 */
export function DonationPage() {
  const { groupId = '' } = useParams();
  const { t, formatDateTime, formatNumber, errorText, locale } = useI18n();
  const donation = useDonation(groupId);
  const failedStatus = donation.error instanceof ApiError ? donation.error.status : null;
  // The tab says what the heading says: a link to no donation is not "Your donation".
  usePageTitle(
    !donation.data && (failedStatus === 400 || failedStatus === 404)
      ? t('donation.notFound')
      : t('donation.title'),
    site.brand,
  );
  const cancel = useCancelDonation(groupId);
  const config = usePublicConfig();
  const { showAlert } = useAlerts();
  const [isConfirming, setIsConfirming] = useState(false);
  // Focus follows the confirmation: into it when it opens, back to the button that opened it
  // when kept, to the status line once the donation is cancelled (the button is gone then).
  const confirmText = useRef<HTMLParagraphElement>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (isConfirming) confirmText.current?.focus();
  }, [isConfirming]);
  const closeConfirm = (focus: 'opener' | 'status') => {
    setIsConfirming(false);
    setTimeout(() => {
      if (focus === 'status') statusLine.current?.focus();
      else document.getElementById('donation-cancel')?.focus();
    }, 0);
  };
  const data = donation.data;
  const points = useMemo(() => {
    if (!data) return null;
    // Parts meeting at the same point share one marker: "Parts 1, 2, 3".
    const byPoint = new Map<string, { at: [number, number]; parts: number[] }>();
    data.parts.forEach((p, i) => {
      // A cancelled or expired part's meet point is nowhere anyone should go.
      if (!p.meet_location || p.current_state === 'Cancelled' || p.current_state === 'Expired')
        return;
      const key = p.meet_location.coordinates.join(',');
      const point = byPoint.get(key) ?? { at: p.meet_location.coordinates, parts: [] };
      point.parts.push(i + 1);
      byPoint.set(key, point);
    });
    return {
      pickup: { at: data.location.coordinates, label: t('donation.map.pickup') },
      meets: [...byPoint.values()].map((point) => ({
        at: point.at,
        // In the reader's digits (Bengali's and Hindi's own where the language uses them).
        label: t('donation.map.part', {
          count: point.parts.length,
          n: point.parts.map(formatNumber).join(', '),
        }),
      })),
    };
    // t keeps its identity across a change of language: the locale is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, t, formatNumber, locale]);

  if (donation.isPending) {
    return (
      <div className="flex justify-center py-16" role="status" aria-label={t('common.loading')}>
        <Spinner />
      </div>
    );
  }
  // A failed refresh keeps what was shown; only a page with nothing to show says so.
  if (!data || !points) {
    const status = donation.error instanceof ApiError ? donation.error.status : null;
    // A mistyped link (400) is no form with fields to check; nor is someone else's (404).
    const isMissing = status === 400 || status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-10" role="alert">
        <h1 className="text-2xl font-bold">
          {t(isMissing ? 'donation.notFound' : 'donation.loadFailed')}
        </h1>
        <p className="mt-2">{isMissing ? t('donation.invalidLink') : errorText(donation.error)}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          {!isMissing && (
            <button
              type="button"
              className={buttonClasses('primary')}
              onClick={() => void donation.refetch()}
            >
              {t('common.tryAgain')}
            </button>
          )}
          <Link to="/profile" className={buttonClasses(isMissing ? 'primary' : 'secondary')}>
            {t('package.backToProfile')}
          </Link>
        </div>
      </div>
    );
  }
  const toCancel = data.parts.filter((p) => NOT_YET_RECEIVED.includes(p.current_state));
  const canCancel = toCancel.length > 0;
  const goingOn = data.parts.filter(
    (p) => p.current_state === 'Received' || p.current_state === 'Distributed',
  ).length;
  // A part has a distributor once they accepted it (an offer may still be turned down).
  const placed = data.parts
    .filter((p) => ['Paired', 'Received', 'Distributed'].includes(p.current_state))
    .reduce((sum, p) => sum + p.quantity, 0);
  const mealsIn = (state: string) =>
    data.parts.filter((p) => p.current_state === state).reduce((sum, p) => sum + p.quantity, 0);
  const calledOff = mealsIn('Cancelled');
  const expired = mealsIn('Expired');
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('donation.title')}</h1>
      <p className="mt-2">
        {t('donation.summary', {
          count: data.quantity,
          parts: data.parts.length,
          date: formatDateTime(data.timestamp),
        })}
      </p>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {data.location.address}&nbsp;· {t('package.readyUntil')}: {formatDateTime(data.readyUntil)}
      </p>
      <p className="mt-2 font-semibold" role="status" ref={statusLine} tabIndex={-1}>
        {t('donation.placed', { count: placed, total: data.quantity })}
        {calledOff > 0 && ` ${t('donation.calledOff', { count: calledOff })}`}
        {expired > 0 && ` ${t('donation.expired', { count: expired })}`}
      </p>

      <h2 className="mt-6 text-xl font-bold">{t('donation.parts')}</h2>
      <ol className="mt-2 space-y-3">
        {data.parts.map((part, i) => {
          // A cancelled or expired part is no one's to pick up: not who nor where.
          const hasEnded = part.current_state === 'Cancelled' || part.current_state === 'Expired';
          return (
            <li
              key={part._id}
              className="rounded-xl border border-gray-200 p-4 dark:border-gray-800"
              data-testid="donation-part"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold">
                  {t('donation.part', { n: i + 1, count: part.quantity })}
                </h3>
                <StateBadge state={part.current_state} />
              </div>
              {part.current_state === 'Not Paired' && (
                <p className="mt-1 text-sm">{t('donation.waiting')}</p>
              )}
              {part.offerExpiresAt && (
                <p className="mt-1 text-sm">
                  {t('donation.offeredUntil', { time: formatDateTime(part.offerExpiresAt) })}
                </p>
              )}
              {part.distributor_name && !hasEnded && (
                <p className="mt-1 text-sm">
                  {t('donation.takenBy', { name: part.distributor_name })}
                </p>
              )}
              {part.meet_location && !hasEnded && (
                <p className="text-sm">
                  {t('package.meetPoint')}: {part.meet_location.address}
                </p>
              )}
              {part.handoverCode && (
                <p className="mt-1 font-semibold" data-testid="part-code">
                  {t('donation.code', { code: localDigits(part.handoverCode, formatNumber) })}
                </p>
              )}
              <Link to={`/transaction/${part._id}`} className={buttonClasses('ghost', 'mt-2 px-0')}>
                {t('donation.openPart', { n: i + 1 })}
              </Link>
            </li>
          );
        })}
      </ol>

      <section aria-label={t('donation.map')} className="mt-6">
        {config.data ? (
          <Suspense
            fallback={
              <div className="flex h-72 items-center justify-center">
                <Spinner />
              </div>
            }
          >
            <DonationMap
              pickup={points.pickup}
              meets={points.meets}
              tileUrl={config.data.map.tileUrl}
              attribution={config.data.map.attribution}
            />
          </Suspense>
        ) : (
          <div className="flex h-72 items-center justify-center" role="status">
            <Spinner />
          </div>
        )}
      </section>

      {canCancel && (
        <div className="mt-6">
          {isConfirming ? (
            <div
              className="rounded-xl border border-red-300 p-4 dark:border-red-800"
              role="group"
              aria-labelledby="donation-cancel-confirm"
              onKeyDown={(event) => {
                if (event.key === 'Escape') closeConfirm('opener');
              }}
            >
              <p id="donation-cancel-confirm" ref={confirmText} tabIndex={-1}>
                {t('donation.cancel.confirm', {
                  count: toCancel.length,
                  meals: toCancel.reduce((sum, p) => sum + p.quantity, 0),
                })}
                {goingOn > 0 && ` ${t('donation.cancel.goOn', { count: goingOn })}`}
              </p>
              <div className="mt-3 flex flex-wrap gap-3">
                <Button
                  variant="danger"
                  aria-disabled={cancel.isPending}
                  onClick={() =>
                    !cancel.isPending &&
                    cancel.mutate(
                      {},
                      {
                        onSuccess: () => {
                          closeConfirm('status');
                          showAlert({
                            type: 'success',
                            title: t('donation.cancel.done'),
                            msg: t('donation.cancel.doneMsg'),
                          });
                        },
                        onError: (error) =>
                          showAlert(failureAlert(t('donation.cancel.failed'), error, errorText)),
                      },
                    )
                  }
                >
                  {cancel.isPending ? t('common.saving') : t('donation.cancel.yes')}
                </Button>
                <Button variant="secondary" onClick={() => closeConfirm('opener')}>
                  {t('donation.cancel.keep')}
                </Button>
              </div>
            </div>
          ) : (
            <Button id="donation-cancel" variant="danger" onClick={() => setIsConfirming(true)}>
              {t('donation.cancel')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
