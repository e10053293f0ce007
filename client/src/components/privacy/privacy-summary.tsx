import type { PrivacySettings } from '@almquest/contracts/privacy';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';

/**
 * The short notice shown where someone agrees (registration, a changed notice): what is kept,
 * why, who sees it, how long, how to withdraw and whom to write to; the whole one is at /privacy.
 */
export function PrivacySummary({ settings }: { settings: PrivacySettings }) {
  const { t } = useI18n();
  const { grievance, retention } = settings;
  const contact = grievance.email ? (
    <a href={`mailto:${grievance.email}`} className="underline">
      {grievance.email}
    </a>
  ) : (
    <Link to="/contact" className="underline">
      {t('privacy.summary.contactForm')}
    </Link>
  );
  // The contact is a link inside the sentence: the sentence is split around its place.
  const [before, after = ''] = t('privacy.summary.contact', {
    contact: '\u0000',
    days: grievance.days,
  }).split('\u0000');
  return (
    <section
      aria-labelledby="privacy-summary-title"
      className="rounded-lg border border-gray-300 bg-gray-50 p-4 text-sm dark:border-gray-700 dark:bg-gray-900"
    >
      <h2 id="privacy-summary-title" className="text-base font-bold">
        {t('privacy.summary.title')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>{t('privacy.summary.collect')}</li>
        <li>{t('privacy.summary.why')}</li>
        <li>{t('privacy.summary.who')}</li>
        <li>{t('privacy.summary.keep', { days: retention.contactAfterFinished })}</li>
        <li>{t('privacy.summary.withdraw')}</li>
        <li>
          {before}
          {contact}
          {after}
        </li>
      </ul>
      <p className="mt-2">
        <Link to="/privacy" target="_blank" className="font-semibold underline">
          {t('privacy.readAll')}
        </Link>
      </p>
    </section>
  );
}
