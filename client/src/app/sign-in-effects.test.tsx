import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildNewcomer, buildSessionUser } from '../test/data';
import { fakeApi } from '../test/fake-api';
import { renderApp } from '../test/render';

describe('coming back from a failed sign-in', () => {
  it('shows the fixed text for a known code', async () => {
    const { router } = renderApp('/?signInError=cancelled', { user: null });
    const alert = await screen.findByText('Sign-in failed');
    expect(alert.closest('[data-alert-type]')).toHaveTextContent('Sign-in was cancelled.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('never shows text taken from the URL', async () => {
    const planted = 'Your account is locked. Call +91 99999 00000 to unlock it';
    renderApp(`/?signInError=${encodeURIComponent(planted)}`, { user: null });
    const alert = await screen.findByText('Sign-in failed');
    const box = alert.closest('[data-alert-type]');
    expect(box).toHaveTextContent('Sign-in failed. Please try again.');
    expect(box).not.toHaveTextContent('99999');
    expect(document.body).not.toHaveTextContent('locked');
  });
});

describe('coming back from a sign-in', () => {
  const registered = buildSessionUser({ name: 'Priya Sharma', email: 'priya@example.org' });

  it('welcomes an organisation by its whole name, as the server says', async () => {
    const bank = buildSessionUser({ name: 'Nagpur Food Bank', email: 'bank@example.org' });
    fakeApi({
      'GET /session': () => ({ status: 200, data: { user: bank } }),
      'POST /checkExist': () => ({
        status: 200,
        data: {
          isRegistered: true,
          id: bank.id,
          userType: 'donor',
          name: bank.name,
          greetingName: 'Nagpur Food Bank',
        },
      }),
    });
    renderApp('/?signedIn=1', { user: bank });
    await screen.findByText('Welcome back, Nagpur Food Bank!');
  });

  it('takes a registered person from the landing page to their profile', async () => {
    fakeApi({
      'GET /session': () => ({ status: 200, data: { user: registered } }),
      'POST /checkExist': () => ({
        status: 200,
        data: {
          isRegistered: true,
          id: registered.id,
          userType: 'donor',
          name: registered.name,
          greetingName: 'Priya',
        },
      }),
    });
    const { router } = renderApp('/?signedIn=1', { user: registered });
    await screen.findByText('Welcome back, Priya!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('keeps a new person on registration with the account type they chose', async () => {
    const newcomer = { ...registered, isRegistered: false, userType: null };
    fakeApi({
      'GET /session': () => ({ status: 200, data: { user: newcomer } }),
      'POST /checkExist': () => ({ status: 200, data: { isRegistered: false } }),
    });
    const { router } = renderApp('/register?type=distributor&signedIn=1', { user: newcomer });
    await screen.findByText('You are not registered yet');
    await waitFor(() => expect(router.state.location.search).toBe('?type=distributor'));
    expect(router.state.location.pathname).toBe('/register');
    expect(
      await screen.findByRole('button', { name: 'Register as Distributor' }),
    ).toBeInTheDocument();
  });
});

describe('a coordinator coming back from a sign-in', () => {
  it('goes to the console without being asked to register (a coordinator may be neither role)', async () => {
    const coordinator = buildNewcomer({ name: 'Meera (demo coordinator)', isCoordinator: true });
    fakeApi({
      'GET /session': () => ({ status: 200, data: { user: coordinator } }),
      'POST /checkExist': () => ({ status: 200, data: { isRegistered: false } }),
    });
    const { router } = renderApp('/?signedIn=1', { user: coordinator });
    await screen.findByText('Welcome back, Meera!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/coordinator'));
    expect(screen.queryByText('You are not registered yet')).toBeNull();
  });
});

describe('one alert for one sign-in, wherever it returns to', () => {
  const registered = buildSessionUser({ name: 'Priya Sharma', email: 'priya@example.org' });
  const newcomer = buildNewcomer({ name: 'Priya Sharma', email: 'priya@example.org' });
  const answers = (user: typeof registered) =>
    fakeApi({
      'GET /session': () => ({ status: 200, data: { user } }),
      'POST /checkExist': () => ({
        status: 200,
        data: user.isRegistered
          ? { isRegistered: true, id: user.id, userType: user.userType, name: user.name }
          : { isRegistered: false },
      }),
    });
  const alertTitles = () =>
    [...document.querySelectorAll('[data-alert-type] p.font-semibold')].map((p) => p.textContent);

  it.each([
    ['a member who pressed Join', registered, '/register', 'Welcome back, Priya!', '/profile'],
    [
      'a newcomer going to their profile',
      newcomer,
      '/profile',
      'You are not registered yet',
      '/register',
    ],
    [
      'a newcomer going to a package',
      newcomer,
      `/transaction/${crypto.randomUUID()}`,
      'You are not registered yet',
      '/register',
    ],
  ])('%s hears only the sign-in alert', async (_who, user, path, alert, landing) => {
    answers(user);
    const { router } = renderApp(`${path}?signedIn=1`, { user });
    await screen.findByText(alert);
    await waitFor(() => expect(router.state.location.pathname).toBe(landing));
    await new Promise((r) => setTimeout(r, 100));
    expect(alertTitles()).toEqual([alert]);
  });
});

describe('Join buttons', () => {
  it('send a visitor to sign in, coming back to registration with the account type', async () => {
    renderApp('/', { user: null });
    const join = await screen.findByRole('link', { name: 'Join us as a Distributor Now!' });
    expect(join).toHaveAttribute(
      'href',
      `/api/auth/login?returnTo=${encodeURIComponent('/register?type=distributor')}&lang=en`,
    );
  });
});
