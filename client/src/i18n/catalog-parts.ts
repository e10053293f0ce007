import type { Catalog, MessageKey } from './messages/en';
import { en } from './messages/en';
import type { enApp } from './messages/en-app';

type EnglishApp = typeof enApp;

/**
 * English ships in two parts: en.ts with the first page, en-app.ts with the first page that needs
 * it (the signed-in area and every page loaded on demand wait for it alongside their own code, so
 * it costs no extra round trip). Other languages load whole; they need this part only for the
 * wording of the API's English messages (server-text.ts), which come from those same pages, so
 * it arrives with them there too.
 */
let englishApp: EnglishApp | null = null;
let loading: Promise<void> | null = null;

export function loadAppCatalog(): Promise<void> {
  loading ??= import('./messages/en-app').then((m) => {
    englishApp = m.enApp;
  });
  return loading;
}

/** A lazily loaded module, once the rest of English has arrived too. */
export function withAppCatalog<T>(module: Promise<T>): Promise<T> {
  return Promise.all([module, loadAppCatalog()]).then(([loaded]) => loaded);
}

/** English as far as it has arrived (the whole of it once loadAppCatalog has finished). */
export function englishText(key: MessageKey): string | undefined {
  return (en as Partial<Catalog>)[key] ?? (englishApp as Partial<Catalog> | null)?.[key];
}

/** Every English text that has arrived, by key (for reading the API's English back). */
export function englishEntries(): [MessageKey, string][] {
  return Object.entries({ ...en, ...englishApp }) as [MessageKey, string][];
}
