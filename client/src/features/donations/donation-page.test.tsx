import type { DonationGroup } from '@almquest/contracts/packages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '../../test/data';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { donationQueryKey } from './api/donation';

const groupId = '7d1f6c1e-2f4b-4a7e-9c55-0c3b1f0a9e01';
const part = (
  n: number,
  quantity: number,
  state: DonationGroup['parts'][number]['current_state'],
) => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  quantity,
  current_state: state,
  distributor_name: state === 'Paired' || state === 'Received' ? `Distributor ${n}` : null,
  meet_location:
    state === 'Paired' || state === 'Received'
      ? { address: 'Lava, Nagpur', coordinates: [21.1, 79.0] as [number, number] }
      : null,
  handoverCode: state === 'Paired' ? `482${n}` : null,
  offerExpiresAt: state === 'Offered' ? '2026-11-25T10:40:00.000Z' : null,
});
const donation: DonationGroup = {
  groupId,
  quantity: 200,
  timestamp: '2026-11-25T10:00:00.000Z',
  readyUntil: '2026-11-25T12:00:00.000Z',
  location: { address: 'Sitabuldi, Nagpur', coordinates: [21.14, 79.08] },
  parts: [
    part(1, 60, 'Received'),
    part(2, 60, 'Paired'),
    part(3, 60, 'Offered'),
    part(4, 20, 'Not Paired'),
  ],
};

describe('a split donation’s page', () => {
  it('shows the whole, each part with its state and who takes it, and what has a distributor', async () => {
    const app = renderApp(`/donations/${groupId}`, { user: buildSessionUser() });
    app.queryClient.setQueryData(donationQueryKey(groupId), donation);
    expect(await screen.findByRole('heading', { name: 'Your donation' })).toBeInTheDocument();
    expect(screen.getByText(/200 meals donated .*, in 4 parts\./)).toBeInTheDocument();
    const parts = screen.getAllByTestId('donation-part');
    // Each part is a heading of its own, to jump between with a screen reader.
    expect(parts.map((p) => within(p).getByRole('heading').textContent)).toEqual([
      'Part 1: 60 meals',
      'Part 2: 60 meals',
      'Part 3: 60 meals',
      'Part 4: 20 meals',
    ]);
    expect(within(parts[0]!).getByText('Taken by Distributor 1')).toBeInTheDocument();
    expect(within(parts[2]!).queryByText(/Taken by/)).toBeNull();
    // What each part waits for, and the code to show at a paired part's handover.
    expect(within(parts[1]!).getByTestId('part-code')).toHaveTextContent(
      'Code to show its distributor: 4822',
    );
    expect(within(parts[0]!).queryByTestId('part-code')).toBeNull();
    expect(within(parts[2]!).getByText(/^Offered to a distributor, who has until/)).toBeVisible();
    expect(within(parts[3]!).getByText('Waiting for a distributor with room.')).toBeVisible();
    // An offer is not a distributor yet: only the accepted parts count.
    expect(screen.getByText('120 of 200 meals have a distributor.')).toBeInTheDocument();
    expect(within(parts[3]!).getByRole('link', { name: 'Open part 4' })).toHaveAttribute(
      'href',
      `/transaction/${donation.parts[3]!._id}`,
    );
  });

  it('cancels every part not yet received after asking once', async () => {
    let now = donation;
    const server = fakeApi({
      [`GET /donations/${groupId}`]: () => ({ status: 200, data: now }),
      [`POST /donations/${groupId}/cancel`]: () => {
        now = {
          ...donation,
          parts: donation.parts.map((p) =>
            p.current_state === 'Received' ? p : { ...p, current_state: 'Cancelled' as const },
          ),
        };
        return { status: 200, data: now };
      },
    });
    const actor = userEvent.setup();
    const app = renderApp(`/donations/${groupId}`, { user: buildSessionUser() });
    app.queryClient.setQueryData(donationQueryKey(groupId), donation);
    // Escape keeps the donation and gives the focus back to the button that asked.
    await actor.click(await screen.findByRole('button', { name: 'Cancel the donation…' }));
    expect(document.activeElement).toHaveTextContent(
      '3 parts not yet received (140 meals) will be cancelled; every distributor taking one of them is told not to come. 1 part already received goes on.',
    );
    await actor.keyboard('{Escape}');
    await waitFor(() =>
      expect(document.activeElement).toHaveAccessibleName('Cancel the donation…'),
    );
    await actor.click(screen.getByRole('button', { name: 'Cancel the donation…' }));
    expect(screen.getByRole('button', { name: 'Keep the donation' })).toBeInTheDocument();
    expect(screen.getByText(/1 part already received goes on/)).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Cancel every part not yet received' }));
    expect(server.calls).toContainEqual({
      method: 'POST',
      url: `/donations/${groupId}/cancel`,
      data: {},
    });
    expect(await screen.findAllByText('Cancelled')).toHaveLength(3);
    expect(screen.getByText(/have a distributor\./)).toHaveTextContent('140 meals were cancelled.');
    // A cancelled part is no one's to pick up: no taker or meet point shown for it.
    const parts = screen.getAllByTestId('donation-part');
    expect(within(parts[1]!).getByText('Cancelled')).toBeInTheDocument();
    expect(within(parts[1]!).queryByText(/Taken by/)).toBeNull();
    expect(within(parts[1]!).queryByText(/Meet point/)).toBeNull();
    expect(within(parts[0]!).getByText('Taken by Distributor 1')).toBeInTheDocument();
    // The button is gone with the parts it could cancel: focus lands on the status line.
    await waitFor(() => expect(document.activeElement).toHaveAttribute('role', 'status'));
    expect(screen.queryByRole('button', { name: 'Cancel the donation…' })).toBeNull();
  });

  it('says a mistyped link leads to no donation, not to check fields', async () => {
    fakeApi({
      ['GET /donations/not-a-donation']: () => ({
        status: 400,
        data: {
          error: {
            code: 'validation_failed',
            message: 'Please check groupId: Not a valid donation id',
            fields: { groupId: 'Not a valid donation id' },
          },
        },
      }),
    });
    renderApp('/donations/not-a-donation', { user: buildSessionUser() });
    expect(
      await screen.findByRole('heading', { name: 'No such donation' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/This link does not lead to a donation/)).toBeInTheDocument();
    expect(screen.queryByText(/highlighted fields|Please check/)).toBeNull();
  });

  it('says the same of a donation that is not the viewer’s (404)', async () => {
    fakeApi({
      [`GET /donations/${groupId}`]: () => ({
        status: 404,
        data: { error: { code: 'not_found', message: 'No such donation.' } },
      }),
    });
    renderApp(`/donations/${groupId}`, { user: buildSessionUser() });
    expect(
      await screen.findByRole('heading', { name: 'No such donation' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/This link does not lead to a donation/)).toBeInTheDocument();
    // The tab says so too, not "Your donation".
    expect(document.title).toMatch(/^No such donation/);
  });

  it('says a donation that could not be loaded was not found only when it was not, and tries again', async () => {
    let isDown = true;
    fakeApi({
      [`GET /donations/${groupId}`]: () =>
        isDown
          ? { status: 500, data: { error: { code: 'internal', message: 'Something went wrong.' } } }
          : { status: 200, data: donation },
    });
    renderApp(`/donations/${groupId}`, { user: buildSessionUser() });
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Could not load this donation' },
        { timeout: 12_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No such donation' })).toBeNull();
    isDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Your donation' }, { timeout: 4000 }),
    ).toBeInTheDocument();
  }, 20_000);
});
