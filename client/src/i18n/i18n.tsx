import { formatPhone } from '@almquest/contracts/phone';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { formatMessage, formatNumber, type MessageParams } from './format-message';
import { detectLocale, type Locale, LOCALE_STORAGE_KEY } from './locales';
import { addLocale, appDates, englishText, otherAppText, rememberLocale } from './catalog-parts';
import { loadScriptFonts } from './fonts';
import type { AppCatalog, Catalog, MessageKey } from './messages/en';
import type { translateFieldWords, translateWords } from './server-text';
import type { ErrorCode, MessageWords } from '@almquest/contracts/errors';

/**
 * Catalogs other than English load only when chosen (English ships with the first page), each in
 * two parts like English (catalog-parts.ts): the first page's here, the rest, and the rest of
 * English whose wording server-text.ts reads the API's messages back by, with the first page
 * that needs them (withAppCatalog), so a Hindi or Bengali landing page loads neither.
 */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Partial<Catalog>>> = {
  hi: () =>
    withFonts(
      'hi',
      import('./messages/hi').then((m) => withRest('hi', m.hi, m.loadApp)),
    ),
  bn: () =>
    withFonts(
      'bn',
      import('./messages/bn').then((m) => withRest('bn', m.bn, m.loadApp)),
    ),
};

/** A first part, once its rest is here too when a page on screen needs it. */
async function withRest(
  locale: Locale,
  site: Partial<Catalog>,
  loadApp: () => Promise<AppCatalog>,
): Promise<Partial<Catalog>> {
  await addLocale(locale, loadApp);
  return site;
}

/**
 * Says the API's messages in the reader's language from their words (server-text.ts): only
 * another language needs it, so it comes with that language's catalog, not with the first page.
 */
let translateKeyed: typeof translateWords | null = null;
let translateField: typeof translateFieldWords | null = null;

/** A catalog once its script's faces and the API messages' reader are there too (fonts.ts). */
function withFonts(locale: Locale, catalog: Promise<Partial<Catalog>>): Promise<Partial<Catalog>> {
  return Promise.all([
    catalog,
    loadScriptFonts(locale),
    import('./server-text').then((m) => {
      translateKeyed = m.translateWords;
      translateField = m.translateFieldWords;
    }),
  ]).then(([messages]) => messages);
}

export type I18n = {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  /** The message in the current language, filled with `params`. */
  t: (key: MessageKey, params?: MessageParams) => string;
  formatNumber: (value: number) => string;
  /** "21 Nov 2026, 5:04 pm" in the reader's language. */
  formatDateTime: (iso: string) => string;
  /** A second moment in a line that gave `earlierIso`'s date: its time alone on the same day. */
  formatTimeAfter: (earlierIso: string, iso: string) => string;
  /** "9:05" minutes and seconds left, in the reader's digits. */
  countdown: (ms: number) => string;
  /** "5m" in English, "5 मिनट पहले" in Hindi. */
  relativeTime: (iso: string, now?: number) => string;
  /** A message from the API or a shared schema, in the reader's language. */
  serverText: (text: string, fallback: MessageKey) => string;
  /** A field's message (a shared schema's or the API's), from its words where it has them. */
  fieldText: (message: string, words: MessageWords | undefined) => string;
  /** What an API failure (or any error) means, in the reader's language. */
  errorText: (error: unknown) => string;
};

/** The API failure's shape as the client's ApiError has it (lib/api-client.ts). */
type ErrorLike = { code?: unknown; message?: unknown; words?: MessageWords };

const I18nContext = createContext<I18n | null>(null);

/** What each API error code means when its message is not one the catalogs know. */
/** What each error code means, for an error that says no more (every code has one). */
const errorKeys: Record<
  ErrorCode | 'network' | 'offline' | 'unconfirmed' | 'unconfirmed_title' | 'unexpected_answer',
  MessageKey
