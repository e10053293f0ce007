import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../i18n/i18n';
import { AlertsProvider } from '../../../lib/alerts';
import { createQueryClient } from '../../../lib/query-client';
import { sessionQueryKey } from '../../../lib/session/session';
import { buildDistributorProfile, buildSessionUser } from '../../../test/data';
import { fakeApi } from '../../../test/fake-api';
import { ProfileEditForm } from './profile-edit-form';

const profile = buildDistributorProfile({ name: 'Roti Bank', email: 'roti@example.org' });

function renderForm() {
  const onDone = vi.fn();
  const queryClient = createQueryClient();
  queryClient.setQueryData(
    sessionQueryKey,
    buildSessionUser({ userType: 'distributor', name: profile.name, email: profile.email }),
  );
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <MemoryRouter>
          <AlertsProvider>
            <ProfileEditForm profile={profile} onDone={onDone} />
          </AlertsProvider>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { onDone, queryClient };
}

describe('Edit your Details: the location', () => {
  it('refuses typed text that is not a picked place instead of keeping the old place', async () => {
    const server = fakeApi({ 'GET /places': () => ({ status: 200, data: { places: [] } }) });
    const actor = userEvent.setup();
    const { onDone } = renderForm();
    const place = screen.getByRole('combobox', { name: 'Location' });
    await actor.clear(place);
    await actor.type(place, 'Leh City');
    await actor.click(screen.getByRole('button', { name: /save/i }));
    expect(place).toHaveAccessibleDescription(/Pick a place from the list/);
    expect(server.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('leaves the saved place out of the update when it was not changed', async () => {
    const server = fakeApi({
      'PATCH /distributor/update/22222222-2222-4222-8222-222222222222': () => ({
        status: 200,
        data: { data: { ...profile, name: 'Roti Bank Delhi' } },
      }),
    });
    const actor = userEvent.setup();
    const { queryClient } = renderForm();
    await actor.type(screen.getByLabelText(/^Name/), ' Delhi');
    await actor.click(screen.getByRole('button', { name: /save/i }));
    const patch = server.calls.find((c) => c.method === 'PATCH');
    expect(patch?.data).not.toHaveProperty('location');
    expect(patch?.data).toMatchObject({ name: 'Roti Bank Delhi' });
    // The account menu reads the session: it has the new name without a reload.
    await waitFor(() =>
      expect(queryClient.getQueryData<{ name: string }>(sessionQueryKey)?.name).toBe(
        'Roti Bank Delhi',
      ),
    );
  });
});

describe('Edit your Details: the phone', () => {
  it('warns that a new number turns the phone channels off until it is proven', async () => {
    const on = { available: true, state: 'on', phone: profile.phone, updates: true };
    const off = { available: true, state: 'off', phone: null, updates: true };
    fakeApi({ 'GET /messaging': () => ({ status: 200, data: { whatsapp: on, sms: off } }) });
    const actor = userEvent.setup();
    renderForm();
    const phone = screen.getByLabelText(/^Phone/);
    // The same number (written another way): nothing to say.
    await actor.clear(phone);
    await actor.type(phone, `+91 ${profile.phone}`);
    expect(phone).not.toHaveAccessibleDescription(/WhatsApp/);
    await actor.clear(phone);
    await actor.type(phone, '9123456780');
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(
        /A new number turns WhatsApp off until you prove the new number/,
      ),
    );
  });
});
