import { clockTime } from '@almquest/contracts/clock';
import { STANDING_TIME_ZONE, WEEKDAYS, type Weekday } from '@almquest/contracts/standing';
import { intlLocale, type Locale } from './locales';

/** A weekday's name in the reader's language ("Mon", "सोम", "সোম"), from Intl, not a catalog. */
export function weekdayName(locale: Locale, day: Weekday, width: 'short' | 'long' = 'short') {
  // 1 January 2024 was a Monday.
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day), 12));
  return new Intl.DateTimeFormat(intlLocale(locale), { weekday: width, timeZone: 'UTC' }).format(
    date,
  );
}

/** "Mon, Wed, Fri", or null for every day (the caller says "every day" in its words). */
export function daysText(locale: Locale, days: readonly Weekday[]): string | null {
  if (days.length === WEEKDAYS.length) return null;
  return WEEKDAYS.filter((d) => days.includes(d))
    .map((d) => weekdayName(locale, d))
    .join(', ');
}

/** "7:30 pm" (or the reader's way) for a standing donation's "19:30", India's time. */
export function timeOfDayText(locale: Locale, hhmm: string): string {
  return clockTime(locale, new Date(`2024-01-01T${hhmm}:00+05:30`), STANDING_TIME_ZONE);
}

/** A date "2026-12-01" as the reader says a day ("Tue, 1 Dec"). */
export function dayText(locale: Locale, date: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}
