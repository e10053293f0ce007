const units: [limit: number, size: number, suffix: string][] = [
  [60, 1, 's'],
  [60 * 60, 60, 'm'],
  [24 * 3600, 3600, 'h'],
  [7 * 86400, 86400, 'd'],
  [365 * 86400, 7 * 86400, 'w'],
  [Number.POSITIVE_INFINITY, 365 * 86400, 'y'],
];

/** SPEC: shortened relative times (1m, 2h, 3d, 1w, 1y); under a minute is "now". */
export function shortRelativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'now';
  for (const [limit, size, suffix] of units) {
    if (seconds < limit) return `${Math.floor(seconds / size)}${suffix}`;
  }
  return '';
}
