import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { packageQueryKey } from '../../../api/get-package';
import { buildPackage, buildSessionUser, ids } from '../../../test/data';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const received = buildPackage('Received', {
  foodKind: 'cookedHot',
  preparedAt: '2026-11-21T09:00:00.000Z',
  useBy: '2026-11-21T13:00:00.000Z',
});

describe('unfit food and the label', () => {
  it('lets the distributor record meals disposed of, and then says so', async () => {
    const server = fakeApi({
      [`GET /package/${ids.package}`]: () => ({ status: 200, data: { package: received } }),
      [`POST /package/${ids.package}/dispose`]: () => ({
        status: 200,
        data: {
          package: {
            ...received,
            disposal: { quantity: 3, reason: 'spoiled', at: '2026-11-21T11:00:00.000Z' },
          },
        },
      }),
    });
    const actor = userEvent.setup();
    const app = renderApp(`/transaction/${ids.package}`, {
      user: buildSessionUser({ userType: 'distributor' }),
    });
    app.queryClient.setQueryData(packageQueryKey(ids.package), received);
    await actor.click(await screen.findByRole('button', { name: 'Some or all of it is unfit?' }));
    const form = screen.getByRole('form', { name: 'Record food disposed of' });
    const f = within(form);
    expect(f.getByLabelText('Meals disposed of')).toHaveValue('12');
    // A reason is asked for.
    await actor.click(f.getByRole('button', { name: 'Record it' }));
    expect(f.getByLabelText('Why')).toHaveAttribute('aria-invalid', 'true');
    await actor.clear(f.getByLabelText('Meals disposed of'));
    await actor.type(f.getByLabelText('Meals disposed of'), '3');
    await actor.selectOptions(f.getByLabelText('Why'), 'Spoiled: smell, taste or look');
    await actor.click(f.getByRole('button', { name: 'Record it' }));
    expect(await screen.findByTestId('disposal')).toHaveTextContent(
      /3 meals disposed of as unfit \(Spoiled: smell, taste or look\)/,
    );
    expect(server.calls.find((c) => c.url.endsWith('/dispose'))?.data).toEqual({
      quantity: 3,
      reason: 'spoiled',
    });
  });

  it('prints a label with the food, the donor, the pick-up and the use-by time', async () => {
    fakeApi({
      [`GET /package/${ids.package}`]: () => ({ status: 200, data: { package: received } }),
    });
    const app = renderApp(`/transaction/${ids.package}`, {
      user: buildSessionUser({ userType: 'distributor' }),
    });
    app.queryClient.setQueryData(packageQueryKey(ids.package), received);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const actor = userEvent.setup();
    // No part of the page until it is printed.
    expect(screen.queryByTestId('package-label')).toBeNull();
    await actor.click(
      await screen.findByRole('button', { name: 'Print a label for the container' }),
    );
    expect(print).toHaveBeenCalledTimes(1);
    const label = screen.getByTestId('package-label');
    expect(label).toHaveTextContent('Cooked, kept hot');
    expect(label).toHaveTextContent(`From: ${received.donor_name}`);
    expect(label).toHaveTextContent(/Use by: 21 Nov 2026/);
  });
});
