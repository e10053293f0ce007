import type { DeliveryList } from '@almquest/contracts/coordinator';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAppCatalog } from '../../../i18n/catalog-parts';
import { I18nProvider } from '../../../i18n/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { fakeApi } from '../../../test/fake-api';
import { DeliveriesPanel } from './deliveries-panel';

const offer: DeliveryList['entries'][number] = {
  id: 12,
  at: '2026-11-29T10:00:00.000Z',
  kind: 'offered',
  person: { id: 'u1', name: 'Ravi Kumar', role: 'Distributor' },
  package: { id: 'p1', quantity: 12, address: 'Salt Lake, Kolkata' },
  channels: [
    {
      channel: 'push',
      state: 'sent',
      providerStatus: null,
      attempts: 1,
      at: '2026-11-29T10:00:02.000Z',
      error: null,
      count: 2,
    },
    {
      channel: 'whatsapp',
      state: 'sent',
      providerStatus: 'read',
      attempts: 1,
      at: '2026-11-29T10:00:01.000Z',
      error: null,
      count: 1,
    },
    {
      channel: 'email',
      state: 'failed',
      providerStatus: null,
      attempts: 10,
      at: '2026-11-29T16:00:00.000Z',
      error: '550 mailbox unavailable',
      count: 1,
    },
  ],
  firstReached: 'whatsapp',
};

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider>
        <MemoryRouter>
          <DeliveriesPanel />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the console’s deliveries', () => {
  beforeAll(() => loadAppCatalog());

  it('shows how each channel did, which reached the person first, and only failures on ask', async () => {
    const api = fakeApi({
      'GET /coordinator/deliveries': ({ query }) => ({
        status: 200,
        data: {
          entries:
            query.get('failed') === '1'
              ? []
              : [
                  offer,
                  {
                    ...offer,
                    id: 11,
                    channels: [
                      {
                        channel: 'whatsapp',
                        state: 'dropped',
                        providerStatus: null,
                        attempts: 1,
                        at: offer.at,
                        error: 'the offer ended before it was sent',
                        count: 1,
                      },
                    ],
                    firstReached: null,
                  },
                  { ...offer, id: 10, kind: 'pairedDonor', channels: [], firstReached: null },
                ],
          nextCursor: null,
        },
      }),
    });
    renderPanel();
    const entry = (await screen.findAllByTestId('delivery'))[0]!;
    expect(within(entry).getByText('To Ravi Kumar (distributor)')).toBeInTheDocument();
    // Named, not linked: the package's page is not the coordinator's to open.
    expect(within(entry).getByText('12 meals at Salt Lake, Kolkata')).toBeInTheDocument();
    expect(within(entry).queryByRole('link')).not.toBeInTheDocument();
    const lines = within(entry)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Push (2 devices): sent',
      'WhatsApp: sent, readreached first',
      'E-mail: not delivered, 10 triesWhy: 550 mailbox unavailable',
    ]);

    // The server's own reasons in the reader's words; a notification no channel carried says so.
    expect(
      within(screen.getAllByTestId('delivery')[1]!).getByText(
        'Why: the offer ended before it could be sent',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getAllByTestId('delivery')[2]!).getByText(
        'Reached on no channel: only the bell in the app has it.',
      ),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Only what did not arrive' }));
    await screen.findByText(
      'Everything of the last seven days was delivered or is still being tried.',
    );
    expect(api.calls.at(-1)?.url).toBe('/coordinator/deliveries');
    expect(api.calls.some((c) => c.method === 'GET')).toBe(true);
  });
});
