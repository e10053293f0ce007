import { Link } from 'react-router';
import { JoinLink } from '../../../components/join-link';
import { buttonClasses } from '../../../components/ui/button';
import { SectionHeading } from '../../../components/ui/section-heading';
import { useI18n } from '../../../i18n/i18n';

export function About() {
  const { t } = useI18n();
  const cards = [
    { title: t('site.about.donorTitle'), text: t('site.about.donorText'), type: 'donor' as const },
    {
      title: t('site.about.distributorTitle'),
      text: t('site.about.distributorText'),
      type: 'distributor' as const,
    },
  ];
  return (
    <section id="about" aria-labelledby="about-title" className="px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="about-title">{t('site.about.title')}</SectionHeading>
        <p className="mx-auto max-w-3xl text-center text-lg text-gray-700 dark:text-gray-300">
          {t('site.about.text')}
        </p>
        <p className="mt-4 text-center">
          <Link
            to="/personainfo"
            className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-200"
          >
            {t('site.about.more')}
          </Link>
        </p>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {cards.map((card) => (
            <article
              key={card.type}
              className="rounded-2xl border border-gray-200 p-6 shadow-sm dark:border-gray-800"
            >
              <h3 className="text-xl font-bold">{card.title}</h3>
              <p className="mt-2 text-gray-700 dark:text-gray-300">{card.text}</p>
              <JoinLink type={card.type} className={buttonClasses('primary', 'mt-4')}>
                {card.title}
              </JoinLink>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
