import { useId } from 'react';
import { markLanguagePicked } from '../lib/session/language-picked';
import { useI18n } from '../i18n/i18n';
import { isLocale, LOCALE_NAMES, LOCALES } from '../i18n/locales';

/**
 * The language picker: each language named in its own script (English, हिन्दी, বাংলা). The
 * choice is kept in the browser and, for a signed-in person, on their account (see
 * useAccountLocale), so notifications and e-mails speak it too.
 */
export function LanguagePicker({ onChange }: { onChange?: (locale: string) => void }) {
  const { locale, setLocale, t } = useI18n();
  const id = useId();
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium md:sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          markLanguagePicked();
          setLocale(next);
          onChange?.(next);
        }}
        className="language-names min-h-9 rounded-md border border-gray-300 bg-white px-2 py-1 text-sm text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
