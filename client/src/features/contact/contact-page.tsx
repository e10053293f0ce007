import { type ContactMessage, ContactMessageSchema } from '@almquest/contracts/contact';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/field';
import { useI18n } from '../../i18n/i18n';
import { site } from '../../content/site';
import { usePageTitle } from '../../lib/use-page-title';
import { useAlerts } from '../../lib/alerts';
import { useForm } from '../../lib/use-form';
import { useSendContactMessage } from './api/send-contact-message';

const empty: ContactMessage = { name: '', email: '', message: '', website: '' };

export default function ContactPage() {
  const form = useForm<ContactMessage>(empty);
  const { showAlert } = useAlerts();
  const send = useSendContactMessage();
  const { t } = useI18n();
  usePageTitle(t('site.contact.title'), site.brand);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const message = form.check(ContactMessageSchema, form.values);
    if (!message) return;
    send.mutate(message, {
      onSuccess: () => {
        showAlert({
          type: 'success',
          title: t('contact.sent.title'),
          msg: t('contact.sent.msg'),
        });
        form.setValues(empty);
      },
      onError: form.failed(t('contact.notSent')),
    });
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-800 dark:text-brand-200">
        {t('site.contact.title')}
      </h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{t('site.contact.text')}</p>
      <form
        noValidate
        onSubmit={onSubmit}
        className="mt-8 space-y-5"
        aria-label={t('contact.form')}
      >
        <TextField
          label={t('contact.name')}
          autoComplete="name"
          required
          {...form.textField('name')}
        />
        <TextField
          label={t('contact.email')}
          type="email"
          autoComplete="email"
          required
          {...form.textField('email')}
        />
        <TextAreaField
          label={t('contact.message')}
          rows={6}
          required
          {...form.textField('message')}
        />
        {/* Honeypot: hidden from people and screen readers; bots fill it in. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            {t('contact.website')}
            <input
              tabIndex={-1}
              autoComplete="off"
              name="website"
              value={form.values.website ?? ''}
              onChange={(e) => form.set('website', e.target.value)}
            />
          </label>
        </div>
        <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto">
          {send.isPending ? t('contact.sending') : t('contact.send')}
        </Button>
      </form>
    </div>
  );
}
