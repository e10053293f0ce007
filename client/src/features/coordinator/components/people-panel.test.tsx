import type { PersonDetail, PersonSummary } from '@almquest/contracts/coordinator';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../i18n/i18n';
import { AlertsProvider } from '../../../lib/alerts';
import { createQueryClient } from '../../../lib/query-client';
import { fakeApi } from '../../../test/fake-api';
import { PeoplePanel } from './people-panel';

const ravi: PersonSummary = {
  id: 'd1',
  name: 'Ravi',
  email: 'ravi@example.org',
  phone: '9123456789',
  userType: 'distributor',
  suspendedAt: null,
  suspendedReason: null,
};

const detail = (dispatchRecord: PersonDetail['dispatchRecord']): PersonDetail => ({
  ...ravi,
  createdAt: '2026-11-01T06:00:00.000Z',
  isCoordinator: false,
  registration: null,
  reliability: {
    offers: 4,
    offersAccepted: 1,
    offersLapsed: 3,
    offersDeclined: 0,
    released: 0,
    completed: 1,
    expired: 2,
    cancelled: 0,
  },
  dispatchRecord,
  packages: [],
});

async function openRavi(record: PersonDetail['dispatchRecord']) {
  fakeApi({
    'GET /coordinator/people': () => ({ status: 200, data: { people: [ravi] } }),
    'GET /coordinator/people/d1': () => ({ status: 200, data: detail(record) }),
  });
  const actor = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider>
        <AlertsProvider>
          <PeoplePanel />
        </AlertsProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  await actor.type(screen.getByLabelText('Search by name, e-mail or phone'), 'Ravi');
  await actor.click(screen.getByRole('button', { name: 'Search' }));
  await actor.click(await screen.findByRole('button', { name: /Ravi/ }));
}

describe("a distributor's page in the console", () => {
  it('shows the record matching counts, and says when they are asked before each package', async () => {
    await openRavi({ collected: 1, missed: 2, lapsed: 3, isAskedFirst: true });
    const record = await screen.findByTestId('dispatch-record');
    expect(record).toHaveTextContent('Record: 1 collected · 2 missed · 3 offers let lapse');
    expect(record).toHaveTextContent('Gets each package as an offer for now');
  });

  it('says nothing of offers first while they are not', async () => {
    await openRavi({ collected: 4, missed: 1, lapsed: 0, isAskedFirst: false });
    const record = await screen.findByTestId('dispatch-record');
    expect(record).toHaveTextContent('Record: 4 collected · 1 missed · 0 offers let lapse');
    expect(record).not.toHaveTextContent('as an offer for now');
  });
});
