import type { PackageState } from '@almquest/contracts/packages';
import type { SessionUser } from '@almquest/contracts/session';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { packageQueryKey } from './api/get-package';
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
    expect(screen.getByRole('link', { name: '+91 91234 56789' })).toHaveAttribute(
      'href',
      'tel:+919123456789',
    );
    expect(screen.getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute(
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

  it('says a package fills their room rather than "room for 0 meals"', async () => {
    shown({ distanceKm: 1.5, roomAfter: 0, byCoordinator: false });
    expect(await screen.findByTestId('why-you', {}, { timeout: 4000 })).toHaveTextContent(
      'the meet point is 1.5 km from you, and this package fills the room you have left.',
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
