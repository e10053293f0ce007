import type { Locale } from './locales';

/**
 * Times of day as each language's readers write them: English "5:04 pm"; Hindi with the part of
 * the day first, "शाम 5:04"; Bengali the same way in its own digits, "বিকাল ৫:০৪" (Intl puts
 * Bengali's part of the day after the time, which reads as a label, not a time). The app, the
 * push messages and the e-mails all say a time so.
 */

const tags: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN', bn: 'bn-IN' };

/**
 * How a month is written beside a day: English abbreviates ("21 Nov"); Intl's Hindi and Bengali
 * abbreviations carry marks their readers do not write (नव॰, নভেঃ), so those months are spelled
 * out ("21 नवंबर", "২১ নভেম্বর").
 */
export function monthForm(locale: Locale): 'short' | 'long' {
  return locale === 'en' ? 'short' : 'long';
}
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(locale: Locale, withDate: boolean, timeZone: string | undefined) {
  const key = `${locale}|${withDate}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = withDate
      ? { day: 'numeric', month: monthForm(locale), year: 'numeric' }
      : {
          hour: 'numeric',
          minute: '2-digit',
          hourCycle: 'h12',
          // "in the afternoon" in English is too long for a time: English keeps am / pm.
          ...(locale === 'en' ? {} : { dayPeriod: 'short' as const }),
        };
    format = new Intl.DateTimeFormat(tags[locale], {
      ...options,
      ...(timeZone ? { timeZone } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/** A time of day: "5:04 pm", "शाम 5:04", "বিকাল ৫:০৪". In the runtime's zone unless told. */
export function clockTime(locale: Locale, date: Date, timeZone?: string): string {
  const parts = formatFor(locale, false, timeZone)
    .formatToParts(date)
    // Bengali readers say রাত for the night; Intl's রাত্রি is the bookish word.
    .map((p) =>
      p.type === 'dayPeriod' && locale === 'bn' && p.value === 'রাত্রি' ? { ...p, value: 'রাত' } : p,
    );
  const period = parts.findIndex((p) => p.type === 'dayPeriod');
  const hour = parts.findIndex((p) => p.type === 'hour');
  if (locale !== 'en' && period > hour && hour >= 0) {
    // Moved before the hour, with the space that led up to it.
    const [moved] = parts.splice(period, 1);
    if (parts[period - 1]?.type === 'literal' && /^\s+$/.test(parts[period - 1]!.value))
      parts.splice(period - 1, 1);
    parts.splice(hour, 0, moved!, { type: 'literal', value: ' ' });
  }
  return parts.map((p) => p.value).join('');
}

/**
 * A day and its time: "21 Nov 2026, 5:04 pm", "21 नवंबर 2026, शाम 5:04", "২১ নভেম্বর, ২০২৬,
 * বিকাল ৫:০৪". The day and the time are written apart and joined by a comma in every language
 * (Intl joins them with words, "को … बजे", "২০২৬ এ", that read oddly around a moved time).
 */
export function dateAndTime(locale: Locale, date: Date, timeZone?: string): string {
  return `${formatFor(locale, true, timeZone).format(date)}, ${clockTime(locale, date, timeZone)}`;
}
