import type { Locale } from './locales';
import type { AppCatalog, Catalog, MessageKey } from './messages/en';
import { en } from './messages/en';
import type { enApp } from './messages/en-app';
import type * as Dates from './dates';

type EnglishApp = typeof enApp;

/**
 * Every language ships in two parts: the first page's (en.ts, hi.ts, bn.ts) and the rest
 * (en-app.ts, hi-app.ts, bn-app.ts), which comes with the first page that needs it: the signed-in
 * area and every page loaded on demand wait for it alongside their own code (withAppCatalog), so
 * it costs no extra round trip, and a landing page in any language does not load it. English's
 * rest is always loaded then: server-text.ts reads the API's English messages back by it.
 */
let englishApp: EnglishApp | null = null;
/** How dates are written (dates.ts): only the pages that load the rest show any, so it comes with it. */
let dates: typeof Dates | null = null;
let loading: Promise<void> | null = null;
/** The language on screen (the provider keeps it here), whose rest loadAppCatalog brings too. */
let currentLocale: Locale = 'en';
/** Whether a page has needed the rest: a language chosen afterwards brings its rest at once. */
let isAppWanted = false;
/** Other languages' rests: how to load each (its first part says so), and once loaded. */
const restLoaders: Partial<Record<Locale, () => Promise<AppCatalog>>> = {};
const rests: Partial<Record<Locale, Promise<AppCatalog>>> = {};
const restTexts: Partial<Record<Locale, AppCatalog>> = {};

const loadRest = (locale: Locale) => {
  const load = restLoaders[locale];
  return (
    load &&
    (rests[locale] ??= load().then(
      (texts) => (restTexts[locale] = texts),
      (error: unknown) => {
        delete rests[locale];
        throw error;
      },
    ))
  );
};

/**
 * A language's first part has arrived, with how to load its rest: loaded now if a page on
 * screen needs it (a language chosen in the signed-in area).
 */
export function addLocale(locale: Locale, loadApp: () => Promise<AppCatalog>) {
  restLoaders[locale] = loadApp;
  return isAppWanted && loadRest(locale);
}

/** Tells the parts which language is on screen (the provider, and main.tsx before it). */
export function rememberLocale(locale: Locale): void {
  currentLocale = locale;
}

export function loadAppCatalog(): Promise<void> {
  isAppWanted = true;
  // A failed load (the network dropped) is forgotten, so the next page that needs it tries again.
  loading ??= Promise.all([import('./messages/en-app'), import('./dates')]).then(
    ([m, d]) => {
      englishApp = m.enApp;
      dates = d;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return Promise.all([loading, loadRest(currentLocale)]).then(() => undefined);
}

/** A lazily loaded module, once the rest of English (and of the language on screen) is here. */
export function withAppCatalog<T>(module: Promise<T>): Promise<T> {
  return Promise.all([module, loadAppCatalog()]).then(([loaded]) => loaded);
}

/** How dates are written, once the rest has arrived (before, no page shows a date). */
export function appDates(): typeof Dates | null {
  return dates;
}

/** A text of another language's rest, once it has arrived. */
export function otherAppText(locale: Locale, key: MessageKey): string | undefined {
  return (restTexts[locale] as Partial<Catalog> | undefined)?.[key];
}

/** English as far as it has arrived (the whole of it once loadAppCatalog has finished). */
export function englishText(key: MessageKey): string | undefined {
  return (en as Partial<Catalog>)[key] ?? (englishApp as Partial<Catalog> | null)?.[key];
}
