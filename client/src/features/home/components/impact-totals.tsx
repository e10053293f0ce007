import { SectionHeading } from '../../../components/ui/section-heading';
import { site } from '../../../content/site';
import { useImpact } from '../api/get-impact';

const number = new Intl.NumberFormat('en-IN');

/** Live totals from GET /api/impact: real numbers in place of made-up endorsements. */
export function ImpactTotals() {
  const impact = useImpact();
  const { impact: text } = site;
  const figures = [
    { value: impact.data?.mealsDonated, label: text.mealsDonated },
    { value: impact.data?.packagesDistributed, label: text.packagesDistributed },
    { value: impact.data?.activeDistributors, label: text.activeDistributors },
  ];
  return (
    <section id="impact" aria-labelledby="impact-title" className="px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="impact-title">{text.title}</SectionHeading>
        <dl className="mt-8 grid gap-6 sm:grid-cols-3" aria-busy={impact.isPending}>
          {figures.map((figure) => (
            <div
              key={figure.label}
              className="flex flex-col rounded-2xl border border-gray-200 p-6 text-center dark:border-gray-800"
            >
              <dt className="text-gray-700 dark:text-gray-300">{figure.label}</dt>
              <dd
                className="order-first text-4xl font-bold text-brand-800 dark:text-brand-200"
                data-testid={`impact-${figure.label}`}
              >
                {figure.value === undefined ? '…' : number.format(figure.value)}
              </dd>
            </div>
          ))}
        </dl>
        {impact.isError && (
          <p className="mt-4 text-center text-sm text-gray-700 dark:text-gray-300">
            The totals could not be loaded just now.
          </p>
        )}
      </div>
    </section>
  );
}
