// No zod here: the landing page imports this, and zod stays out of the first page's bundle.

/** The languages AlmQuest speaks: English, Hindi, Bengali. */
export const LOCALES = ['en', 'hi', 'bn'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
