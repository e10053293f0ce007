import type { Impact } from '@almquest/contracts/impact';
import { monthForm } from '@almquest/contracts/clock';
import { useMemo } from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { site } from '../../content/site';
import { useI18n } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/locales';
import { usePageTitle } from '../../lib/use-page-title';
import { useImpactDetails } from './api/get-impact-details';
import { ChartFigure } from '../../components/chart-figure';

/** The public impact page: the totals, CO2e with its source, and three charts. */
export default function ImpactPage() {
  const { t } = useI18n();
  usePageTitle(t('impact.title'), site.brand);
  const impact = useImpactDetails();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('impact.title')}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{t('impact.intro')}</p>
      {impact.isPending && (
        <div className="flex justify-center py-16" role="status" aria-label={t('common.loading')}>
          <Spinner />
        </div>
      )}
      {impact.isError && (
        <div role="alert" className="mt-6">
          <p>{t('site.impact.failed')}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void impact.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </div>
      )}
      {impact.data && <ImpactFigures impact={impact.data} />}
    </div>
  );
}

function ImpactFigures({ impact }: { impact: Impact }) {
  const { t, formatNumber, formatDateTime, locale } = useI18n();
  const figures = [
    { id: 'mealsDonated', value: impact.mealsDonated },
    { id: 'mealsDistributed', value: impact.mealsDistributed },
    { id: 'packagesDistributed', value: impact.packagesDistributed },
    { id: 'peopleServed', value: impact.peopleServed },
    { id: 'activeDistributors', value: impact.activeDistributors },
    { id: 'citiesReached', value: impact.citiesReached },
    { id: 'mealsFromLicensedSources', value: impact.mealsFromLicensedSources },
    { id: 'mealsDisposed', value: impact.mealsDisposed },
  ] as const;

  const weekLabels = useMemo(() => {
    const day = new Intl.DateTimeFormat(intlLocale(locale), {
      day: 'numeric',
      month: monthForm(locale),
      timeZone: 'UTC',
    });
    return impact.weeks.map((w) => day.format(new Date(`${w.week}T00:00:00Z`)));
  }, [impact.weeks, locale]);
  const weekSeries = useMemo(
    () => [
      {
        label: t('impact.weekly.donated'),
        values: impact.weeks.map((w) => w.mealsDonated),
        colour: '#15803d',
      },
      {
        label: t('impact.weekly.distributed'),
        values: impact.weeks.map((w) => w.mealsDistributed),
        colour: '#1d4ed8',
      },
    ],
    // t keeps its identity across a change of language: the locale is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [impact.weeks, t, locale],
  );
  const stateLabels = useMemo(
    () => impact.packagesByState.map((s) => t(`state.${s.state}`)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [impact.packagesByState, t, locale],
  );
  const stateSeries = useMemo(
    () => [
      {
        label: t('impact.states.packages'),
        values: impact.packagesByState.map((s) => s.packages),
        colour: '#15803d',
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [impact.packagesByState, t, locale],
  );
  const cityLabels = useMemo(() => impact.topCities.map((c) => c.city), [impact.topCities]);
  const citySeries = useMemo(
    () => [
      {
        label: t('impact.cities.meals'),
        values: impact.topCities.map((c) => c.mealsDistributed),
        colour: '#b45309',
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [impact.topCities, t, locale],
  );
  const kg = impact.co2e.kgAvoided;

  return (
    <>
      <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3">
        {figures.map((f) => (
          <div
            key={f.id}
            className="flex flex-col rounded-2xl border border-gray-200 p-4 text-center dark:border-gray-800"
          >
            <dt className="text-sm text-gray-700 dark:text-gray-300">
              {t(`impact.figure.${f.id}`)}
            </dt>
            <dd
              className="order-first text-3xl font-bold text-brand-800 dark:text-brand-200"
              data-testid={`impact-page-${f.id}`}
            >
              {formatNumber(f.value)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">{t('impact.figure.meaning')}</p>
      <section
        aria-labelledby="co2e-title"
        className="mt-6 rounded-2xl bg-brand-50 p-5 dark:bg-brand-950"
      >
        <h2 id="co2e-title" className="text-lg font-bold">
          {t('impact.co2e.title')}
        </h2>
        <p className="mt-1 text-3xl font-bold" data-testid="impact-page-co2e">
          {kg >= 1000
            ? t('impact.co2e.tonnes', { value: formatNumber(Math.round(kg / 100) / 10) })
            : t('impact.co2e.kg', { value: formatNumber(kg) })}
        </p>
        <p className="mt-2 text-sm">
          {t('impact.co2e.how', {
            mealKg: formatNumber(impact.co2e.kgFoodPerMeal),
            factor: formatNumber(impact.co2e.kgCo2ePerKgFood),
          })}{' '}
          <a
            className="underline"
            href={impact.co2e.sourceUrl}
            rel="noopener noreferrer"
            target="_blank"
          >
            {impact.co2e.source}
          </a>
        </p>
      </section>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <div className="lg:col-span-2">
          <ChartFigure
            title={t('impact.weekly.title')}
            kind="line"
            labels={weekLabels}
            series={weekSeries}
            columnTitle={t('impact.weekly.week')}
            summary={t('impact.weekly.summary', {
              donated: formatNumber(impact.weeks.reduce((n, w) => n + w.mealsDonated, 0)),
              distributed: formatNumber(impact.weeks.reduce((n, w) => n + w.mealsDistributed, 0)),
            })}
          />
        </div>
        <ChartFigure
          title={t('impact.states.title')}
          kind="bars"
          labels={stateLabels}
          series={stateSeries}
          columnTitle={t('impact.states.state')}
          summary={stateLabels
            .map((label, i) => `${label}: ${formatNumber(stateSeries[0]!.values[i] ?? 0)}`)
            .join(', ')}
        />
        {impact.topCities.length > 0 ? (
          <ChartFigure
            title={t('impact.cities.title')}
            kind="bars"
            labels={cityLabels}
            series={citySeries}
            columnTitle={t('impact.cities.city')}
            summary={cityLabels
              .map((label, i) => `${label}: ${formatNumber(citySeries[0]!.values[i] ?? 0)}`)
              .join(', ')}
          />
        ) : (
          <section className="rounded-2xl border border-gray-200 p-4 dark:border-gray-800">
            <h2 className="text-lg font-bold">{t('impact.cities.title')}</h2>
            <p className="mt-2">{t('impact.cities.none')}</p>
          </section>
        )}
      </div>
      <p className="mt-6 text-sm text-gray-700 dark:text-gray-300">
        {t('impact.countedAt', { time: formatDateTime(impact.countedAt) })}
      </p>
    </>
  );
}
