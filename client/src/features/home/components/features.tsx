import { SectionHeading } from '../../../components/ui/section-heading';
import { type Feature, site } from '../../../content/site';
import { useI18n } from '../../../i18n/i18n';
import { useSiteContent } from '../api/get-site-content';

const icons: Record<Feature['id'], string> = {
  phone: 'M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM11 18h2',
  exchange: 'M4 8h13l-3-3M20 16H7l3 3',
  route:
    'M6 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM18 9a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM6 15V9a4 4 0 0 1 4-4h6M18 9v6a4 4 0 0 1-4 4H8',
};

export function Features() {
  const { features } = site;
  const { partners } = useSiteContent();
  const { t } = useI18n();
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="bg-gray-50 px-4 py-16 dark:bg-gray-900"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="features-title">{t('site.features.title')}</SectionHeading>
        <ul className="grid gap-6 md:grid-cols-3">
          {features.items.map((feature) => (
            <li key={feature.id} className="rounded-2xl bg-white p-6 shadow-sm dark:bg-gray-950">
              <svg
                width="40"
                height="40"
                viewBox="0 0 24 24"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                className="text-brand-700 dark:text-brand-200"
              >
                <path d={icons[feature.id]} strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <h3 className="mt-3 text-lg font-bold">{t(`site.features.${feature.id}.title`)}</h3>
              <p className="mt-2 text-gray-700 dark:text-gray-300">
                {t(`site.features.${feature.id}.text`)}
              </p>
            </li>
          ))}
        </ul>
        {partners.length > 0 && (
          <>
            <h3 className="mt-12 text-center text-sm font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">
              {t('site.features.partners')}
            </h3>
            <ul
              aria-label={t('site.features.partners')}
              className="mt-4 flex flex-wrap justify-center gap-4"
            >
              {partners.map((partner) => (
                <li
                  key={partner.name}
                  className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-semibold text-gray-700 dark:border-gray-700 dark:text-gray-300"
                >
                  {partner.name}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
