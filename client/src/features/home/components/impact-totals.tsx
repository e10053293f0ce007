import { Link } from 'react-router';
import { SectionHeading } from '../../../components/ui/section-heading';
import { useI18n } from '../../../i18n/i18n';
import { useImpact } from '../api/get-impact';

/** Live totals from GET /api/impact: real numbers in place of made-up endorsements. */
export function ImpactTotals() {
  const impact = useImpact();
  const { t, formatNumber } = useI18n();
  // Each label agrees with its number ("1 distributor", "2 distributors"); before the figures
  // arrive, the plural.
  const label = (key: Parameters<typeof t>[0], value: number | undefined) =>
    t(key, { count: value ?? 2 });
  const figures = [
    {
      id: 'meals',
      value: impact.data?.mealsDonated,
      label: label('site.impact.meals', impact.data?.mealsDonated),
    },
    {
      id: 'packages',
      value: impact.data?.packagesDistributed,
      label: label('site.impact.packages', impact.data?.packagesDistributed),
    },
    {
      id: 'distributors',
      value: impact.data?.activeDistributors,
      label: label('site.impact.distributors', impact.data?.activeDistributors),
    },
  ];
  return (
    <section id="impact" aria-labelledby="impact-title" className="px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="impact-title">{t('site.impact.title')}</SectionHeading>
        <dl className="mt-8 grid gap-6 sm:grid-cols-3" aria-busy={impact.isPending}>
          {figures.map((figure) => (
            <div
              key={figure.id}
              className="flex flex-col rounded-2xl border border-gray-200 p-6 text-center dark:border-gray-800"
            >
              <dt className="text-gray-700 dark:text-gray-300">{figure.label}</dt>
              <dd
                className="order-first text-4xl font-bold text-brand-800 dark:text-brand-200"
                data-testid={`impact-${figure.id}`}
              >
                {figure.value === undefined ? '…' : formatNumber(figure.value)}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-center font-semibold underline">
          <Link to="/impact">{t('site.impact.more')}</Link>
        </p>
        {impact.isError && (
          <p className="mt-4 text-center text-sm text-gray-700 dark:text-gray-300">
            {t('site.impact.failed')}
          </p>
        )}
      </div>
    </section>
  );
}
