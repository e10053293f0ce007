import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { formatMessage, formatNumber, type MessageParams } from './format-message';
import { detectLocale, type Locale, LOCALE_STORAGE_KEY } from './locales';
import { type Catalog, en, type MessageKey } from './messages/en';

/** Catalogs other than English load only when chosen (English ships with the first page). */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Catalog>> = {
  hi: () => import('./messages/hi').then((m) => m.hi),
  bn: () => import('./messages/bn').then((m) => m.bn),
};

type I18n = {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  /** The message in the current language, filled with `params`. */
  t: (key: MessageKey, params?: MessageParams) => string;
  formatNumber: (value: number) => string;
};

const I18nContext = createContext<I18n | null>(null);

function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Which language the client speaks. The first render is English (it matches the prerendered
 * landing page); right after, the language chosen before or the browser's takes over, its
 * catalog loaded on demand. `<html lang>` follows.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>('en');
  const [catalog, setCatalog] = useState<{ locale: Locale; messages: Catalog }>({
    locale: 'en',
    messages: en,
  });

  useEffect(() => {
    setLocaleState(detectLocale(readStoredLocale(), navigator.languages ?? []));
  }, []);

  useEffect(() => {
    let isCurrent = true;
    document.documentElement.lang = locale;
    if (locale === 'en') setCatalog({ locale, messages: en });
    else {
      void loaders[locale]().then((messages) => {
        if (isCurrent) setCatalog({ locale, messages });
      });
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

  const value = useMemo<I18n>(() => {
    // Until a chosen catalog has arrived, English speaks (never a key or an empty text).
    const shown = catalog.locale === locale ? catalog : { locale: 'en' as const, messages: en };
    return {
      locale,
      setLocale,
      t: (key, params) => formatMessage(shown.locale, shown.messages[key], params),
      formatNumber: (n) => formatNumber(shown.locale, n),
    };
  }, [locale, catalog, setLocale]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n is for components under I18nProvider');
  return i18n;
}
