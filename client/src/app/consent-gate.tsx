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
import { sessionQueryKey } from '../lib/session/session';
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
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check(ConsentRequestSchema, { consent: consentOf(form.values.consent) });
    if (!body || isSaving) return;
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
        {t('privacy.gate.title')}
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
