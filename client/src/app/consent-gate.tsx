import { type FormEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type ConsentChoice, ConsentFields, consentOf } from '../components/privacy/consent-fields';
import { usePrivacySettings } from '../components/privacy/privacy-settings';
import { PrivacySummary } from '../components/privacy/privacy-summary';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useI18n } from '../i18n/i18n';
import { api, ignoreBody } from '../lib/api-client';
import { sessionQueryKey, useSession } from '../lib/session/session';
import { focusFirstInvalid } from '../lib/use-form';
import { useForm } from '../lib/use-form';
import { ConsentRequestSchema } from '@almquest/contracts/privacy';

/**
 * Someone registered who has not accepted the current privacy notice (an account from before it,
 * or a new version since) reads it and agrees before going on (decision 043). Their profile and
 * the notice stay open to them meanwhile: they may download their data and leave instead.
 */
export default function ConsentGate() {
  const { t } = useI18n();
  const settings = usePrivacySettings();
  const queryClient = useQueryClient();
  const form = useForm<{ consent: ConsentChoice }>({
    consent: { accepts: false, isAdult: false },
  });
  const [isSaving, setIsSaving] = useState(false);
  const { user } = useSession();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.check(ConsentRequestSchema, { consent: consentOf(form.values.consent) });
    if (!body) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    if (isSaving) return;
    setIsSaving(true);
    api
      .post('/me/consent', body, ignoreBody)
      .then(() => queryClient.invalidateQueries({ queryKey: sessionQueryKey }))
      .catch(form.failed(t('privacy.gate.failed')))
      .finally(() => setIsSaving(false));
  };
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-bold text-brand-800 dark:text-brand-200">
        {/* Someone from before notices never saw one: it has not "changed" for them. */}
        {user?.privacyNotice ? t('privacy.gate.title') : t('privacy.gate.titleFirst')}
      </h1>
      <p className="mt-3">{t('privacy.gate.intro')}</p>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
        {settings.data ? (
          <PrivacySummary settings={settings.data} />
        ) : (
          <div className="flex justify-center py-6" role="status" aria-label={t('privacy.loading')}>
            <Spinner size={32} />
          </div>
        )}
        <ConsentFields
          choice={form.values.consent}
          onChange={(consent) => form.set('consent', consent)}
          errorFor={form.errorFor}
        />
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" aria-disabled={isSaving}>
            {isSaving ? t('privacy.gate.saving') : t('privacy.gate.continue')}
          </Button>
          <Link to="/profile" className="underline">
            {t('privacy.gate.profile')}
          </Link>
        </div>
      </form>
    </div>
  );
}

/** On the pages open before agreeing: a line that says so, and shows the gate when asked. */
export function ConsentBanner({ onAsk }: { onAsk: () => void }) {
  const { t } = useI18n();
  return (
    <div
      role="region"
      aria-label={t('privacy.title')}
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
        <p>{t('privacy.banner.text')}</p>
        <Button variant="secondary" onClick={onAsk}>
          {t('privacy.banner.button')}
        </Button>
      </div>
    </div>
  );
}
