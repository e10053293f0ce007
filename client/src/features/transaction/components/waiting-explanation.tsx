import type { Explanation } from '@almquest/contracts/packages';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';

/**
 * Why a package still waits, for its donor (issue #20): how many distributors are within reach,
 * active, with room; the most one could take; how much farther would reach one. Each suggestion
 * is one tap: widen to that distance, allow splitting, or wait (nothing to do but know until when).
 */
export function WaitingExplanation({
  explanation,
  quantity,
  isPending,
  onWiden,
  onSplit,
}: {
  explanation: Explanation;
  quantity: number;
  isPending: boolean;
  onWiden: (km: number) => void;
  onSplit: () => void;
}) {
  const { t, formatDateTime } = useI18n();
  const e = explanation;
  return (
    <section
      aria-labelledby="waiting-why"
      className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
      data-testid="explanation"
    >
      <h2 id="waiting-why" className="text-lg font-bold">
        {t('explain.title')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>{t('explain.reach', { count: e.withinReach })}</li>
        {e.withinReach > 0 && <li>{t('explain.active', { count: e.active })}</li>}
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
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        {e.suggestions.map((s) =>
          s.kind === 'widen' ? (
            <Button key="widen" disabled={isPending} onClick={() => onWiden(s.travelCapacity)}>
              {t('explain.widen', { km: s.travelCapacity })}
            </Button>
          ) : s.kind === 'split' ? (
            <Button key="split" variant="secondary" disabled={isPending} onClick={onSplit}>
              {t('explain.split')}
            </Button>
          ) : (
            <p key="wait" className="flex min-h-11 items-center text-sm font-semibold">
              {t('explain.wait', { time: formatDateTime(s.until) })}
            </p>
          ),
        )}
      </div>
    </section>
  );
}
