import { JoinLink } from '../auth/components/join-link';
import { buttonClasses } from '../../components/ui/button';
import { site } from '../../content/site';

export function PersonaInfoPage() {
  const { personaInfo } = site;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-800 dark:text-brand-200">{personaInfo.title}</h1>
      <nav aria-label="On this page" className="mt-4">
        <ul className="flex flex-wrap gap-3 text-sm">
          {personaInfo.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-brand-700 underline dark:text-brand-200">
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {personaInfo.sections.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10">
          <h2 id={`${s.id}-title`} className="text-2xl font-bold">
            {s.title}
          </h2>
          <p className="mt-3 text-lg leading-relaxed text-gray-800 dark:text-gray-200">{s.text}</p>
        </section>
      ))}
      <JoinLink className={buttonClasses('primary', 'mt-10')}>Join AlmQuest</JoinLink>
    </div>
  );
}