> = {
  network: 'error.network',
  offline: 'error.offline',
  unconfirmed: 'error.unconfirmed',
  unconfirmed_title: 'error.unconfirmedTitle',
  unexpected_answer: 'error.unexpected',
  internal: 'error.internal',
  unauthenticated: 'error.unauthenticated',
  forbidden: 'error.forbidden',
  not_found: 'error.not_found',
  service_unavailable: 'error.service_unavailable',
  payload_too_large: 'error.payload_too_large',
  rate_limited: 'error.rate_limited',
  validation_failed: 'error.invalid',
  bad_request: 'error.invalid',
  malformed_json: 'error.invalid',
  conflict: 'common.pleaseTryAgain',
  method_not_allowed: 'error.invalid',
  unsupported_media_type: 'error.invalid',
  idempotency_key_reused: 'common.pleaseTryAgain',
  wrong_handover_code: 'server.wrongCode',
  handover_locked: 'server.codeLocked',
};

/** The language chosen in this browser before (null when none was chosen). */
export function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The language a visit starts in: the one chosen here before, else the browser's, else English. */
export function startingLocale(): Locale {
  return detectLocale(readStoredLocale(), navigator.languages ?? []);
}

/** A language's whole catalog, for starting in it (English needs none: null). */
export async function loadStartingCatalog(locale: Locale): Promise<Shown> {
  rememberLocale(locale);
  if (locale === 'en') return { locale, messages: null };
  return { locale, messages: await loaders[locale]() };
}

/**
 * Which language the client speaks. The app starts in the language (and with the catalog)
 * main.tsx loaded before its first render (`initial`), so a Hindi reader never sees English
 * first; without it (tests, the prerender) the first render is English and the language chosen
 * before or the browser's takes over right after. Other catalogs load on demand. `<html lang>`
 * follows.
 */
export function I18nProvider({ children, initial }: { children: ReactNode; initial?: Shown }) {
  const [locale, setLocaleState] = useState<Locale>(initial?.locale ?? 'en');
  // English has no catalog object here: it is read through englishText (two parts, see
  // catalog-parts.ts); another language's first-page part is held once it has arrived (its rest
  // is read from catalog-parts.ts).
  const [catalog, setCatalog] = useState<Shown>(initial ?? ENGLISH);

  useEffect(() => {
    if (!initial) setLocaleState(startingLocale());
    // Only at the start: `initial` is read once, like useState's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    let isCurrent = true;
    rememberLocale(locale);
    document.documentElement.lang = locale;
    // Already showing it (the start, or a catalog that arrived): no render for nothing.
    if (locale === 'en') setCatalog((shown) => (shown.locale === 'en' ? shown : ENGLISH));
    else {
      loaders[locale]().then(
        (messages) => {
          if (isCurrent) {
            setCatalog((shown) =>
              shown.locale === locale && shown.messages === messages ? shown : { locale, messages },
            );
          }
        },
        // Offline before the worker keeps it: English speaks meanwhile (never a key).
        (error: unknown) => console.warn(`The ${locale} catalog did not load.`, error),
      );
    }
    return () => {
      isCurrent = false;
    };
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, next);
    } catch {
      // storage blocked: the choice lasts for this visit
    }
    setLocaleState(next);
  }, []);

  // Until a chosen catalog has arrived, English speaks (never a key or an empty text).
  const shown: Shown = catalog.locale === locale ? catalog : ENGLISH;
  // The functions keep one identity for the app's life (effects may list them without running
  // again on a language change); they read the catalog on screen through this ref.
  const current = useRef(shown);
  current.current = shown;
  const speak = useMemo(() => makeSpeaker(() => current.current), []);
  const value = useMemo<I18n>(
    () => ({ ...speak, locale, setLocale }),
    // `catalog` is listed so that every reader renders again when a catalog arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [speak, locale, catalog, setLocale],
  );

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The language on screen and its catalog (null for English: see englishText). */
export type Shown = { locale: Locale; messages: Partial<Catalog> | null };

