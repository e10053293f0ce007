import type { Explanation } from '@almquest/contracts/packages';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';

/** A widening by more than this many km is confirmed first: a long trip is not one to tap into. */
export const WIDEN_CONFIRM_OVER_KM = 5;

/**
 * Why a package still waits, for its donor: how many distributors are within reach,
 * active, with room (and how many turned it down); the most one could take; how much farther
 * would reach one; that a donation already in the most parts waits for one taker. Each
 * suggestion is one tap (a long widening asks once more): widen to that distance, allow
 * splitting, or wait (nothing to do but know until when). The facts are a live region: a
 * change while the page is open is read out.
 */
export function WaitingExplanation({
  explanation,
  quantity,
  travelCapacity,
  isPending,
  onWiden,
  onSplit,
}: {
  explanation: Explanation;
  quantity: number;
  travelCapacity: number;
  isPending: boolean;
  onWiden: (km: number) => void;
  onSplit: () => void;
}) {
  const { t, formatDateTime } = useI18n();
  const e = explanation;
  const [confirming, setConfirming] = useState<number | null>(null);
  const confirmText = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (confirming !== null) confirmText.current?.focus();
  }, [confirming]);
  const widen = (km: number) => {
    if (km - travelCapacity > WIDEN_CONFIRM_OVER_KM) setConfirming(km);
    else onWiden(km);
  };
  const stopConfirming = () => {
    setConfirming(null);
    setTimeout(() => document.getElementById('explain-widen')?.focus(), 0);
  };
  return (
    <section
      aria-labelledby="waiting-why"
      className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
      data-testid="explanation"
    >
      <h2 id="waiting-why" className="text-lg font-bold">
        {t('explain.title')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5" aria-live="polite">
        <li>{t('explain.reach', { count: e.withinReach })}</li>
        {e.withinReach > 0 && <li>{t('explain.active', { count: e.active })}</li>}
        {e.turnedDown > 0 && <li>{t('explain.turnedDown', { count: e.turnedDown })}</li>}
        {e.active > 0 && <li>{t('explain.withRoom', { count: e.withRoom, meals: quantity })}</li>}
        {e.largestNow !== null && e.withRoom === 0 && (
          <li>{t('explain.largest', { count: e.largestNow })}</li>
        )}
        {e.nearestOutOfReach && (
          <li>
            {t('explain.nearest', {
              km: e.nearestOutOfReach.distanceKm,
              travel: e.nearestOutOfReach.travelKm,
            })}
          </li>
        )}
        {e.partsAtLimit !== null && (
          <li>{t('explain.atLimit', { parts: e.partsAtLimit, meals: quantity })}</li>
        )}
      </ul>
      {confirming !== null ? (
        <div
          className="mt-4"
          role="group"
          aria-labelledby="explain-widen-confirm"
          onKeyDown={(event) => {
            if (event.key === 'Escape') stopConfirming();
          }}
        >
          <p id="explain-widen-confirm" ref={confirmText} tabIndex={-1} className="font-semibold">
            {t('explain.widen.confirm', { km: confirming, now: travelCapacity })}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button
              disabled={isPending}
              onClick={() => {
                setConfirming(null);
                onWiden(confirming);
              }}
            >
              {t('explain.widen.yes', { km: confirming })}
            </Button>
            <Button variant="secondary" onClick={stopConfirming}>
              {t('explain.widen.no')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          {e.suggestions.map((s) =>
            s.kind === 'widen' ? (
              <Button
                key="widen"
                id="explain-widen"
                disabled={isPending}
                onClick={() => widen(s.travelCapacity)}
              >
                {t('explain.widen', { km: s.travelCapacity })}
              </Button>
            ) : s.kind === 'split' ? (
              <Button key="split" variant="secondary" disabled={isPending} onClick={onSplit}>
                {t('explain.split')}
              </Button>
            ) : (
              <p key="wait" className="flex min-h-11 items-center text-sm font-semibold">
                {t(e.suggestions.length > 1 ? 'explain.wait' : 'explain.waitOnly', {
                  time: formatDateTime(s.until),
                })}
              </p>
            ),
          )}
        </div>
      )}
    </section>
  );
}
