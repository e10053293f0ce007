import type { StandingDonation } from '@almquest/contracts/standing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildDonorProfile, buildSessionUser, ids } from '../../test/data';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';

const standingId = '5a0b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const standing = (overrides: Partial<StandingDonation> = {}): StandingDonation => ({
  id: standingId,
  state: 'active',
  days: ['mo', 'we', 'fr'],
  readyAt: '20:00',
  windowHours: 2,
  quantity: 30,
  travelCapacity: 10,
  address: 'Connaught Place, Central Delhi, Delhi 110001',
  diet: 'veg',
  foodKind: 'cookedHot',
  allowSplit: false,
  startsOn: '2026-11-30',
  endsOn: null,
  standingPickup: 'Asha Foundation',
  upcoming: [
    {
      date: '2026-11-30',
      readyAt: '2026-11-30T14:30:00.000Z',
      kind: 'listed',
      quantity: 30,
      packageId: ids.package,
      packageState: 'Paired',
    },
    {
      date: '2026-12-02',
      readyAt: '2026-12-02T14:30:00.000Z',
      kind: 'scheduled',
      quantity: 30,
      packageId: null,
      packageState: null,
    },
  ],
  ...overrides,
});
const profileRoute = {
  [`GET /donor/${ids.donor}`]: () => ({ status: 200, data: { data: buildDonorProfile() } }),
};

describe('standing donations', () => {
  it('sets one up with its days, time and food, and lists it', async () => {
    const server = fakeApi({
      ...profileRoute,
      'GET /standing-donations': () => ({ status: 200, data: { standingDonations: [] } }),
      'POST /standing-donations': () => ({ status: 201, data: standing({ upcoming: [] }) }),
    });
    const actor = userEvent.setup();
    renderApp('/standing', { user: buildSessionUser() });
    expect(await screen.findByRole('heading', { name: 'Standing donations' })).toBeInTheDocument();
    expect(await screen.findByText('You have no standing donations yet.')).toBeInTheDocument();
    await actor.click(await screen.findByRole('button', { name: 'Set up a standing donation' }));
    const form = screen.getByRole('form', { name: 'Set up a standing donation' });
    const f = within(form);
    // Every day by default: the donor unticks the days without surplus.
    for (const day of ['Tuesday', 'Thursday', 'Saturday', 'Sunday'])
      await actor.click(f.getByRole('checkbox', { name: day }));
    await actor.type(f.getByLabelText('Quantity'), '30');
    await actor.selectOptions(f.getByLabelText('Food'), 'Vegetarian');
    await actor.selectOptions(f.getByLabelText('Kind of food'), 'Cooked, kept hot');
    // Cooked food may wait at most its 4 hours: the form says so before sending.
    await actor.selectOptions(f.getByLabelText('Can be picked up for'), '6 hours');
    await actor.click(f.getByRole('button', { name: 'Set it up' }));
    expect(f.getByLabelText('Can be picked up for')).toHaveAccessibleDescription(
      /within 4 hours of cooking/,
    );
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await actor.selectOptions(f.getByLabelText('Can be picked up for'), '2 hours');
    await actor.click(f.getByRole('button', { name: 'Set it up' }));
    expect(await screen.findByText('Standing donation set up')).toBeInTheDocument();
    const sent = server.calls.find((c) => c.method === 'POST')!.data;
    expect(sent).toMatchObject({
      days: ['mo', 'we', 'fr'],
      readyAt: '20:00',
      windowHours: 2,
      quantity: 30,
      foodKind: 'cookedHot',
      diet: 'veg',
      travelCapacity: 10,
    });
    const card = await screen.findByRole('listitem', { name: /30 meals · Cooked, kept hot/ });
    expect(within(card).getByText(/Mon, Wed, Fri at 8:00\s?pm, for 2 hours/)).toBeInTheDocument();
  });

  it('lists the days to come, skips one, and ends it after asking', async () => {
    const server = fakeApi({
      ...profileRoute,
      'GET /standing-donations': () => ({ status: 200, data: { standingDonations: [standing()] } }),
      [`PUT /standing-donations/${standingId}/days/2026-12-02`]: () => ({
        status: 200,
        data: standing({
          upcoming: [standing().upcoming[0]!, { ...standing().upcoming[1]!, kind: 'skipped' }],
        }),
      }),
      [`POST /standing-donations/${standingId}/end`]: () => ({
        status: 200,
        data: standing({ state: 'ended', upcoming: [] }),
      }),
    });
    const actor = userEvent.setup();
    renderApp('/standing', { user: buildSessionUser() });
    const card = await screen.findByRole('listitem', { name: /30 meals/ });
    const c = within(card);
    expect(c.getByText('Asha Foundation takes it every day.')).toBeInTheDocument();
    await actor.click(c.getByText('Next 2 days'));
    const days = c.getAllByTestId('standing-day');
    expect(within(days[0]!).getByRole('link', { name: /Open .* package/ })).toHaveAttribute(
      'href',
      `/transaction/${ids.package}`,
    );
    // A listed day's skip calls its package off: asked first, and kept when the donor says so.
    await actor.click(within(days[0]!).getByRole('button', { name: /^Skip / }));
    expect(within(days[0]!).getByText(/skipping calls it off/)).toBeVisible();
    await actor.click(within(days[0]!).getByRole('button', { name: 'Keep it' }));
    expect(server.calls.some((c) => c.url.includes('/days/2026-11-30'))).toBe(false);
    await actor.click(within(days[1]!).getByRole('button', { name: /^Skip / }));
    expect(server.calls.find((c) => c.url.includes('/days/'))?.data).toEqual({ skip: true });
    expect(await within(days[1]!).findByText('Skipped')).toBeInTheDocument();
    expect(within(days[1]!).getByRole('button', { name: /^Undo the change on/ })).toBeVisible();
    await actor.click(c.getByRole('button', { name: 'End it' }));
    expect(server.calls.some((call) => call.url.endsWith('/end'))).toBe(false);
    await actor.click(c.getByRole('button', { name: 'Yes, end it' }));
    expect(await c.findByText('Ended')).toBeInTheDocument();
    expect(c.queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('tells a distributor it is for donors', async () => {
    fakeApi({});
    renderApp('/standing', { user: buildSessionUser({ userType: 'distributor' }) });
    expect(await screen.findByText(/Standing donations are for donors/)).toBeInTheDocument();
  });
});
