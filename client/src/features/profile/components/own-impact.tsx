import type { Profile } from '@almquest/contracts/users';
import { monthForm } from '@almquest/contracts/clock';
import { useMemo } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { StateBadge } from '../../../components/state-badge';
import { ChartFigure } from '../../../components/chart-figure';
import { ownPackagesCsvUrl, useOwnImpact } from '../api/get-own-impact';

/** The person's own impact on their profile: meals per month, states, CSV. */
export function OwnImpact({ profile }: { profile: Profile }) {
  const { t, formatNumber, locale } = useI18n();
  const impact = useOwnImpact(profile);
  const data = impact.data;
  const monthLabels = useMemo(() => {
    const month = new Intl.DateTimeFormat(locale, {
      month: monthForm(locale),
      // The whole year: "Dec 25" (ডিসেম্বর ২৫) reads as the 25th of December.
      year: 'numeric',
      timeZone: 'UTC',
    });
    return (data?.months ?? []).map((m) => month.format(new Date(`${m.month}-01T00:00:00Z`)));
  }, [data, locale]);
  const monthSeries = useMemo(
    () => [
      {
        label: t(
          profile.userType === 'donor'
            ? 'profile.impact.mealsDonor'
            : 'profile.impact.mealsDistributor',
        ),
        values: (data?.months ?? []).map((m) => m.meals),
        colour: '#15803d',
      },
    ],
    [data, profile.userType, t],
  );
  return (
    <section aria-labelledby="own-impact-title" className="mt-10">
      <h2 id="own-impact-title" className="text-2xl font-bold">
        {t('profile.impact.title')}
      </h2>
      {impact.isError && <p className="mt-2">{t('profile.impact.failed')}</p>}
      {data && (
        <>
          {/* On a phone the greenhouse gas card takes a row of its own: "0 किग्रा CO₂e" squeezed into a
              third of 390 px broke over two lines. */}
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
            <div className="flex flex-col rounded-xl border border-gray-200 p-3 text-center dark:border-gray-800">
              <dt className="text-sm">
                {t(
                  profile.userType === 'donor'
                    ? 'profile.impact.mealsDonor'
                    : 'profile.impact.mealsDistributor',
                )}
              </dt>
              <dd className="order-first text-2xl font-bold" data-testid="own-impact-meals">
                {formatNumber(data.meals)}
              </dd>
            </div>
            <div className="flex flex-col rounded-xl border border-gray-200 p-3 text-center dark:border-gray-800">
              <dt className="text-sm">{t('profile.impact.distributed')}</dt>
              <dd className="order-first text-2xl font-bold">
                {formatNumber(data.mealsDistributed)}
              </dd>
            </div>
            <div className="col-span-2 flex flex-col rounded-xl border border-gray-200 p-3 text-center sm:col-span-1 dark:border-gray-800">
              <dt className="text-sm">{t('profile.impact.co2e')}</dt>
              <dd className="order-first text-2xl font-bold">
                {t('impact.co2e.kg', { value: formatNumber(data.kgCo2eAvoided) })}
              </dd>
            </div>
          </dl>
          <div className="mt-4">
            <ChartFigure
              title={t('profile.impact.months')}
              kind="bars"
              labels={monthLabels}
              series={monthSeries}
              columnTitle={t('profile.impact.month')}
              summary={t('profile.impact.monthsSummary', { meals: formatNumber(data.meals) })}
            />
          </div>
          {data.packagesByState.length > 0 && (
            <>
              <h3 className="mt-6 text-lg font-bold">{t('profile.impact.byState')}</h3>
              <ul className="mt-2 flex flex-wrap gap-3">
                {data.packagesByState.map((s) => (
                  <li key={s.state} className="flex items-center gap-2">
                    <StateBadge state={s.state} />
                    <span>{formatNumber(s.packages)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <a className={buttonClasses('secondary', 'mt-4')} href={ownPackagesCsvUrl(profile)} download>
        {t('profile.impact.export')}
      </a>
    </section>
  );
}
