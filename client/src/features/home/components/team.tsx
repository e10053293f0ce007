import { SectionHeading } from '../../../components/ui/section-heading';
import { useI18n } from '../../../i18n/i18n';
import { useSiteContent } from '../api/get-site-content';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

export function Team() {
  const { team } = useSiteContent();
  const { t } = useI18n();
  return (
    <section
      id="team"
      aria-labelledby="team-title"
      className="bg-gray-50 px-4 py-16 dark:bg-gray-900"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="team-title">{t('site.team.title')}</SectionHeading>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {team.map((member) => (
            <li
              key={member.name}
              className="flex flex-col items-center rounded-2xl bg-white p-6 text-center shadow-sm dark:bg-gray-950"
            >
              <span
                aria-hidden="true"
                className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-800"
              >
                {initials(member.name)}
              </span>
              <h3 className="mt-3 font-bold">{member.name}</h3>
              <p className="text-sm text-gray-700 dark:text-gray-300">{member.roleTitle}</p>
              <ul className="mt-2 flex gap-3 text-sm">
                {member.links.map((link, i) => (
                  <li key={i}>
                    <a
                      href={link.href}
                      className="text-brand-700 underline dark:text-brand-200"
                      aria-label={`${link.label} ${member.name}`}
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
