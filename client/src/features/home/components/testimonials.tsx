import { SectionHeading } from '../../../components/ui/section-heading';
import { useI18n } from '../../../i18n/i18n';
import { useSiteContent } from '../api/get-site-content';

export function Testimonials() {
  const { testimonials } = useSiteContent();
  const { t: say } = useI18n();
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="testimonials-title">{say('site.testimonials.title')}</SectionHeading>
        <ul className="grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.organisation}>
              <figure className="h-full rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
                <blockquote className="text-gray-800 dark:text-gray-200">“{t.quote}”</blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-semibold">{t.author}</span>,{' '}
                  <span className="text-gray-700 dark:text-gray-300">{t.organisation}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
