import type { Package, PackageState } from '@almquest/contracts/packages';
import type { SessionUser } from '@almquest/contracts/session';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { packageQueryKey } from './api/package';
import { renderApp } from '../../test/render';

const donorId = '11111111-1111-4111-8111-111111111111';
const distributorId = '22222222-2222-4222-8222-222222222222';
const packageId = '33333333-3333-4333-8333-333333333333';

const person = (id: string, userType: 'donor' | 'distributor'): SessionUser => ({
  id,
  name: userType === 'donor' ? 'Meera' : 'Ravi',
  email: `${userType}@example.org`,
  picture: null,
  isRegistered: true,
  userType,
});

function pkg(state: PackageState): Package {
  return {
    _id: packageId,
    donor_id: donorId,
    donor_name: 'Meera Donor',
    donor_phone: '9876543210',
    current_state: state,
    timestamp: '2026-11-21T10:00:00.000Z',
    location: {
      address: 'Connaught Place, Central Delhi, Delhi 110001',
      coordinates: [28.64, 77.22],
    },
    quantity: 12,
    travelCapacity: 8,
    pair:
      state === 'Not Paired'
        ? null
        : {
            distributor_id: distributorId,
            distributor_name: 'Ravi Distributor',
            distributor_phone: '9123456789',
            distributor_location: { address: 'Karol Bagh', coordinates: [28.65, 77.19] },
            meet_location: { address: 'Near Rashtrapati Bhawan', coordinates: [28.645, 77.2] },
            donor_path: 'https://www.google.com/maps/dir/?api=1&origin=donor',
            distributor_path: 'https://www.google.com/maps/dir/?api=1&origin=distributor',
          },
  };
}

function renderPackage(state: PackageState, viewer: SessionUser) {
  const app = renderApp(`/transaction/${packageId}`, { user: viewer });
  app.queryClient.setQueryData(packageQueryKey(packageId), pkg(state));
  return app;
}

describe('package page', () => {
  it('shows a Paired package to its donor: quantity, their own directions, both phones, no actions', async () => {
    renderPackage('Paired', person(donorId, 'donor'));
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
    renderPackage('Paired', person(distributorId, 'distributor'));
    expect(await screen.findByRole('button', { name: 'Mark as Received' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Meet Directions/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&origin=distributor',
    );
  });

  it('offers Mark as Distributed once Received, and nothing once Distributed', async () => {
    const received = renderPackage('Received', person(distributorId, 'distributor'));
    expect(await screen.findByRole('button', { name: 'Mark as Distributed' })).toBeInTheDocument();
    expect(screen.getByText('Received').className).toContain('bg-green-100');
    received.unmount();
    renderPackage('Distributed', person(distributorId, 'distributor'));
    expect(await screen.findByText('Distributed')).toHaveAttribute('data-state', 'Distributed');
    expect(screen.getByText('Distributed').className).toContain('bg-amber-100');
    expect(screen.queryByRole('button', { name: /Mark as/ })).not.toBeInTheDocument();
  });

  it('shows a Not Paired package with where, how much, how far, and Delete', async () => {
    renderPackage('Not Paired', person(donorId, 'donor'));
    expect(await screen.findByText('Not Paired')).toHaveAttribute('data-state', 'Not Paired');
    expect(screen.getByText('Not Paired').className).toContain('bg-gray-200');
    expect(screen.getByText('Connaught Place, Central Delhi, Delhi 110001')).toBeInTheDocument();
    expect(screen.getByText('8 km')).toBeInTheDocument();
    expect(screen.getByText('12 meals')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Package' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Meet Directions/ })).not.toBeInTheDocument();
  });
});
