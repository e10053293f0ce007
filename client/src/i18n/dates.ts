import { clockTime, dateAndTime } from '@almquest/contracts/clock';
import { intlLocale, type Locale } from './locales';

/**
 * "21 Nov 2026, 5:04 pm" in English; Hindi and Bengali say the part of the day first, as their
 * readers write a time ("21 नवंबर 2026, शाम 5:04", "২১ নভেম্বর, ২০২৬, বিকাল ৫:০৪"): contracts' clock.ts,
 * which push messages and e-mails use too.
 */
export function formatDateTime(locale: Locale, iso: string): string {
  return dateAndTime(locale, new Date(iso));
}

const dayOf = (date: Date, timeZone?: string) =>
  new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(date);

/**
 * A second moment in a line that already gave a date: its time alone when it falls on the same
 * day ("…by 6:16 am on 29 Nov · offer ends 3:26 am"), else its date and time.
 */
export function formatTimeAfter(
  locale: Locale,
  earlierIso: string,
  iso: string,
  timeZone?: string,
): string {
  const [earlier, date] = [new Date(earlierIso), new Date(iso)];
  return dayOf(earlier, timeZone) === dayOf(date, timeZone)
    ? clockTime(locale, date, timeZone)
    : dateAndTime(locale, date, timeZone);
}

const units: [limit: number, size: number, unit: Intl.RelativeTimeFormatUnit, short: string][] = [
  [60 * 60, 60, 'minute', 'm'],
  [24 * 3600, 3600, 'hour', 'h'],
  [7 * 86400, 86400, 'day', 'd'],
  [365 * 86400, 7 * 86400, 'week', 'w'],
  [Number.POSITIVE_INFINITY, 365 * 86400, 'year', 'y'],
];

const relativeFormats = new Map<Locale, Intl.RelativeTimeFormat>();
/**
 * How long ago, briefly. English keeps SPEC's short forms (1m, 2h, 3d, 1w, 1y); Hindi and Bengali
 * say it as people do ("2 घंटे पहले", "২ ঘণ্টা আগে"). Under a minute is `now` (the caller's word).
 */
export function shortRelativeTime(
  locale: Locale,
  iso: string,
  now: number,
  nowWord: string,
): string {
  const seconds = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return nowWord;
  const [, size, unit, short] =
    units.find(([limit]) => seconds < limit) ?? units[units.length - 1]!;
  const count = Math.floor(seconds / size);
  if (locale === 'en') return `${count}${short}`;
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'always', style: 'long' });
    relativeFormats.set(locale, format);
  }
  return format.format(-count, unit);
}

/** Minutes and seconds left ("9:05"), in the reader's digits. */
export function formatCountdown(locale: Locale, ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const digits = (n: number, min: number) =>
    new Intl.NumberFormat(intlLocale(locale), {
      minimumIntegerDigits: min,
      useGrouping: false,
    }).format(n);
  return `${digits(Math.floor(total / 60), 1)}:${digits(total % 60, 2)}`;
}
