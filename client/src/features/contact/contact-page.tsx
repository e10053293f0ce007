import { type ContactMessage, ContactMessageSchema } from '@almquest/contracts/contact';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/field';
import { site } from '../../content/site';
import { useAlerts } from '../../lib/alerts';
import { ApiError, failureAlert } from '../../lib/api-client';
import { toFieldErrors } from '../../lib/form-errors';
import { useSendContactMessage } from './api/send-contact-message';

const empty: ContactMessage = { name: '', email: '', message: '', website: '' };

export default function ContactPage() {
  const [values, setValues] = useState<ContactMessage>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { showAlert } = useAlerts();
  const send = useSendContactMessage();

  const update = (field: keyof ContactMessage) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ContactMessageSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: () => {
        showAlert({
          type: 'success',
          title: 'We love to hear from you',
          msg: 'Thanks for your feedback.',
        });
        setValues(empty);
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        showAlert(failureAlert('Your message was not sent', error));
      },
    });
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-800 dark:text-brand-200">
        {site.contact.title}
      </h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{site.contact.text}</p>
      <form noValidate onSubmit={onSubmit} className="mt-8 space-y-5" aria-label="Contact form">
        <TextField
          label="Full Name"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => update('name')(e.target.value)}
        />
        <TextField
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          error={errors.email}
          onChange={(e) => update('email')(e.target.value)}
        />
        <TextAreaField
          label="Message"
          name="message"
          rows={6}
          required
          value={values.message}
          error={errors.message}
          onChange={(e) => update('message')(e.target.value)}
        />
        {/* Honeypot: hidden from people and screen readers; bots fill it in. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            Website
            <input
              tabIndex={-1}
              autoComplete="off"
              name="website"
              value={values.website ?? ''}
              onChange={(e) => update('website')(e.target.value)}
            />
          </label>
        </div>
        <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto">
          {send.isPending ? 'Sending…' : 'get in touch'}
        </Button>
      </form>
    </div>
  );
}
