import { FORMER_DONOR } from '@almquest/contracts/users';
import type { Candidate, WaitingList, WaitingPackage } from '@almquest/contracts/coordinator';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../i18n/i18n';
import { AlertsProvider } from '../../../lib/alerts';
import { createQueryClient } from '../../../lib/query-client';
import { fakeApi } from '../../../test/fake-api';
import { WaitingPanel } from './waiting-panel';

const waiting = (id: string, city: string): WaitingPackage => ({
  id,
  state: 'Not Paired',
  quantity: 12,
  diet: 'veg',
  address: `Market road, ${city}`,
  lat: 18.5,
  lng: 73.8,
  city,
  createdAt: '2026-11-25T06:00:00.000Z',
  readyUntil: '2026-11-25T12:00:00.000Z',
  offerExpiresAt: null,
  donor: { id: null, name: 'Asha', phone: '9876543210' },
  distributor: null,
  openReports: 0,
  atRiskSince: null,
});

const candidate = (id: string, name: string, beyondReachKm: number): Candidate => ({
  id,
  name,
  phone: '',
  distanceKm: 40,
  distanceRangeKm: 5,
  openLoad: 0,
  maxCapacity: 100,
  isActive: true,
  autoAccept: false,
  record: { collected: beyondReachKm > 0 ? 12 : 0, missed: beyondReachKm > 0 ? 1 : 3, lapsed: 2 },
  refusal: null,
  beyondReachKm,
});

function renderPanel() {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <AlertsProvider>
          <WaitingPanel />
        </AlertsProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('the waiting list', () => {
  it('says how many are at risk and marks each, in the reader’s words', async () => {
    fakeApi({
      'GET /coordinator/packages': (): { status: number; data: WaitingList } => ({
        status: 200,
        data: {
          packages: [
            {
              ...waiting('r1', 'Pune'),
              atRiskSince: '2026-11-25T10:00:00.000Z',
              // Someone who deleted their account: the server's words for them, no phone.
              donor: { id: null, name: FORMER_DONOR, phone: '' },
            },
            waiting('p1', 'Pune'),
          ],
          cities: ['Pune'],
          isTruncated: false,
        },
      }),
    });
    renderPanel();
    expect(
      await screen.findByText(
        '2 packages wait. 1 is at risk: nobody has accepted it with a third of its pick-up time left. It is listed first.',
      ),
    ).toBeInTheDocument();
    const [risky, calm] = screen.getAllByTestId('waiting-package');
    expect(within(risky!).getByText(/^At risk since 25 Nov 2026/)).toBeInTheDocument();
    expect(within(calm!).queryByText(/At risk/)).toBeNull();
    expect(within(risky!).getByText('Donor: A former donor, Not available')).toBeInTheDocument();
    // The donor's phone as people write it, on one line.
    expect(
      within(calm!).getByText('Donor: Asha, +91\u00a098765\u00a043210', { normalizer: (t) => t }),
    ).toBeInTheDocument();
  });

  it('keeps showing the chosen area after nothing waits there any more', async () => {
    let pune: WaitingPackage[] = [waiting('p1', 'Pune')];
    fakeApi({
      'GET /coordinator/packages': ({ query }): { status: number; data: WaitingList } => {
        const all = [...pune, waiting('n1', 'Nagpur')];
        const city = query.get('city');
        return {
          status: 200,
          data: {
            packages: all.filter((p) => !city || p.city === city),
            cities: [...new Set(all.map((p) => p.city!))],
            isTruncated: false,
          },
        };
      },
    });
    const actor = userEvent.setup();
    const queryClient = renderPanel();
    const area = await screen.findByRole('combobox', { name: 'Area' });
    await screen.findByRole('option', { name: 'Pune' });
    await actor.selectOptions(area, 'Pune');
    expect(await screen.findByText('1 package waits.')).toBeInTheDocument();
    // Pune's last package is taken; the list refreshes with the filter still on.
    pune = [];
    await queryClient.invalidateQueries();
    expect(await screen.findByText('No package waits.')).toBeInTheDocument();
    expect(area).toHaveValue('Pune');
    expect(within(area).getByRole('option', { name: 'Pune' })).toBeInTheDocument();
  });

  it('warns when the distributor chosen is out of the donor’s and their reach', async () => {
    fakeApi({
      'GET /coordinator/packages': () => ({
        status: 200,
        data: { packages: [waiting('p1', 'Pune')], cities: ['Pune'], isTruncated: false },
      }),
      'POST /coordinator/packages/p1/offer': () => ({ status: 200, data: { state: 'Offered' } }),
      'GET /coordinator/packages/p1/candidates': () => ({
        status: 200,
        data: { candidates: [candidate('d1', 'Near NGO', 0), candidate('d2', 'Far NGO', 31.5)] },
      }),
    });
    const actor = userEvent.setup();
    renderPanel();
    await actor.click(await screen.findByRole('button', { name: 'Offer to a distributor…' }));
    const dialog = await screen.findByRole('dialog');
    const far = (await within(dialog).findByText('Far NGO')).closest('label')!;
    expect(far).toHaveTextContent('Out of reach by 31.5 km');
    const near = within(dialog).getByText('Near NGO').closest('label')!;
    expect(near).not.toHaveTextContent('Out of reach');
    // Each one's record, for the coordinator to weigh.
    expect(near).toHaveTextContent('Record: 0 collected · 3 missed · 2 offers let lapse');
    expect(far).toHaveTextContent('Record: 12 collected · 1 missed · 2 offers let lapse');
    // Offered: the dialog closes and focus lands on the list, not on the page's top.
    await actor.click(within(near).getByRole('radio'));
    await actor.click(within(dialog).getByRole('button', { name: 'Offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toHaveTextContent('1 package waits.'));
  });

  it('says in the dialog why an offer did not go through, and forgets it once closed', async () => {
    fakeApi({
      'GET /coordinator/packages': () => ({
        status: 200,
        data: { packages: [waiting('p1', 'Pune')], cities: ['Pune'], isTruncated: false },
      }),
      'POST /coordinator/packages/p1/offer': () => ({
        status: 409,
        data: { error: { code: 'conflict', message: 'This package is no longer waiting.' } },
      }),
      'GET /coordinator/packages/p1/candidates': () => ({
        status: 200,
        data: { candidates: [candidate('d1', 'Near NGO', 0)] },
      }),
    });
    const actor = userEvent.setup();
    renderPanel();
    const offer = await screen.findByRole('button', { name: 'Offer to a distributor…' });
    await actor.click(offer);
    const dialog = await screen.findByRole('dialog');
    await actor.click(await within(dialog).findByRole('radio'));
    await actor.click(within(dialog).getByRole('button', { name: 'Offer' }));
    // Inside the dialog, by its buttons: toasts step aside while a dialog is open.
    const said = await within(dialog).findByRole('alert');
    expect(said).toHaveTextContent('Could not offer the package');
    expect(said).toHaveTextContent('This package is no longer waiting.');
    await actor.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await actor.click(offer);
    const again = await screen.findByRole('dialog');
    await within(again).findByRole('radio');
    expect(within(again).queryByRole('alert')).toBeNull();
  });
});
