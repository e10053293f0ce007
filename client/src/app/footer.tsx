import { Link } from 'react-router';
import { site } from '../content/site';
import { useSiteContent } from '../features/home/api/get-site-content';
import { useI18n } from '../i18n/i18n';
import { intlLocale } from '../i18n/locales';

/** Brand link to /, the copyright line for this year, and the operator's social links (if any). */
export function Footer() {
  const { t, locale } = useI18n();
  const { social } = useSiteContent();
  // The year in the reader's digits (Bengali's own), never grouped ("2,026").
  const year = new Intl.NumberFormat(intlLocale(locale), { useGrouping: false }).format(
    new Date().getFullYear(),
  );
  return (
    <footer className="border-t border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-6 sm:flex-row sm:justify-between">
        <Link to="/" className="font-bold text-brand-800 dark:text-brand-200">
          {site.brand}
        </Link>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {t('footer.rights', { year, brand: site.brand })}
        </p>
        <Link
          to="/privacy"
          className="text-sm text-gray-700 underline hover:text-brand-800 dark:text-gray-300"
        >
          {t('footer.privacy')}
        </Link>
        {social.length > 0 && (
          <ul aria-label={t('footer.social')} className="flex gap-3 text-sm">
            {social.map((link, i) => (
              <li key={i}>
                <a
                  href={link.href}
                  rel="noopener noreferrer"
                  className="text-gray-700 hover:text-brand-800 dark:text-gray-300"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </footer>
  );
}
