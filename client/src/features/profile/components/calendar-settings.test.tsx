import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../i18n/i18n';
import { AlertsProvider } from '../../../lib/alerts';
import { createQueryClient } from '../../../lib/query-client';
import { fakeApi } from '../../../test/fake-api';
import { CalendarSettings } from './calendar-settings';

function show() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider>
        <AlertsProvider>
          <CalendarSettings />
        </AlertsProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the calendar feed settings', () => {
  it('makes a private address, shows it once, and turns it off', async () => {
    const url = 'http://localhost:8080/api/calendar/abc.ics';
    const server = fakeApi({
      'GET /me/calendar': () => ({ status: 200, data: { isOn: false } }),
      'POST /me/calendar': () => ({ status: 201, data: { url } }),
      'DELETE /me/calendar': () => ({ status: 204, data: undefined }),
    });
    const actor = userEvent.setup();
    show();
    await actor.click(await screen.findByRole('button', { name: 'Get my calendar address' }));
    expect(await screen.findByLabelText('Your private calendar address')).toHaveValue(url);
    expect(screen.getByText(/It is shown only now/)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Make a new address (the old one stops working)' }),
    ).toBeVisible();
    await actor.click(screen.getByRole('button', { name: 'Turn the calendar off' }));
    expect(await screen.findByRole('button', { name: 'Get my calendar address' })).toBeVisible();
    expect(screen.queryByLabelText('Your private calendar address')).toBeNull();
    expect(server.calls.map((c) => c.method)).toEqual(['GET', 'POST', 'DELETE']);
  });
});
