import { isLocale, type Locale, LOCALES } from '@almquest/contracts/locales';

export { isLocale, type Locale, LOCALES };

/** Each language named in its own script (for the picker). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी', bn: 'বাংলা' };

/** Where a chosen language is kept in the browser. */
export const LOCALE_STORAGE_KEY = 'lang';

/** The Intl locale for numbers and dates: Indian grouping (1,00,000) in every language. */
export function intlLocale(locale: Locale): string {
  return `${locale}-IN`;
}

/**
 * The language to start in: the one chosen before (kept in the browser), else the first of the
 * browser's languages that AlmQuest speaks ("hi-IN" counts as Hindi), else English.
 */
export function detectLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const language = tag.toLowerCase().split('-')[0];
    if (isLocale(language)) return language;
  }
  return 'en';
}
