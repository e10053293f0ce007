import type { PackageState } from '@almquest/contracts/packages';
import type { SessionUser } from '@almquest/contracts/session';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { packageQueryKey } from '../../api/get-package';
import { buildPackage, buildSessionUser, ids } from '../../test/data';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';

const packageId = ids.package;
const pkg = (state: PackageState) => buildPackage(state);

function renderPackage(state: PackageState, viewer: SessionUser) {
  const app = renderApp(`/transaction/${packageId}`, { user: viewer });
  app.queryClient.setQueryData(packageQueryKey(packageId), pkg(state));
  return app;
}

describe('package page', () => {
  it('shows a Paired package to its donor: quantity, their own directions, both phones, no actions', async () => {
    renderPackage('Paired', buildSessionUser());
    expect(await screen.findByRole('heading', { name: 'Package Details' })).toBeInTheDocument();
    expect(screen.getByText('Paired')).toHaveAttribute('data-state', 'Paired');
    expect(screen.getByText('Paired').className).toContain('bg-blue-100');
    expect(screen.getByText(packageId)).toBeInTheDocument();
    expect(screen.getByText('12 meals')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Meet Directions/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&origin=donor',
    );
    expect(screen.getByRole('link', { name: '+91\u00a091234\u00a056789' })).toHaveAttribute(
      'href',
      'tel:+919123456789',
    );
    expect(screen.getByRole('link', { name: '+91\u00a098765\u00a043210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    expect(screen.queryByRole('button', { name: /Mark as/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Package' })).not.toBeInTheDocument();
  });

  it('gives the distributor their own directions and the next step', async () => {
    renderPackage('Paired', buildSessionUser({ userType: 'distributor' }));
    expect(await screen.findByRole('button', { name: 'Mark as Received' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Meet Directions/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&origin=distributor',
    );
  });

  it('offers Mark as Distributed once Received, and nothing once Distributed', async () => {
    const received = renderPackage('Received', buildSessionUser({ userType: 'distributor' }));
    expect(await screen.findByRole('button', { name: 'Mark as Distributed' })).toBeInTheDocument();
    expect(screen.getByText('Received').className).toContain('bg-green-100');
    received.unmount();
    renderPackage('Distributed', buildSessionUser({ userType: 'distributor' }));
    expect(await screen.findByText('Distributed')).toHaveAttribute('data-state', 'Distributed');
    expect(screen.getByText('Distributed').className).toContain('bg-amber-100');
    expect(screen.queryByRole('button', { name: /Mark as/ })).not.toBeInTheDocument();
  });

  it('shows a Not Paired package with where, how much, how far, and Delete', async () => {
    renderPackage('Not Paired', buildSessionUser());
    expect(await screen.findByText('Not Paired')).toHaveAttribute('data-state', 'Not Paired');
    expect(screen.getByText('Not Paired').className).toContain('bg-gray-200');
    expect(screen.getByText('Connaught Place, Central Delhi, Delhi 110001')).toBeInTheDocument();
    expect(screen.getByText('8 km')).toBeInTheDocument();
    expect(screen.getByText('12 meals')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Package' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Meet Directions/ })).not.toBeInTheDocument();
  });
});

describe('allowing a waiting package to be split', () => {
  it('goes to the donation’s page, where every part and what still waits are shown', async () => {
    const groupId = '7d1f6c1e-2f4b-4a7e-9c55-0c3b1f0a9e01';
    const waiting = buildPackage('Not Paired', {
      quantity: 100,
      explanation: {
        withinReach: 3,
        active: 3,
        turnedDown: 0,
        withRoom: 0,
        largestNow: 54,
        nearestOutOfReach: null,
        partsAtLimit: null,
        suggestions: [{ kind: 'split' }],
      },
    });
    let now = waiting;
    const server = fakeApi({
      [`GET /package/${packageId}`]: () => ({ status: 200, data: { package: now } }),
      [`PATCH /package/${packageId}`]: () => ({
        status: 200,
        data: {
          package: (now = buildPackage('Paired', { quantity: 54, groupId, allowSplit: true })),
        },
      }),
    });
    const actor = userEvent.setup();
    const app = renderApp(`/transaction/${packageId}`, { user: buildSessionUser() });
    app.queryClient.setQueryData(packageQueryKey(packageId), waiting);
    // The page's own chunk loads first (a busy machine takes its time).
    const split = await screen.findByRole('button', { name: 'Allow splitting' }, { timeout: 4000 });
    await actor.click(split);
    expect(server.calls).toContainEqual({
      method: 'PATCH',
      url: `/package/${packageId}`,
      data: { allowSplit: true },
    });
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/donations/${groupId}`));
  });
});

describe('why a distributor was given a package', () => {
  const asDistributor = buildSessionUser({ userType: 'distributor' });
  const shown = (whyYou: { distanceKm: number; roomAfter: number; byCoordinator: boolean }) => {
    const paired = buildPackage('Paired', { whyYou });
    fakeApi({ [`GET /package/${packageId}`]: () => ({ status: 200, data: { package: paired } }) });
    const app = renderApp(`/transaction/${packageId}`, { user: asDistributor });
    app.queryClient.setQueryData(packageQueryKey(packageId), paired);
    return app;
  };

  it('shows the next step after marking, at an address with the id in capitals too', async () => {
    // The server takes an id in any case and answers in lower case; the page's cache has the
    // address's id, and marking must refresh that one.
    const lower = 'abcdef12-3456-4789-8abc-def012345678';
    const upper = lower.toUpperCase();
    let state: PackageState = 'Paired';
    const at = (s: PackageState) => buildPackage(s, { _id: lower });
    fakeApi({
      [`GET /package/${upper}`]: () => ({ status: 200, data: { package: at(state) } }),
      ['POST /distributor/togglePackage']: () => {
        state = 'Received';
        return { status: 200, data: { package: at(state) } };
      },
    });
    const actor = userEvent.setup();
    const app = renderApp(`/transaction/${upper}`, {
      user: buildSessionUser({ userType: 'distributor' }),
    });
    app.queryClient.setQueryData(packageQueryKey(upper), at('Paired'));
    await actor.type(await screen.findByLabelText('Handover code from the donor'), '1234');
    // The checklist first: nothing is sent until the food passes all three.
    await actor.click(screen.getByRole('button', { name: 'Mark as Received' }));
    expect(await screen.findByText(/Tick all three before taking the food/)).toBeInTheDocument();
    await tickChecklist(actor);
    await actor.click(screen.getByRole('button', { name: 'Mark as Received' }));
    expect(await screen.findByRole('button', { name: 'Mark as Distributed' })).toBeInTheDocument();
  });

  it('takes a copied code with its spaces, and gives the button back by itself when a lock ends', async () => {
    const lockedFor = 1500;
    const locked = buildPackage('Paired', {
      handoverLockedUntil: new Date(Date.now() + lockedFor).toISOString(),
    });
    const { calls } = fakeApi({
      [`GET /package/${packageId}`]: () => ({ status: 200, data: { package: locked } }),
      ['POST /distributor/togglePackage']: () => ({
        status: 200,
        data: { package: buildPackage('Received') },
      }),
    });
    const actor = userEvent.setup();
    const app = renderApp(`/transaction/${packageId}`, {
      user: buildSessionUser({ userType: 'distributor' }),
    });
    app.queryClient.setQueryData(packageQueryKey(packageId), locked);
    const field = await screen.findByLabelText('Handover code from the donor');
    await actor.type(field, '1 0 9 2');
    expect(field).toHaveValue('1 0 9 2');
    const button = screen.getByRole('button', { name: 'Mark as Received' });
    expect(button).toBeDisabled();
    await waitFor(() => expect(button).toBeEnabled(), { timeout: lockedFor + 2000 });
    await tickChecklist(actor);
    await actor.click(button);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/distributor/togglePackage')?.data).toMatchObject({
        code: '1092',
        checklist: { packed: true, temperature: true, inTime: true },
      }),
    );
  });

  it('says a lock once, with the time it ends, when the fifth wrong code locks the handover', async () => {
    const paired = buildPackage('Paired');
    const locked = buildPackage('Paired', {
      handoverLockedUntil: new Date(Date.now() + 15 * 60_000).toISOString(),
    });
    let current = paired;
    fakeApi({
      [`GET /package/${packageId}`]: () => ({ status: 200, data: { package: current } }),
      ['POST /distributor/togglePackage']: () => {
        current = locked;
        return {
          status: 429,
          data: {
            error: {
              code: 'handover_locked',
              message: 'Too many wrong codes. Try again later.',
              key: 'server.codeLocked',
              fields: { code: 'Too many wrong codes; try again later' },
              fieldWords: { code: { key: 'server.codeLocked' } },
            },
          },
        };
      },
    });
    const actor = userEvent.setup();
    const app = renderApp(`/transaction/${packageId}`, {
      user: buildSessionUser({ userType: 'distributor' }),
    });
    app.queryClient.setQueryData(packageQueryKey(packageId), paired);
    await actor.type(await screen.findByLabelText('Handover code from the donor'), '0000');
    await tickChecklist(actor);
    await actor.click(screen.getByRole('button', { name: 'Mark as Received' }));
    expect(await screen.findByText(/You can try again after/)).toBeInTheDocument();
    expect(screen.queryAllByText(/too many wrong codes/i)).toHaveLength(1);
  });

  it('says a package fills their room rather than "room for 0 meals"', async () => {
    shown({ distanceKm: 1.5, roomAfter: 0, byCoordinator: false });
    expect(await screen.findByTestId('why-you', {}, { timeout: 4000 })).toHaveTextContent(
      'the meet point is about 1.5 km from you, and this package fills the room you have left.',
    );
  });

  it('says so when a coordinator chose them, not matching', async () => {
    shown({ distanceKm: 60.8, roomAfter: 40, byCoordinator: true });
    expect(await screen.findByTestId('why-you', {}, { timeout: 4000 })).toHaveTextContent(
      'A coordinator chose you for this package.',
    );
  });
});

describe('a part of a split donation', () => {
  it('says so near the top, with the whole donation’s meals and a link to it', async () => {
    const groupId = '7d1f6c1e-2f4b-4a7e-9c55-0c3b1f0a9e01';
    fakeApi({
      [`GET /package/${packageId}`]: () => ({
        status: 200,
        data: { package: buildPackage('Paired', { quantity: 55, groupId, groupQuantity: 120 }) },
      }),
    });
    const app = renderApp(`/transaction/${packageId}`, { user: buildSessionUser() });
    app.queryClient.setQueryData(
      packageQueryKey(packageId),
      buildPackage('Paired', { quantity: 55, groupId, groupQuantity: 120 }),
    );
    const note = await screen.findByTestId('part-of-donation');
    expect(note).toHaveTextContent(
      'These 55 meals are one part of your 120-meal donation, split across distributors.',
    );
    expect(within(note).getByRole('link', { name: 'See the whole donation' })).toHaveAttribute(
      'href',
      `/donations/${groupId}`,
    );
    // Above the package's details, where a page that shrank after a split is first read.
    const details = screen.getByText('55 meals');
    expect(note.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('travelling farther by hand', () => {
  it('asks once more before a long way farther, and at once for a little', async () => {
    let patches = 0;
    const server = fakeApi({
      [`GET /package/${packageId}`]: () => ({ status: 200, data: { package: pkg('Not Paired') } }),
      [`PATCH /package/${packageId}`]: () => {
        patches += 1;
        return { status: 200, data: { package: pkg('Not Paired') } };
      },
    });
    const actor = userEvent.setup();
    renderPackage('Not Paired', buildSessionUser());
    const field = await screen.findByLabelText('New travel capacity');
    // 8 km now: 40 is a long way farther.
    await actor.type(field, '40');
    await actor.click(screen.getByRole('button', { name: 'Look again' }));
    expect(patches).toBe(0);
    expect(
      screen.getByText('You would travel up to 40 km to the meet point (now 8 km).'),
    ).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Yes, widen to 40 km' }));
    await waitFor(() => expect(patches).toBe(1));
    expect(server.calls).toContainEqual({
      method: 'PATCH',
      url: `/package/${packageId}`,
      data: { travelCapacity: 40 },
    });
    // 12 km is a little farther: no second question.
    await actor.clear(screen.getByLabelText('New travel capacity'));
    await actor.type(screen.getByLabelText('New travel capacity'), '12');
    await actor.click(screen.getByRole('button', { name: 'Look again' }));
    await waitFor(() => expect(patches).toBe(2));
  });
});

describe('deleting a waiting part of a donation', () => {
  it('says only its meals are withdrawn, and goes back to the donation', async () => {
    const groupId = '7d1f6c1e-2f4b-4a7e-9c55-0c3b1f0a9e01';
    const part = buildPackage('Not Paired', { quantity: 40, groupId, groupQuantity: 160 });
    fakeApi({
      [`GET /package/${packageId}`]: () => ({ status: 200, data: { package: part } }),
      [`DELETE /donor/${ids.donor}/package/${packageId}`]: () => ({ status: 204, data: null }),
      [`GET /donations/${groupId}`]: () => ({
        status: 200,
        data: {
          groupId,
          quantity: 120,
          timestamp: '2026-11-25T10:00:00.000Z',
          readyUntil: '2026-11-25T12:00:00.000Z',
          location: { address: 'Sitabuldi, Nagpur', coordinates: [21.14, 79.08] },
          parts: [],
        },
      }),
    });
    const actor = userEvent.setup();
    const app = renderApp(`/transaction/${packageId}`, { user: buildSessionUser() });
    app.queryClient.setQueryData(packageQueryKey(packageId), part);
    await actor.click(await screen.findByRole('button', { name: 'Delete Package' }));
    expect(
      screen.getByText(
        'Deleting withdraws these 40 meals only; the other parts of your donation go on.',
      ),
    ).toBeInTheDocument();
    await actor.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete Package' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Your donation' }, { timeout: 4000 }),
    ).toBeInTheDocument();
  });
});

describe('a meet point given as a point', () => {
  it('names the nearest locality of a meet point given only as a point', async () => {
    const base = buildPackage('Paired');
    const paired = buildPackage('Paired', {
      pair: {
        ...base.pair!,
        meet_location: { address: '26.911, 75.597', coordinates: [26.911, 75.597] },
      },
    });
    const server = fakeApi({
      [`GET /package/${packageId}`]: () => ({ status: 200, data: { package: paired } }),
      'GET /places/reverse': ({ query }) => ({
        status: 200,
        data: {
          place: {
            id: 1,
            name: 'Sanganer',
            kind: 'locality',
            district: 'Jaipur',
            state: 'Rajasthan',
            pin: '302029',
            address: 'Sanganer, Jaipur, Rajasthan 302029',
            coordinates: [Number(query.get('lat')), Number(query.get('lng'))],
          },
        },
      }),
    });
    const app = renderApp(`/transaction/${packageId}`, { user: buildSessionUser() });
    app.queryClient.setQueryData(packageQueryKey(packageId), paired);
    expect(
      await screen.findByText(
        'Near Sanganer, Jaipur, Rajasthan 302029 (26.911, 75.597)',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    expect(server.calls.find((c) => c.url === '/places/reverse')).toBeDefined();
  });
});

// Last: its fake answers stay in place for the tests after it in this file.
describe('a package that is not found', () => {
  it('names a package that is not found as such, in the tab too', async () => {
    fakeApi({
      [`GET /package/${packageId}`]: () => ({
        status: 404,
        data: { error: { code: 'not_found', message: 'No such package.' } },
      }),
    });
    renderApp(`/transaction/${packageId}`, { user: buildSessionUser() });
    await waitFor(() => expect(document.title).toBe('Package not found · AlmQuest'), {
      timeout: 4000,
    });
  });
});

/** The handover checklist, all three ticked (decision 042). */
async function tickChecklist(actor: ReturnType<typeof userEvent.setup>) {
  for (const check of ['Packed and covered', 'At the right temperature', 'Within its time'])
    await actor.click(screen.getByRole('checkbox', { name: check }));
}

describe('on my way (decision 044)', () => {
  it('asks nothing of a donor', async () => {
    fakeApi({
      [`GET /package/${packageId}`]: () => ({ status: 200, data: { package: pkg('Paired') } }),
    });
    renderPackage('Paired', buildSessionUser());
    expect(await screen.findByRole('heading', { name: 'Package Details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I'm on my way" })).not.toBeInTheDocument();
  });

  it('asks nothing of the distributor once it is Received', async () => {
    fakeApi({
      [`GET /package/${packageId}`]: () => ({ status: 200, data: { package: pkg('Received') } }),
    });
    renderPackage('Received', buildSessionUser({ userType: 'distributor' }));
    expect(await screen.findByRole('button', { name: 'Mark as Distributed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I'm on my way" })).not.toBeInTheDocument();
  });

  it('lets the distributor say they set out, by when, and then tells them so; the donor sees it', async () => {
    let onWayAt: string | null = null;
    const checkInBy = '2026-11-21T10:30:00.000Z';
    const at = () => buildPackage('Paired', { onWayAt, checkInBy: onWayAt ? null : checkInBy });
    const { calls } = fakeApi({
      [`GET /package/${packageId}`]: () => ({ status: 200, data: { package: at() } }),
      [`POST /package/${packageId}/on-my-way`]: () => {
        onWayAt = '2026-11-21T10:12:00.000Z';
        return { status: 200, data: { package: at() } };
      },
    });
    const actor = userEvent.setup();
    const app = renderApp(`/transaction/${packageId}`, {
      user: buildSessionUser({ userType: 'distributor' }),
    });
    app.queryClient.setQueryData(packageQueryKey(packageId), at());
    const button = await screen.findByRole('button', { name: "I'm on my way" });
    // The deadline is in the button's description: a screen reader hears it with the button.
    expect(button).toHaveAccessibleDescription(/Do it by .*, or the food goes to someone else/);
    await actor.click(button);
    expect(await screen.findByTestId('on-way')).toHaveTextContent(
      /You set out for the meet point at/,
    );
    // The button is gone: the keyboard is left on the line that took its place.
    await waitFor(() => expect(screen.getByTestId('on-way')).toHaveFocus());
    expect(screen.queryByRole('button', { name: "I'm on my way" })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/on-my-way'))).toHaveLength(1);
    app.unmount();

    renderApp(`/transaction/${packageId}`, { user: buildSessionUser() }).queryClient.setQueryData(
      packageQueryKey(packageId),
      at(),
    );
    expect(await screen.findByTestId('on-way')).toHaveTextContent(/set out for the meet point at/);
    expect(screen.queryByRole('button', { name: "I'm on my way" })).not.toBeInTheDocument();
  });
});
