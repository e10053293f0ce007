import { PersonNameSchema } from '@almquest/contracts/users';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TextField } from '../components/ui/field';
import { I18nProvider } from '../i18n/i18n';
import { LOCALE_STORAGE_KEY } from '../i18n/locales';
import { hiApp } from '../i18n/messages/hi-app';
import { AlertsProvider } from './alerts';
import { ApiError } from './api-client';
import { useForm } from './use-form';

afterEach(() => localStorage.clear());

let form: ReturnType<typeof useForm<{ name: string }>> | null = null;
function NameForm() {
  form = useForm({ name: '' });
  return <TextField label="Name" {...form.textField('name')} />;
}

function renderInHindi() {
  localStorage.setItem(LOCALE_STORAGE_KEY, 'hi');
  render(
    <I18nProvider>
      <AlertsProvider>
        <NameForm />
      </AlertsProvider>
    </I18nProvider>,
  );
}

describe('a form’s field messages, in the reader’s language', () => {
  it('says an API field message from its words, whatever its English', async () => {
    renderInHindi();
    await screen.findByText('Name');
    await act(async () => {
      form!.failed('title')(
        new ApiError(
          400,
          'validation_failed',
          'Please check name',
          { name: 'English this client has never seen' },
          undefined,
          { name: { key: 'field.nameRequired' } },
        ),
      );
    });
    expect(await screen.findByText(hiApp['field.nameRequired'])).toBeInTheDocument();
  });

  it('says a message its own check found in the reader’s language too', async () => {
    renderInHindi();
    await screen.findByText('Name');
    act(() => {
      form!.check(z.object({ name: PersonNameSchema }), { name: '' });
    });
    expect(await screen.findByText(hiApp['field.nameRequired'])).toBeInTheDocument();
  });
});
