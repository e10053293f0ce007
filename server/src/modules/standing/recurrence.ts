import { STANDING_TIME_ZONE, WEEKDAYS, type Weekday } from '@almquest/contracts/standing';
import { RRuleTemporal } from 'rrule-temporal';

/**
 * A standing donation's days as RFC 5545 says them, computed by rrule-temporal (decision 041):
 * every day is FREQ=DAILY, some days FREQ=WEEKLY;BYDAY=MO,WE. Times are wall-clock times in the
 * donation's zone (India's, with no daylight saving, but computed as a zone all the same), so a
 * 4:30 in the morning in India falls on the day before in UTC, whatever the server's own zone.
 */
export function ruleOf(days: readonly Weekday[]): string {
  const chosen = WEEKDAYS.filter((day) => days.includes(day));
  return chosen.length === WEEKDAYS.length
    ? 'FREQ=DAILY'
    : `FREQ=WEEKLY;BYDAY=${chosen.map((d) => d.toUpperCase()).join(',')}`;
}

/** The weekdays a stored rule names, in the week's order. */
export function daysOf(rule: string): Weekday[] {
  if (rule === 'FREQ=DAILY') return [...WEEKDAYS];
  const byDay = /BYDAY=([A-Z,]+)/.exec(rule)?.[1] ?? '';
  const named = byDay.toLowerCase().split(',');
  return WEEKDAYS.filter((day) => named.includes(day));
}

/** A date in a zone, as YYYY-MM-DD, for an instant. */
export function localDate(at: Date, timeZone = STANDING_TIME_ZONE): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** A time of day in a zone, as "HH:MM" on the 24-hour clock, for an instant. */
export function localTime(at: Date, timeZone = STANDING_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

type Recurring = {
  rule: string;
  readyAt: string;
  startsOn: string;
  endsOn: string | null;
  timeZone: string;
};

function ruleFor(standing: Recurring): RRuleTemporal {
  const start = `${standing.startsOn.replaceAll('-', '')}T${standing.readyAt.replace(':', '')}00`;
  return new RRuleTemporal({
    rruleString: `DTSTART;TZID=${standing.timeZone}:${start}\nRRULE:${standing.rule}`,
  });
}

export type Occurrence = { date: string; readyAt: Date };

/**
 * The days of a standing donation whose food is ready in [from, to), in order, from its first day
 * to its last (inclusive, in its zone).
 */
export function occurrencesBetween(standing: Recurring, from: Date, to: Date): Occurrence[] {
  if (to <= from) return [];
  return ruleFor(standing)
    .between(from, to, true)
    .map((at) => ({ date: at.toPlainDate().toString(), readyAt: new Date(at.epochMilliseconds) }))
    .filter(
      (o) =>
        o.readyAt >= from &&
        o.readyAt < to &&
        o.date >= standing.startsOn &&
        (standing.endsOn === null || o.date <= standing.endsOn),
    );
}

/** When the food is ready on one date, or null when that date is not one of its days. */
export function occurrenceOn(standing: Recurring, date: string): Occurrence | null {
  // The whole of that date in any zone lies within a day and a half of its UTC midnight.
  const midnight = Date.parse(`${date}T00:00:00Z`);
  const around = occurrencesBetween(
    standing,
    new Date(midnight - 36 * 3_600_000),
    new Date(midnight + 36 * 3_600_000),
  );
  return around.find((o) => o.date === date) ?? null;
}
