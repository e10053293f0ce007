import type { Figures } from './metrics';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The day as an SVG chart: meals donated in each hour (light) and those of them picked up before
 * their deadline (dark), with the headline figures above.
 */
export function dayChart(title: string, figures: Figures): string {
  const width = 760;
  const height = 360;
  const left = 48;
  const top = 70;
  const plotHeight = 230;
  const slot = (width - left - 16) / 24;
  const most = Math.max(1, ...figures.hourly.map((h) => h.donated));
  const scale = plotHeight / most;
  const bars = figures.hourly
    .map((h) => {
      const x = left + h.hour * slot;
      const donated = h.donated * scale;
      const rescued = h.rescued * scale;
      return [
        `<rect x="${x + 2}" y="${top + plotHeight - donated}" width="${slot - 4}" height="${donated}" fill="#cfe8d5"><title>${h.hour}:00 ${h.donated} meals donated</title></rect>`,
        `<rect x="${x + 2}" y="${top + plotHeight - rescued}" width="${slot - 4}" height="${rescued}" fill="#2f7d4a"><title>${h.hour}:00 ${h.rescued} meals rescued</title></rect>`,
        h.hour % 3 === 0
          ? `<text x="${x + slot / 2}" y="${top + plotHeight + 16}" font-size="11" text-anchor="middle">${h.hour}:00</text>`
          : '',
      ].join('');
    })
    .join('\n');
  const share = Math.round((figures.mealsRescuedShare ?? 0) * 1000) / 10;
  const notes = figures.notificationsPerDistributorPerDay;
  const summary = `${share}% of ${figures.meals} meals rescued · expired ${Math.round((figures.expiredShare ?? 0) * 1000) / 10}% of packages · notifications per distributor: mean ${notes.mean}, p95 ${notes.p95}, max ${notes.max} · Gini ${figures.giniMeals}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" role="img" aria-label="${escape(title)}">
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="${left}" y="26" font-size="16" font-weight="bold">${escape(title)}</text>
<text x="${left}" y="48" font-size="12">${escape(summary)}</text>
<line x1="${left}" y1="${top + plotHeight}" x2="${width - 16}" y2="${top + plotHeight}" stroke="#555"/>
<text x="${left - 6}" y="${top + 4}" font-size="11" text-anchor="end">${most}</text>
<text x="${left - 6}" y="${top + plotHeight}" font-size="11" text-anchor="end">0</text>
${bars}
<rect x="${left + 10}" y="${top - 14}" width="12" height="12" fill="#cfe8d5"/><text x="${left + 26}" y="${top - 4}" font-size="12">meals donated (hour donated)</text>
<rect x="${left + 10}" y="${top + 4}" width="12" height="12" fill="#2f7d4a"/><text x="${left + 26}" y="${top + 14}" font-size="12">picked up before the deadline</text>
</svg>
`;
}
