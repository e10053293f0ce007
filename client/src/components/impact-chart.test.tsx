import { render, screen } from '@testing-library/react';
import type uPlot from 'uplot';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n/i18n';
import { ChartFigure } from './chart-figure';
import { chartOptions, hideCategoryKey } from './impact-chart';

// uPlot asks for the pixel ratio's media query when it loads; jsdom has no matchMedia.
vi.hoisted(() => {
  window.matchMedia ??= (() => ({
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
});

const input = {
  kind: 'bars' as const,
  labels: ['Not Paired', 'Paired', 'Distributed'],
  series: [{ label: 'Packages', values: [40, 41, 45], colour: '#000' }],
  categoryLabel: 'State',
  formatValue: String,
  font: '12px "Noto Sans Devanagari", sans-serif',
  width: 390,
};
const options = chartOptions(input);

describe('impact charts', () => {
  it('start counts at nought, however high the smallest bar', () => {
    const range = options.scales!.y!.range as unknown as (
      u: uPlot,
      lo: number,
      hi: number,
    ) => number[];
    const [low, high] = range({} as uPlot, 40, 45);
    expect(low).toBe(0);
    expect(high).toBeGreaterThanOrEqual(45);
  });

  it('write their labels in the page’s fonts and name the categories in the legend', () => {
    expect(options.axes!.map((a) => a.font)).toEqual([
      '12px "Noto Sans Devanagari", sans-serif',
      '12px "Noto Sans Devanagari", sans-serif',
    ]);
    expect(options.series[0]!.label).toBe('State');
    // Every bar keeps its name, slanted so that long names neither collide nor get skipped.
    expect(options.axes![0]!.incrs).toEqual([1]);
    expect(options.axes![0]!.rotate).toBeLessThan(0);
    // Flat when each name fits under its bar (measured in the page's font), slanted when not.
    const sized = (px: number) => chartOptions({ ...input, width: 1000, measure: () => px });
    expect(sized(100).axes![0]!.rotate).toBe(0);
    expect(sized(400).axes![0]!.rotate).toBe(-35);
    // A slanted name runs right of its bar: the plot keeps room on its right for the last one
    // (150 px wide at 35° reaches 123 px right of its bar's middle), none when flat.
    const slanted = chartOptions({ ...input, width: 440, measure: () => 150 });
    expect(slanted.axes![0]!.rotate).toBe(-35);
    const perBar = (440 - 56) / 3;
    expect((slanted.padding as number[])[1]).toBeGreaterThanOrEqual(123 - perBar / 2);
    expect(sized(100).padding).toBeUndefined();
    // Twelve months on a phone: too close to slant without overlapping, so upright, with room
    // below for the longest name.
    const months = chartOptions({
      ...input,
      labels: Array.from({ length: 12 }, (_, i) => `month ${i}`),
      width: 330,
      measure: () => 70,
    });
    expect(months.axes![0]!.rotate).toBe(-90);
    expect(months.axes![0]!.size).toBeGreaterThanOrEqual(70);
    // Weeks on a line may skip labels on a phone rather than drop them all.
    const line = chartOptions({ ...input, kind: 'line' });
    expect(line.axes![0]!.incrs).toEqual(expect.arrayContaining([1, 2, 3]));
    // "Dec 25" needs about 40 px at 12 px: ticks closer than 60 px ran the labels together.
    expect(line.axes![0]!.space).toBeGreaterThanOrEqual(60);
  });

  it('key two series by colour alone, with no empty values after colons', () => {
    const two = chartOptions({
      ...input,
      kind: 'line',
      series: [
        { label: 'Donated', values: [1, 2, 3], colour: '#000' },
        { label: 'Distributed', values: [1, 1, 2], colour: '#111' },
      ],
    });
    expect(two.legend).toMatchObject({ show: true, live: false });
  });

  it('hide the category’s key only, never a series’ (uPlot leaves it out when not live)', () => {
    const legend = (labels: string[]) => {
      // As uPlot writes its legend: a row per series, its name in a .u-label.
      const root = document.createElement('div');
      const table = root.appendChild(document.createElement('table'));
      table.className = 'u-legend';
      for (const label of labels) {
        const row = table.appendChild(document.createElement('tr'));
        row.className = 'u-series';
        const name = row
          .appendChild(document.createElement('th'))
          .appendChild(document.createElement('div'));
        name.className = 'u-label';
        name.textContent = label;
      }
      hideCategoryKey(root, 'Week of');
      return [...root.querySelectorAll<HTMLElement>('.u-series')].map(
        (row) => `${row.textContent}${row.style.display === 'none' ? ' (hidden)' : ''}`,
      );
    };
    expect(legend(['Donated', 'Distributed'])).toEqual(['Donated', 'Distributed']);
    expect(legend(['Week of', 'Donated', 'Distributed'])).toEqual([
      'Week of (hidden)',
      'Donated',
      'Distributed',
    ]);
  });
});

describe('a chart with nothing in it', () => {
  it('says so instead of drawing empty axes, and keeps its table', async () => {
    render(
      <I18nProvider>
        <ChartFigure
          title="Packages by state"
          kind="bars"
          labels={['Not Paired', 'Paired']}
          series={[{ label: 'Packages', values: [0, 0], colour: '#000' }]}
          columnTitle="State"
          summary="Not Paired: 0, Paired: 0"
        />
      </I18nProvider>,
    );
    expect(await screen.findByText('Nothing to show yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('table', { name: 'Packages by state' })).toBeInTheDocument();
  });
});
