import { lazy, type ReactNode, Suspense } from 'react';
import { useI18n } from '../i18n/i18n';
import type { ChartSeries } from './impact-chart';

const ImpactChart = lazy(() => import('./impact-chart'));

/**
 * A titled chart with its figures as a table (a disclosure under it): the chart is for the eye,
 * the table for screen readers and exact numbers.
 */
export function ChartFigure({
  title,
  kind,
  labels,
  series,
  columnTitle,
  summary,
  children,
}: {
  title: string;
  kind: 'line' | 'bars';
  labels: string[];
  series: ChartSeries[];
  columnTitle: string;
  summary: string;
  children?: ReactNode;
}) {
  const { t, formatNumber } = useI18n();
  const isEmpty = series.every((s) => s.values.every((v) => v === 0));
  return (
    <figure className="rounded-2xl border border-gray-200 p-4 dark:border-gray-800">
      <figcaption className="text-lg font-bold">{title}</figcaption>
      {children}
      {isEmpty ? (
        <p className="mt-3 rounded-lg bg-gray-100 p-4 dark:bg-gray-800">{t('impact.nothingYet')}</p>
      ) : (
        <div className="mt-3 min-h-60">
          <Suspense fallback={<div className="h-60 rounded-lg bg-gray-100 dark:bg-gray-800" />}>
            <ImpactChart
              kind={kind}
              labels={labels}
              series={series}
              summary={summary}
              categoryLabel={columnTitle}
              formatValue={formatNumber}
            />
          </Suspense>
        </div>
      )}
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold">{t('impact.showTable')}</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4">
                  {columnTitle}
                </th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="py-1 pr-4 text-right">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, i) => (
                <tr key={label} className="border-t border-gray-200 dark:border-gray-800">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {label}
                  </th>
                  {series.map((s) => (
                    <td key={s.label} className="py-1 pr-4 text-right tabular-nums">
                      {formatNumber(s.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
