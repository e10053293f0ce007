import { type ContactMessage, ContactMessageSchema } from '@almquest/contracts/contact';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/field';
import { site } from '../../content/site';
import { useAlerts } from '../../lib/alerts';
import { useForm } from '../../lib/use-form';
import { useSendContactMessage } from './api/send-contact-message';

const empty: ContactMessage = { name: '', email: '', message: '', website: '' };

export default function ContactPage() {
  const form = useForm<ContactMessage>(empty);
  const { showAlert } = useAlerts();
  const send = useSendContactMessage();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const message = form.check(ContactMessageSchema, form.values);
    if (!message) return;
    send.mutate(message, {
      onSuccess: () => {
        showAlert({
          type: 'success',
          title: 'We love to hear from you',
          msg: 'Thanks for your feedback.',
        });
        form.setValues(empty);
      },
      onError: form.failed('Your message was not sent'),
    });
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-800 dark:text-brand-200">
        {site.contact.title}
      </h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{site.contact.text}</p>
      <form noValidate onSubmit={onSubmit} className="mt-8 space-y-5" aria-label="Contact form">
        <TextField label="Full Name" autoComplete="name" required {...form.textField('name')} />
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          required
          {...form.textField('email')}
        />
        <TextAreaField label="Message" rows={6} required {...form.textField('message')} />
        {/* Honeypot: hidden from people and screen readers; bots fill it in. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            Website
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
          {send.isPending ? 'Sending…' : 'get in touch'}
        </Button>
      </form>
    </div>
  );
}
