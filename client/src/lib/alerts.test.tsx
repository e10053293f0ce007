import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastViewport } from '../components/ui/toast-viewport';
import { type AlertInput, AlertsProvider, donatedGroup, useAlerts } from './alerts';
import { I18nProvider, useI18n } from '../i18n/i18n';

function Trigger({ alert }: { alert: AlertInput }) {
  const { showAlert } = useAlerts();
  return (
    <button type="button" onClick={() => showAlert(alert)}>
      show
    </button>
  );
}

function renderWith(alert: AlertInput) {
  return render(
    <I18nProvider>
      <MemoryRouter>
        <AlertsProvider>
          <Trigger alert={alert} />
          <ToastViewport />
        </AlertsProvider>
      </MemoryRouter>
    </I18nProvider>,
  );
}

afterEach(() => vi.useRealTimers());
// The toasts' code loads after the first page (toast-viewport.tsx); here it is ready beforehand,
// so the fake clock below times only the toasts.
beforeAll(() => import('../components/ui/toast-list'));

describe('alerts', () => {
  it('show a toast that slides away after 5 seconds', async () => {
    vi.useFakeTimers();
    renderWith({ type: 'success', title: 'Package Received!', msg: 'Marked as received.' });
    await act(async () => screen.getByRole('button', { name: 'show' }).click());
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Package Received!');
    expect(toast).toHaveAttribute('data-alert-type', 'success');

    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.getByText('Package Received!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    // Sliding out for 500 ms, then gone.
    expect(screen.getByText('Package Received!').closest('[data-alert-type]')?.className).toContain(
      'opacity-0',
    );
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByText('Package Received!')).not.toBeInTheDocument();
  });

  it('lets a greeting go sooner, after 2.5 seconds', async () => {
    vi.useFakeTimers();
    renderWith({ type: 'success', title: 'Welcome back', msg: 'Good to see you', isBrief: true });
    act(() => screen.getByRole('button', { name: 'show' }).click());
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('Welcome back').closest('[data-alert-type]')?.className).not.toContain(
      'opacity-0',
    );
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByText('Welcome back').closest('[data-alert-type]')?.className).toContain(
      'opacity-0',
    );
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByText('Welcome back')).not.toBeInTheDocument();
  });

  it('merges the same alert shown again into one toast, shown for 5 seconds from the last', async () => {
    vi.useFakeTimers();
    renderWith({ type: 'error', title: 'Wrong code', msg: 'Check the four digits.' });
    const show = screen.getByRole('button', { name: 'show' });
    act(() => show.click());
    await act(() => vi.advanceTimersByTimeAsync(3000));
    act(() => show.click());
    act(() => show.click());
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.getByRole('alert').className).not.toContain('opacity-0');
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.queryByText('Wrong code')).not.toBeInTheDocument();
  });

  it('lets an alert replace the ones it answers', async () => {
    function Both() {
      const { showAlert } = useAlerts();
      return (
        <>
          <button
            type="button"
            onClick={() =>
              showAlert({ type: 'warning', title: 'Not registered', msg: 'Register.', group: 'g' })
            }
          >
            first
          </button>
          <button
            type="button"
            onClick={() =>
              showAlert({ type: 'success', title: 'Registered', msg: 'Welcome.', replaces: 'g' })
            }
          >
            second
          </button>
        </>
      );
    }
    vi.useFakeTimers();
    render(
      <I18nProvider>
        <MemoryRouter>
          <AlertsProvider>
            <Both />
            <ToastViewport />
          </AlertsProvider>
        </MemoryRouter>
      </I18nProvider>,
    );
    act(() => screen.getByRole('button', { name: 'first' }).click());
    act(() => screen.getByRole('button', { name: 'second' }).click());
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.queryByText('Not registered')).not.toBeInTheDocument();
    expect(screen.getByText('Registered')).toBeInTheDocument();
  });

  it('says one piece of news once: the second telling gives way, or replaces the first', async () => {
    const own = { type: 'success', title: 'Package donated!', msg: 'Asha will meet you.' } as const;
    const live = { type: 'notif', title: 'Package Paired', msg: 'Hurray!' } as const;
    const key = donatedGroup('p1', 'pairedDonor');
    const news = { group: key, replaces: key };
    const heard = { group: key, unlessShown: key };
    function Tell({ order }: { order: AlertInput[] }) {
      const { showAlert } = useAlerts();
      return (
        <button type="button" onClick={() => order.forEach((a) => showAlert(a))}>
          tell
        </button>
      );
    }
    vi.useFakeTimers();
    for (const order of [
      [
        { ...own, ...news },
        { ...live, ...heard },
      ],
      [
        { ...live, ...heard },
        { ...own, ...news },
      ],
    ]) {
      const { unmount } = render(
        <I18nProvider>
          <MemoryRouter>
            <AlertsProvider>
              <Tell order={order} />
              <ToastViewport />
            </AlertsProvider>
          </MemoryRouter>
        </I18nProvider>,
      );
      act(() => screen.getByRole('button', { name: 'tell' }).click());
      await act(() => vi.advanceTimersByTimeAsync(600));
      expect(screen.getByText('Package donated!')).toBeInTheDocument();
      expect(screen.queryByText('Package Paired')).not.toBeInTheDocument();
      unmount();
    }
    // Another package's news is news.
    const other = donatedGroup('p2', 'pairedDonor');
    renderWith({ ...live, group: other, unlessShown: other });
    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect(screen.getByText('Package Paired')).toBeInTheDocument();
  });

  it('announces errors assertively', () => {
    renderWith({ type: 'error', title: 'Hey! You are trespassing!', msg: 'Not yours.' });
    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect(screen.getByRole('alert')).toHaveTextContent('Hey! You are trespassing!');
  });

  it('links an alert to where it leads', () => {
    renderWith({
      type: 'notif',
      title: 'Paired',
      msg: 'Found a distributor',
      link: '/transaction/pkg-1',
    });
    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect(screen.getByRole('link', { name: /Paired/ })).toHaveAttribute(
      'href',
      '/transaction/pkg-1',
    );
  });

  it('can be dismissed by hand', async () => {
    vi.useFakeTimers();
    renderWith({ type: 'info', title: 'Hello', msg: 'there' });
    act(() => screen.getByRole('button', { name: 'show' }).click());
    act(() => screen.getByRole('button', { name: 'Dismiss alert' }).click());
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  });

  it('counts a toast’s time only while it can be seen: not while a menu covers the stack', async () => {
    vi.useFakeTimers();
    renderWith({ type: 'error', title: 'Could not accept', msg: 'You are offline.' });
    const menu = document.createElement('div');
    menu.setAttribute('role', 'menu');
    document.body.append(menu);
    act(() => screen.getByRole('button', { name: 'show' }).click());
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(screen.getByText('Could not accept')).toBeInTheDocument();
    menu.remove();
    // Seen now: five whole seconds from here.
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(
      screen.getByText('Could not accept').closest('[data-alert-type]')?.className,
    ).not.toContain('opacity-0');
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(screen.queryByText('Could not accept')).not.toBeInTheDocument();
  });

  it('keeps news about two packages in the same words as two toasts, each with its link', async () => {
    function Two() {
      const { showAlert } = useAlerts();
      return (
        <button
          type="button"
          onClick={() => {
            showAlert({
              type: 'notif',
              title: 'Package: Received',
              msg: '14 meals',
              link: '/transaction/a',
            });
            showAlert({
              type: 'notif',
              title: 'Package: Received',
              msg: '14 meals',
              link: '/transaction/b',
            });
          }}
        >
          two
        </button>
      );
    }
    render(
      <I18nProvider>
        <MemoryRouter>
          <AlertsProvider>
            <Two />
            <ToastViewport />
          </AlertsProvider>
        </MemoryRouter>
      </I18nProvider>,
    );
    act(() => screen.getByRole('button', { name: 'two' }).click());
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/transaction/a', '/transaction/b']);
  });

  it('gives a toast its whole time once a menu that covered it closes, however soon', async () => {
    vi.useFakeTimers();
    renderWith({ type: 'success', title: 'You are active', msg: 'Donors can find you.' });
    const menu = document.createElement('div');
    menu.setAttribute('role', 'menu');
    document.body.append(menu);
    act(() => screen.getByRole('button', { name: 'show' }).click());
    await act(() => vi.advanceTimersByTimeAsync(4500));
    menu.remove();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(
      screen.getByText('You are active').closest('[data-alert-type]')?.className,
    ).not.toContain('opacity-0');
  });
});

