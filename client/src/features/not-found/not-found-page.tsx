import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { site } from '../../content/site';
import { useI18n } from '../../i18n/i18n';
import { usePageTitle } from '../../lib/use-page-title';

export function NotFoundPage() {
  const { t } = useI18n();
  usePageTitle(t('notFound.title'), site.brand);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-3 text-gray-700 dark:text-gray-300">{t('notFound.text')}</p>
      <Link to="/" className={buttonClasses('primary', 'mt-6')}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
