import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '../../../i18n/i18n';
import { loadAppCatalog } from '../../../i18n/catalog-parts';
import { createQueryClient } from '../../../lib/query-client';
import { NotificationSettings } from './notification-settings';

const settings = {
  pushOffers: true,
  pushUpdates: true,
  emailOffers: false,
  emailUpdates: false,
  emailAvailable: true,
};

function settingsApi(overrides: Partial<typeof settings> = {}) {
  let current = { ...settings, ...overrides };
  return fakeApi({
    'GET /notification-settings': () => ({ status: 200, data: current }),
    'PATCH /notification-settings': ({ body }) => {
      current = { ...current, ...(body as object) };
      return { status: 200, data: current };
    },
  });
}

function renderSettings(isDistributor = true) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider>
        <NotificationSettings isDistributor={isDistributor} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('how we reach you', () => {
  beforeAll(() => loadAppCatalog());

  it('saves a choice as it is ticked', async () => {
    const api = settingsApi();
    renderSettings();
    const section = await screen.findByRole('region', { name: 'How we reach you' });
    const offers = await within(section).findByRole('group', { name: 'Offers of food to pick up' });
    const email = within(offers).getByRole('checkbox', { name: 'E-mail' });
    expect(email).not.toBeChecked();
    await userEvent.click(email);
    expect(email).toBeChecked();
    expect(api.calls.find((c) => c.method === 'PATCH')?.data).toEqual({ emailOffers: true });
  });

  it('cannot turn e-mail on where the server has no mail, and says why', async () => {
    settingsApi({ emailAvailable: false });
    renderSettings();
    const section = await screen.findByRole('region', { name: 'How we reach you' });
    await within(section).findByText('E-mail is not set up on this AlmQuest server.');
    for (const box of within(section).getAllByRole('checkbox', { name: 'E-mail' })) {
      expect(box).toBeDisabled();
    }
    // A browser without push (jsdom) is told so, not shown a button that cannot work.
    expect(
      within(section).getByText(/This browser cannot show notifications from AlmQuest/),
    ).toBeInTheDocument();
  });
});

it('shows the offers row to distributors only', async () => {
  await loadAppCatalog();
  settingsApi();
  renderSettings(false);
  const section = await screen.findByRole('region', { name: 'How we reach you' });
  await within(section).findByRole('group', { name: 'Updates about your packages' });
  expect(within(section).queryByRole('group', { name: 'Offers of food to pick up' })).toBeNull();
});
