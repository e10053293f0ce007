import type { Package } from '@almquest/contracts/packages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { packageQueryKey } from '../../../api/get-package';
import { buildPackage, buildSessionUser, ids } from '../../../test/data';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const standingId = '5a0b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const ofStanding = (standing: Partial<NonNullable<Package['standing']>>): Package =>
  buildPackage('Paired', {
    standing: {
      id: standingId,
      days: ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'],
      readyAt: '21:30',
      isViewersPickup: false,
      mayTakeEveryDay: false,
      pickupBy: null,
      ...standing,
    },
  });

describe('a package that is one day of a standing donation', () => {
  it('lets its distributor take it every time, and says so after', async () => {
    let taken = false;
    const server = fakeApi({
      [`PUT /standing-donations/${standingId}/pickup`]: () => {
        taken = true;
        return { status: 204, data: undefined };
      },
      [`GET /package/${ids.package}`]: () => ({
        status: 200,
        data: {
          package: ofStanding(taken ? { isViewersPickup: true } : { mayTakeEveryDay: true }),
        },
      }),
    });
    const actor = userEvent.setup();
    const app = renderApp(`/transaction/${ids.package}`, {
      user: buildSessionUser({ userType: 'distributor' }),
    });
    app.queryClient.setQueryData(
      packageQueryKey(ids.package),
      ofStanding({ mayTakeEveryDay: true }),
    );
    const note = await screen.findByTestId('standing-note');
    expect(note).toHaveTextContent(/One day of a standing donation: Every day at 9:30\s?pm\./);
    await actor.click(screen.getByRole('button', { name: 'Take it every time' }));
    await waitFor(() =>
      expect(screen.getByTestId('standing-note')).toHaveTextContent(/You take it every time/),
    );
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toContain(
      `PUT /standing-donations/${standingId}/pickup`,
    );
    expect(screen.getByRole('button', { name: 'Stop taking it every time' })).toBeVisible();
  });

  it('tells its donor who takes it every time, with a way to stop it', async () => {
    fakeApi({
      [`GET /package/${ids.package}`]: () => ({
        status: 200,
        data: { package: ofStanding({ pickupBy: 'Asha Foundation' }) },
      }),
    });
    const app = renderApp(`/transaction/${ids.package}`, { user: buildSessionUser() });
    app.queryClient.setQueryData(
      packageQueryKey(ids.package),
      ofStanding({ pickupBy: 'Asha Foundation' }),
    );
    expect(await screen.findByText('Asha Foundation takes it every day.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop giving it to them every time' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Your standing donations' })).toHaveAttribute(
      'href',
      '/standing',
    );
  });
});
