import type { PrivacySettings } from '@almquest/contracts/privacy';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePrivacySettings } from '../../components/privacy/privacy-settings';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { site } from '../../content/site';
import { useI18n } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/locales';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * The whole privacy notice (DPDP Act s.5, Rule 3; decision 043), in the reader's language: who
 * runs the service, what is collected and why, who sees it, how long it is kept, the person's
 * rights and how to use them, whom to contact. The operator's parts come from its settings.
 */
export default function PrivacyPage() {
  const { t } = useI18n();
  usePageTitle(t('privacy.title'), site.brand);
  const settings = usePrivacySettings();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-brand-800 dark:text-brand-200">
        {t('privacy.title')}
      </h1>
      {settings.isPending && (
        <div className="flex justify-center py-16" role="status" aria-label={t('privacy.loading')}>
          <Spinner />
        </div>
      )}
      {settings.isError && (
        <div role="alert" className="mt-6">
          <p>{t('privacy.loading')}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void settings.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </div>
      )}
      {settings.data && <Notice settings={settings.data} />}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`privacy-${id}`} className="mt-8">
      <h2 id={`privacy-${id}`} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-2 space-y-2">{children}</div>
    </section>
  );
}

const List = ({ children }: { children: ReactNode }) => (
  <ul className="list-disc space-y-1 pl-5">{children}</ul>
);

function Notice({ settings }: { settings: PrivacySettings }) {
  const { t, locale } = useI18n();
  const { operator, grievance, retention, processors } = settings;
  const version = new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${settings.notice}T00:00:00Z`));
  return (
    <>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        {t('privacy.version', { date: version })}
      </p>
      <Section id="who" title={t('privacy.who.title')}>
        <p>{t('privacy.who.body', { operator: operator.name })}</p>
        {operator.address && <p>{t('privacy.who.address', { address: operator.address })}</p>}
      </Section>
      <Section id="collect" title={t('privacy.collect.title')}>
        <List>
          <li>{t('privacy.collect.account')}</li>
          <li>{t('privacy.collect.profile')}</li>
          <li>{t('privacy.collect.packages')}</li>
          <li>{t('privacy.collect.devices')}</li>
          <li>{t('privacy.collect.use')}</li>
        </List>
      </Section>
      <Section id="why" title={t('privacy.why.title')}>
        <List>
          <li>{t('privacy.why.match')}</li>
          <li>{t('privacy.why.reach')}</li>
          <li>{t('privacy.why.tell')}</li>
          <li>{t('privacy.why.safety')}</li>
          <li>{t('privacy.why.impact')}</li>
        </List>
      </Section>
      <Section id="sees" title={t('privacy.sees.title')}>
        <List>
          <li>{t('privacy.sees.other', { days: retention.contactAfterFinished })}</li>
          <li>{t('privacy.sees.coordinators', { operator: operator.name })}</li>
          <li>
            {t('privacy.sees.processors')}
            <ul className="mt-1 list-[circle] pl-5">
              {processors.map((name) => (
                <li key={name}>{t(`privacy.processor.${name}`)}</li>
              ))}
            </ul>
          </li>
        </List>
        <p>{t('privacy.sees.none')}</p>
      </Section>
      <Section id="keep" title={t('privacy.keep.title')}>
        <List>
          <li>{t('privacy.keep.contact', { days: retention.contactAfterFinished })}</li>
          {retention.dormantAccount !== null && (
            <li>
              {t('privacy.keep.dormant', {
                days: retention.dormantAccount,
                warning: retention.dormantWarning,
              })}
            </li>
          )}
          <li>{t('privacy.keep.messages', { days: retention.contactMessages })}</li>
          <li>{t('privacy.keep.audit', { days: retention.auditEntries })}</li>
          <li>{t('privacy.keep.backups', { days: retention.backups })}</li>
          <li>{t('privacy.keep.account')}</li>
        </List>
      </Section>
      <Section id="rights" title={t('privacy.rights.title')}>
        <List>
          <li>{t('privacy.rights.access')}</li>
          <li>{t('privacy.rights.correct')}</li>
          <li>{t('privacy.rights.withdraw')}</li>
          <li>{t('privacy.rights.nominate')}</li>
          <li>{t('privacy.rights.complain')}</li>
        </List>
      </Section>
      <Section id="contact" title={t('privacy.contact.title')}>
        <p>{t('privacy.contact.body', { operator: operator.name, days: grievance.days })}</p>
        {grievance.email && (
          <p>
            <a href={`mailto:${grievance.email}`} className="underline">
              {t('privacy.contact.email', { email: grievance.email })}
            </a>
          </p>
        )}
        {grievance.phone && (
          <p>
            <a href={`tel:${grievance.phone.replace(/[^\d+]/g, '')}`} className="underline">
              {t('privacy.contact.phone', { phone: grievance.phone })}
            </a>
          </p>
        )}
        <p>
          <Link to="/contact" className="underline">
            {t('privacy.contact.form')}
          </Link>
        </p>
      </Section>
      <Section id="age" title={t('privacy.age.title')}>
        <p>{t('privacy.age.body')}</p>
      </Section>
      <Section id="breach" title={t('privacy.breach.title')}>
        <p>{t('privacy.breach.body')}</p>
      </Section>
      <Section id="changes" title={t('privacy.changes.title')}>
        <p>{t('privacy.changes.body')}</p>
      </Section>
    </>
  );
}
