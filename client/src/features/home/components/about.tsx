import { Link } from 'react-router';
import { JoinLink } from '../../auth/components/join-link';
import { buttonClasses } from '../../../components/ui/button';
import { SectionHeading } from '../../../components/ui/section-heading';
import { site } from '../../../content/site';

export function About() {
  const { about } = site;
  const cards = [
    { ...about.donorCard, type: 'donor' as const },
    { ...about.distributorCard, type: 'distributor' as const },
  ];
  return (
    <section id="about" aria-labelledby="about-title" className="px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="about-title">{about.title}</SectionHeading>
        <p className="mx-auto max-w-3xl text-center text-lg text-gray-700 dark:text-gray-300">
          {about.text}
        </p>
        <p className="mt-4 text-center">
          <Link
            to="/personainfo"
            className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-200"
          >
            {about.moreLink}
          </Link>
        </p>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {cards.map((card) => (
            <article
              key={card.title}
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
