import type { SessionUser } from '@almquest/contracts/session';
import type { Profile } from '@almquest/contracts/users';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { profileQueryKey } from '../api/get-profile';
import { buildDistributorProfile, buildNewcomer, buildSessionUser } from '../test/data';
import { fakeApi } from '../test/fake-api';
import { renderApp } from '../test/render';

const base = buildSessionUser({ name: 'Priya Sharma', email: 'priya@example.org' });

async function openMenu(user: SessionUser, profile?: Profile) {
  const actor = userEvent.setup();
  const app = renderApp('/', { user });
  if (profile) app.queryClient.setQueryData(profileQueryKey(user), profile);
  await actor.click(await screen.findByRole('button', { name: `Account menu for ${user.name}` }));
  const menu = screen.getByRole('menu', { name: 'Account' });
  return {
    actor,
    menu,
    items: within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent),
    ...app,
  };
}

describe('user menu', () => {
  it('offers a donor profile, theme, Donate Now, transactions and sign-out', async () => {
    const { items } = await openMenu(base);
    expect(items).toEqual([
      'View Profile',
      'Switch to dark theme',
      'Donate Now',
      'View Transactions',
      'Sign Out',
    ]);
  });

  it('offers a distributor the activity toggle instead of Donate Now', async () => {
    const distributor = buildSessionUser({ ...base, userType: 'distributor' });
    const { items } = await openMenu(
      distributor,
      buildDistributorProfile({ id: base.id, name: base.name, email: base.email, isActive: true }),
    );
    expect(items).toEqual([
      'View Profile',
      'Switch to dark theme',
      'Go inactive',
      'View Transactions',
      'Sign Out',
    ]);
  });

  it('offers a coordinator the console, whatever else they are', async () => {
    const { items } = await openMenu(buildNewcomer({ name: base.name, isCoordinator: true }));
    expect(items).toEqual(['Switch to dark theme', 'Coordinator console', 'Register', 'Sign Out']);
  });

  it('offers a coordinator who is also a donor both', async () => {
    const { items } = await openMenu(buildSessionUser({ ...base, isCoordinator: true }));
    expect(items).toContain('Coordinator console');
    expect(items).toContain('Donate Now');
  });

  it('gives an unregistered user only theme, Register and Sign Out', async () => {
    const { items } = await openMenu(buildNewcomer({ name: base.name }));
    expect(items).toEqual(['Switch to dark theme', 'Register', 'Sign Out']);
  });

  it('closes on Escape and returns focus to its button', async () => {
    const { actor } = await openMenu(base);
    await actor.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Account menu for ${base.name}` })).toHaveFocus();
  });

  it('closes when Tab leaves its last item, and stays open while the focus is inside', async () => {
    const { actor } = await openMenu(base);
    // Shift+Tab from the first item reaches the menu's own button, still inside.
    await actor.keyboard('{Shift>}{Tab}{/Shift}');
    expect(screen.getByRole('button', { name: `Account menu for ${base.name}` })).toHaveFocus();
    expect(screen.getByRole('menu')).toBeInTheDocument();
    // Down to the first item, and up from it round to the last.
    await actor.keyboard('{ArrowDown}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toHaveFocus();
    await actor.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(document.activeElement).not.toBe(document.body);
  });

  it('closes when clicking elsewhere', async () => {
    const { actor } = await openMenu(base);
    await actor.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('does not say a sign-out happened that never reached the server: the person stays signed in', async () => {
    const { calls } = fakeApi({});
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      const { actor, menu } = await openMenu(base);
      await actor.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
      expect(await screen.findByText('You are still signed in')).toBeInTheDocument();
      expect(screen.queryByText('Signed out')).not.toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: `Account menu for ${base.name}` }),
      ).toBeInTheDocument();
      expect(calls.filter((c) => c.url === '/auth/logout')).toEqual([]);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      Object.defineProperty(Navigator.prototype, 'onLine', online);
    }
  });

  it('signs out once the server has ended the session', async () => {
    fakeApi({ 'POST /auth/logout': () => ({ status: 204, data: undefined }) });
    const { actor, menu } = await openMenu(base);
    await actor.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Account menu for ${base.name}` })).toBeNull();
  });
});
