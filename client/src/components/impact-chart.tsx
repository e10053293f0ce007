import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

export type ChartSeries = { label: string; values: number[]; colour: string };

type ChartInput = {
  kind: 'line' | 'bars';
  labels: string[];
  series: ChartSeries[];
  categoryLabel: string;
  formatValue: (n: number) => string;
  font: string;
  width: number;
  /** The axes' text colour: the page's own, so it reads in light and dark alike. */
  ink?: string;
  /** How wide a label is drawn in `font`, in px (a canvas measures it); unknown: slant. */
  measure?: (text: string) => number;
};

/** The y axis's width, and the room a bar's label keeps from its neighbours. */
const Y_AXIS_PX = 56;
const LABEL_GAP_PX = 12;
/** A label's line, in px, with room around it: slanted labels closer than this overlap. */
const LABEL_LINE_PX = 18;
const SLANT_DEGREES = 35;
const sinDegrees = (degrees: number) => Math.sin((degrees * Math.PI) / 180);

/** uPlot's options for one chart (apart from the drawing, so they can be tested). */
export function chartOptions({
  kind,
  labels,
  series,
  categoryLabel,
  formatValue,
  font,
  width,
  ink = '#4b5563',
  measure,
}: ChartInput): uPlot.Options {
  // Bars' names lie flat when each fits under its bar (Hindi and Bengali read badly slanted),
  // and slant only when they would run together.
  const perBar = (width - Y_AXIS_PX) / Math.max(labels.length, 1);
  const isFlat =
    measure !== undefined && labels.every((label) => measure(label) + LABEL_GAP_PX <= perBar);
  // Slanted labels lie perBar · sin(angle) apart; twelve months on a phone are too close for a
  // slant ("সেপ্টেম্বর" ran into "অক্টোবর"), so they stand upright.
  const angle = isFlat
    ? 0
    : perBar * sinDegrees(SLANT_DEGREES) >= LABEL_LINE_PX
      ? SLANT_DEGREES
      : 90;
  const widest = measure ? Math.max(0, ...labels.map(measure)) : 0;
  const slantedSize =
    measure === undefined ? 84 : Math.min(160, Math.ceil(widest * sinDegrees(angle)) + 24);
  // A slanted name starts at its bar and runs down to the right: the last bar's ran past the
  // chart's edge ("নভেম্বর ২০২৬" cut at "২০২"), so the plot keeps room for it on its right.
  const slantRoom =
    angle === SLANT_DEGREES && measure
      ? Math.max(0, Math.ceil(widest * Math.cos((angle * Math.PI) / 180) - perBar / 2) + 8)
      : 0;
  const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
  const axis = { stroke: ink, grid: { stroke: 'rgba(107,114,128,0.2)' }, font };
  return {
    width,
    height: 240,
    ...(kind === 'bars' && slantRoom > 0 ? { padding: [null, slantRoom, null, null] } : {}),
    // A key of colours only: values beside them stayed empty until a hover ("Donated:"), and the
    // table beside the chart has them all.
    legend: { show: series.length > 1, live: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: [-0.5, Math.max(labels.length - 0.5, 0.5)] },
      // Counts start at nought: a bar from 40 up would make 41 look twice 40.
      y: { range: (_u, _min, max) => uPlot.rangeNum(0, Math.max(max, 1), 0.1, true) },
    },
    axes: [
      kind === 'bars'
        ? {
            // Every bar is named (a bar without its name says nothing): flat when the names fit,
            // else slanted or upright, so "Distributed" and "Not Paired" neither run together nor
            // need skipping on a phone.
            ...axis,
            values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
            incrs: [1],
            space: 8,
            rotate: angle === 0 ? 0 : -angle,
            size: isFlat ? 36 : slantedSize,
          }
        : {
            ...axis,
            values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
            // Every label when they fit, else every second, third... (a phone shows some): room
            // for "Dec 25" and a gap, so neighbours never run together.
            incrs: [1, 2, 3, 4, 6, 12],
            space: 64,
          },
      {
        ...axis,
        // Whole meals and packages: no 2.5 on the scale.
        incrs: [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 1e5, 1e6],
        values: (_u, splits) => splits.map(formatValue),
        size: Y_AXIS_PX,
      },
    ],
    series: [
      // The category's own name in the legend, not its index.
      {
        label: categoryLabel,
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
}

/**
 * The key names the coloured series only: the category's name ("Week of") has no colour, so its
 * row, when uPlot writes one, is hidden. Found by its name: with `live: false` uPlot leaves it
 * out, and hiding the first row hid the first series' key instead.
 */
export function hideCategoryKey(root: HTMLElement, categoryLabel: string): void {
  for (const row of root.querySelectorAll<HTMLElement>('.u-legend .u-series')) {
    if (row.querySelector('.u-label')?.textContent === categoryLabel) {
      row.style.setProperty('display', 'none');
    }
  }
}

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
  categoryLabel,
  formatValue,
}: {
  kind: 'line' | 'bars';
  labels: string[];
  series: ChartSeries[];
  summary: string;
  /** What the labels are (week, state, city): the legend's first column. */
  categoryLabel: string;
  formatValue: (n: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = labels.map((_, i) => i);
    // The page's own fonts (with the Noto faces for Hindi and Bengali): uPlot's list has none
    // for those scripts, and their labels were boxes.
    const font = `12px ${getComputedStyle(element).fontFamily || 'sans-serif'}`;
    const pen = document.createElement('canvas').getContext('2d');
    if (pen) pen.font = font;
    const options = chartOptions({
      kind,
      labels,
      series,
      categoryLabel,
      formatValue,
      font,
      width: element.clientWidth || 320,
      ink: getComputedStyle(element).color || undefined,
      ...(pen ? { measure: (text: string) => pen.measureText(text).width } : {}),
    });
    const chart = new uPlot(options, [xs, ...series.map((s) => s.values)], element);
    // The legend repeats the table beside the chart: screen readers get the table only. It is
    // HTML in uPlot's own fonts, which have no Devanagari or Bengali: the page's instead.
    chart.root.querySelector('.u-legend')?.setAttribute('aria-hidden', 'true');
    hideCategoryKey(chart.root, categoryLabel);
    chart.root.style.fontFamily = getComputedStyle(element).fontFamily;
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: element.clientWidth, height: 240 });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [kind, labels, series, formatValue, categoryLabel]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={summary}
      className="w-full overflow-hidden text-gray-600 dark:text-gray-300"
    />
  );
}