const ENGLISH: Shown = { locale: 'en', messages: null };

const plainDate = (iso: string) => new Date(iso).toLocaleString();
const plainCountdown = (ms: number) =>
  `${Math.floor(ms / 60_000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;

/** t, formatNumber, dates and error texts, always in the language of the catalog on screen. */
function makeSpeaker(shown: () => Shown): Omit<I18n, 'locale' | 'setLocale'> {
  const t: I18n['t'] = (key, params) =>
    formatMessage(
      shown().locale,
      shown().messages?.[key] ?? otherAppText(shown().locale, key) ?? englishText(key) ?? key,
      params,
    );
  // English readers get the API's own words; others what its code means, when it sent no words
  // (every message of the API has them; matching English broke whenever a text changed).
  const serverText: I18n['serverText'] = (text, fallback) =>
    shown().locale === 'en' ? text : t(fallback);
  return {
    t,
    formatNumber: (n) => formatNumber(shown().locale, n),
    // Dates come with the rest of the catalog (appDates), as do the pages that show them; a date
    // asked for sooner is written plainly rather than lost.
    formatDateTime: (iso) => appDates()?.formatDateTime(shown().locale, iso) ?? plainDate(iso),
    formatTimeAfter: (earlierIso, iso) =>
      appDates()?.formatTimeAfter(shown().locale, earlierIso, iso) ?? plainDate(iso),
    countdown: (ms) => appDates()?.formatCountdown(shown().locale, ms) ?? plainCountdown(ms),
    relativeTime: (iso, now = Date.now()) =>
      appDates()?.shortRelativeTime(shown().locale, iso, now, t('time.now')) ?? plainDate(iso),
    serverText,
    fieldText: (message, words) =>
      shown().locale === 'en'
        ? message
        : ((words ? translateField?.(words, t) : null) ?? serverText(message, 'field.invalid')),
    errorText: (error) => {
      const { code, message, words } = (error ?? {}) as ErrorLike;
      const fallback =
        typeof code === 'string' && Object.hasOwn(errorKeys, code)
          ? errorKeys[code as keyof typeof errorKeys]
          : 'common.pleaseTryAgain';
      if (
        code === 'network' ||
        code === 'offline' ||
        code === 'unconfirmed' ||
        code === 'unconfirmed_title' ||
        code === 'unexpected_answer'
      )
        return t(fallback);
      // The API's key and values, when it gives them: no English to match.
      if (shown().locale !== 'en' && words) {
        const worded = translateKeyed?.(words, t);
        if (worded) return worded;
      }
      return typeof message === 'string' && typeof code === 'string'
        ? serverText(message, fallback)
        : t('common.pleaseTryAgain');
    },
  };
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n is for components under I18nProvider');
  return i18n;
}

/**
 * A string of digits (a handover code) in the reader's digits, one by one: ৯০২৭ in Bengali. The
 * distributor may type them in any script.
 */
export function localDigits(code: string, formatNumber: (n: number) => string): string {
  return [...code]
    .map((digit) => (/\d/.test(digit) ? formatNumber(Number(digit)) : digit))
    .join('');
}

/**
 * A date and time written in a sentence, kept whole: its day, month and year on one line, and its
 * time on one line ("29 नवंबर 2026, रात 3:26" broke as "29 / नवंबर 2026" on a phone).
 */
export function keepTogether(dateTime: string): string {
  return dateTime.replace(/ /g, '\u00a0').replace(/,\u00a0/g, ', ');
}

/**
 * A stored Indian mobile number (ten digits) as people write it, +91 98765 00001, in the reader's
 * digits and never broken across lines.
 */
export function localPhone(digits: string, formatNumber: (n: number) => string): string {
  return localDigits(formatPhone(digits), formatNumber).replace(/ /g, '\u00a0');
}
