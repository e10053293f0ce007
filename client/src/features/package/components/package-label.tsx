import type { Package } from '@almquest/contracts/packages';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { site } from '../../../content/site';
import { useI18n } from '../../../i18n/i18n';

/**
 * The container label Schedule I of the Surplus Food Regulations asks for (decision 042): the
 * food, its source, the pick-up date and the use-by time, printed from the page (only the label
 * prints). For the donor and the distributor of an accepted package.
 */
export function PackageLabel({ pkg }: { pkg: Package }) {
  const { t, formatDateTime } = useI18n();
  // Drawn only to be printed (it is no part of the page), then printed once it is drawn.
  const [isPrinting, setIsPrinting] = useState(false);
  useEffect(() => {
    if (!isPrinting) return;
    const done = () => setIsPrinting(false);
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [isPrinting]);
  if (!pkg.pair || !pkg.foodKind) return null;
  const pickedUp = pkg.events.find((e) => e.kind === 'received')?.at;
  return (
    <>
      <Button variant="secondary" className="mt-4 print:hidden" onClick={() => setIsPrinting(true)}>
        {t('package.label.print')}
      </Button>
      {isPrinting && (
        <section className="print-label hidden p-6" aria-hidden="true" data-testid="package-label">
          <p className="text-sm">{site.brand}</p>
          <p className="text-2xl font-bold">
            {t(`foodKind.${pkg.foodKind}`)} · {t(`diet.${pkg.diet}`)}
          </p>
          <p className="text-xl">{t('common.meals', { count: pkg.quantity })}</p>
          <dl className="mt-3 space-y-1">
            <div>
              <dt className="inline font-semibold">{t('package.label.from')}: </dt>
              <dd className="inline">{pkg.donor_name}</dd>
            </div>
            {pkg.preparedAt && (
              <div>
                <dt className="inline font-semibold">{t('package.preparedAt')}: </dt>
                <dd className="inline">{formatDateTime(pkg.preparedAt)}</dd>
              </div>
            )}
            <div>
              <dt className="inline font-semibold">{t('package.label.pickedUp')}: </dt>
              <dd className="inline">{formatDateTime(pickedUp ?? pkg.readyUntil)}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">{t('package.label.useBy')}: </dt>
              <dd className="inline text-xl font-bold">
                {pkg.useBy ? formatDateTime(pkg.useBy) : t('package.useBy.label')}
              </dd>
            </div>
          </dl>
        </section>
      )}
    </>
  );
}
