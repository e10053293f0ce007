import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser as person } from '../../test/data';
import { renderApp } from '../../test/render';
import { sessionQueryKey } from './session';

async function expectAlert(title: string, text: string) {
  const alert = await screen.findByText(title);
  expect(alert.closest('[data-alert-type]')).toHaveTextContent(text);
}

describe('access guards (SPEC section 2)', () => {
  it('sends a visitor away from the profile page', async () => {
    const { router } = renderApp('/profile', { user: null });
    await expectAlert("Hey! We don't recognize you", 'Please login to join AlmQuest!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends an unregistered user from the profile page to registration', async () => {
    const { router } = renderApp('/profile', {
      user: person({ isRegistered: false, userType: null }),
    });
    await expectAlert(
      'We were unable to find your profile!',
      'Please register with us to create your profile now.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  it.each([
    ['a visitor', null],
    ['an unregistered user', person({ isRegistered: false, userType: null })],
  ])('keeps %s off package pages', async (_who, user) => {
    const { router } = renderApp('/transaction/abc', { user });
    await expectAlert(
      'Hey! You are trespassing!',
      'You are not authorized to view this transaction.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    ['a visitor', null, "Hey! We don't recognize you"],
    ['a donor who is no coordinator', person(), 'Coordinators only'],
  ])('keeps %s out of the coordinator console', async (_who, user, title) => {
    const { router } = renderApp('/coordinator', { user });
    await screen.findByText(title);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('lets a coordinator into the console', async () => {
    const { router } = renderApp('/coordinator', { user: person({ isCoordinator: true }) });
    expect(
      await screen.findByRole('heading', { name: 'Coordinator console' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/coordinator');
  });

  it('sends a visitor away from registration', async () => {
    const { router } = renderApp('/register', { user: null });
    await expectAlert("Hey! We don't recognize you", 'Please login to join AlmQuest!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('tells a registered user they are already a member', async () => {
    const { router } = renderApp('/register', { user: person({ userType: 'distributor' }) });
    await expectAlert(
      'Already a member of the family',
      'You are already registered as a distributor',
    );
    expect(
      screen.getByText('Already a member of the family').closest('[data-alert-type]'),
    ).toHaveAttribute('data-alert-type', 'info');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('lets an unregistered user register', async () => {
    renderApp('/register', { user: person({ isRegistered: false, userType: null }) });
    expect(await screen.findByRole('button', { name: 'Register as Donor' })).toBeInTheDocument();
  });

  it('says nothing when someone let in leaves on purpose (signs out on their profile)', async () => {
    const { router, queryClient } = renderApp('/profile', { user: person() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    act(() => queryClient.setQueryData(sessionQueryKey, null));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText("Hey! We don't recognize you")).not.toBeInTheDocument();
  });

  it('says nothing about membership to someone who has just registered', async () => {
    const { queryClient } = renderApp('/register', {
      user: person({ isRegistered: false, userType: null }),
    });
    expect(await screen.findByRole('button', { name: 'Register as Donor' })).toBeInTheDocument();
    act(() => queryClient.setQueryData(sessionQueryKey, person()));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Already a member of the family')).not.toBeInTheDocument();
  });
});

describe('moving from one guarded area to another', () => {
  it('is an arrival: a donor following a link from their profile to the console is told why not', async () => {
    const { router } = renderApp('/profile', { user: person() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    await act(() => router.navigate('/coordinator'));
    await expectAlert('Coordinators only', 'This page is for AlmQuest coordinators.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