describe('the toast stack', () => {
  it('is a live region from the start, before any toast or its code', () => {
    renderWith({ type: 'info', title: 'x', msg: 'y' });
    const stack = document.querySelector('[data-toast-viewport]');
    expect(stack).toHaveAttribute('aria-live', 'polite');
    expect(stack).toBeEmptyDOMElement();
  });
});

describe('a toast said in the language on screen', () => {
  function SayAndSwitch() {
    const { showAlert } = useAlerts();
    const { t, setLocale } = useI18n();
    const say = (said: typeof t) => ({
      title: said('signIn.notRegistered'),
      msg: said('signIn.goodToSeeYou'),
    });
    return (
      <>
        <button type="button" onClick={() => showAlert({ type: 'info', ...say(t), say })}>
          show
        </button>
        <button type="button" onClick={() => setLocale('hi')}>
          Hindi
        </button>
      </>
    );
  }

  it('follows a change of language while it shows (the account’s language, taken at sign-in)', async () => {
    render(
      <I18nProvider>
        <MemoryRouter>
          <AlertsProvider>
            <SayAndSwitch />
            <ToastViewport />
          </AlertsProvider>
        </MemoryRouter>
      </I18nProvider>,
    );
    await act(async () => screen.getByRole('button', { name: 'show' }).click());
    expect(await screen.findByText('Good to see you again.')).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Hindi' }).click());
    expect(await screen.findByText('आपको दोबारा देखकर अच्छा लगा।')).toBeInTheDocument();
  });
});
