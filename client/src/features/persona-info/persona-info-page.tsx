import { JoinLink } from '../../components/join-link';
import { buttonClasses } from '../../components/ui/button';
import { site } from '../../content/site';
import { useI18n } from '../../i18n/i18n';
import { usePageTitle } from '../../lib/use-page-title';

export function PersonaInfoPage() {
  const { personaInfo } = site;
  const { t } = useI18n();
  usePageTitle(t('site.persona.title'), site.brand);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-800 dark:text-brand-200">
        {t('site.persona.title')}
      </h1>
      <nav aria-label={t('site.persona.onThisPage')} className="mt-4">
        <ul className="flex flex-wrap gap-3 text-sm">
          {personaInfo.sections.map((id) => (
            <li key={id}>
              <a href={`#${id}`} className="text-brand-700 underline dark:text-brand-200">
                {t(`site.persona.${id}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {personaInfo.sections.map((id) => (
        <section key={id} id={id} aria-labelledby={`${id}-title`} className="mt-10">
          <h2 id={`${id}-title`} className="text-2xl font-bold">
            {t(`site.persona.${id}.title`)}
          </h2>
          <p className="mt-3 text-lg leading-relaxed text-gray-800 dark:text-gray-200">
            {t(`site.persona.${id}.text`)}
          </p>
        </section>
      ))}
      <JoinLink className={buttonClasses('primary', 'mt-10')}>{t('site.persona.join')}</JoinLink>
    </div>
  );
}
