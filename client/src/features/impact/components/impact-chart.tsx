import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

export type ChartSeries = { label: string; values: number[]; colour: string };

/**
 * A chart drawn by uPlot (loaded with the impact and profile pages only): lines over time, or
 * bars for categories. It is a picture (role img, labelled); the same figures are in a table
 * beside it for screen readers and for anyone who prefers numbers.
 */
export default function ImpactChart({
  kind,
  labels,
  series,
  summary,
  formatValue,
}: {
  kind: 'line' | 'bars';
  labels: string[];
  series: ChartSeries[];
  summary: string;
  formatValue: (n: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = labels.map((_, i) => i);
    const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
    const axis = { stroke: '#6b7280', grid: { stroke: 'rgba(107,114,128,0.2)' } };
    const options: uPlot.Options = {
      width: element.clientWidth || 320,
      height: 240,
      legend: { show: series.length > 1 },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: false, range: [-0.5, Math.max(labels.length - 0.5, 0.5)] } },
      axes: [
        {
          ...axis,
          values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
          incrs: [1],
        },
        {
          ...axis,
          // Whole meals and packages: no 2.5 on the scale.
          incrs: [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 1e5, 1e6],
          values: (_u, splits) => splits.map(formatValue),
          size: 56,
        },
      ],
      series: [
        // The category's own name in the legend, not its index.
        {
          label: '',
          value: (_u: uPlot, i: number | null) => (i === null ? '' : (labels[i] ?? '')),
        },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.colour,
          fill: kind === 'bars' ? s.colour : undefined,
          width: kind === 'line' ? 3 : 0,
          ...(kind === 'bars' && bars ? { paths: bars, points: { show: false } } : {}),
          value: (_u: uPlot, v: number | null) => (v === null ? '' : formatValue(v)),
        })),
      ],
    };
    const chart = new uPlot(options, [xs, ...series.map((s) => s.values)], element);
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: element.clientWidth, height: 240 });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [kind, labels, series, formatValue]);

  return <div ref={box} role="img" aria-label={summary} className="w-full overflow-hidden" />;
}
