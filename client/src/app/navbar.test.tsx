import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { buildSessionUser } from '../test/data';
import { renderApp } from '../test/render';

// jsdom does no layout, so it has no scrollIntoView; record which element was asked to scroll.
const scrolled: string[] = [];
beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.id);
  };
});
afterEach(() => vi.useRealTimers());

describe('navbar', () => {
  it('scrolls to a section when on the home page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Features' }));
    expect(scrolled).toEqual(['features']);
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes home first, then scrolls, from another page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/contact');
    expect(await screen.findByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Impact' }));
    expect(router.state.location.pathname).toBe('/');
    expect(
      await screen.findByRole('heading', { name: 'What we have done together' }),
    ).toBeInTheDocument();
    expect(scrolled).toEqual(['impact']);
  });

  it("links the operator's testimonials and team once saved, and shows them with the partners and social links", async () => {
    fakeApi({
      'GET /site': () => ({
        status: 200,
        data: {
          testimonials: [{ quote: 'It works.', author: 'Farida', organisation: 'Roti Ghar' }],
          team: [
            {
              name: 'Kavya Rao',
              role: 'Backend',
              roleTitle: 'Backend engineer',
              links: [{ label: 'E-mail', href: 'mailto:kavya@example.org' }],
            },
          ],
          partners: [{ name: 'City Food Bank' }],
          social: [{ label: 'Instagram', href: 'https://www.instagram.com/' }],
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(await within(nav).findByRole('link', { name: 'Testimonials' }));
    expect(scrolled).toEqual(['testimonials']);
    expect(within(nav).getByRole('link', { name: 'Team' })).toBeInTheDocument();
    expect(screen.getByText('It works.', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Kavya Rao' })).toBeInTheDocument();
    expect(screen.getByText('City Food Bank')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/',
    );
  });

  it('has no testimonials or team links while the operator has saved none', async () => {
    fakeApi({
      'GET /site': () => ({
        status: 200,
        data: { testimonials: [], team: [], partners: [], social: [] },
      }),
    });
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Features' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Testimonials' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Team' })).toBeNull();
  });

  it('scrolls to the hero from the brand link', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'AlmQuest' }));
    expect(scrolled).toEqual(['hero']);
  });

  it('opens and closes the mobile menu with its toggle', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById('primary-navigation');
    expect(menu?.className).toContain('hidden');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(menu?.className).not.toMatch(/(^|\s)hidden(\s|$)/);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(menu?.className).toMatch(/(^|\s)hidden(\s|$)/);
  });

  it('closes the mobile menu on Escape, back on its toggle', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.tab();
    await user.keyboard('{Escape}');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes only the innermost panel on Escape, back on that panel’s button', async () => {
    fakeApi({
      'GET /notifications': () => ({ status: 200, data: { notifs: [], unseen_count: 0 } }),
    });
    const user = userEvent.setup();
    const person = buildSessionUser({ name: 'Priya Sharma' });
    renderApp('/', { user: person });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(
      await screen.findByRole('button', { name: `Account menu for ${person.name}` }),
    );
    expect(screen.getByRole('menu', { name: 'Account' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Account menu for ${person.name}` })).toHaveFocus();
    // The phone menu stays open: a second Escape closes it.
    expect(screen.getByRole('button', { name: 'Close menu' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('puts the focus back on the bell when Escape closes its panel from inside', async () => {
    fakeApi({
      'GET /notifications': () => ({ status: 200, data: { notifs: [], unseen_count: 0 } }),
    });
    const user = userEvent.setup();
    renderApp('/', { user: buildSessionUser() });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell);
    await user.tab();
    expect(bell).not.toHaveFocus();
    await user.keyboard('{Escape}');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();
  });

  it('closes the mobile menu after following a link', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('link', { name: 'Contact us' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('shows Sign In to a visitor', () => {
    renderApp('/');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/api/auth/login?returnTo=%2F&lang=en',
    );
  });
});

describe('language', () => {
  it('switches every text of the page from the picker, keeps the choice and sets <html lang>', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const picker = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'हिन्दी', 'বাংলা']);
    await user.selectOptions(picker, 'bn');
    expect(await screen.findByRole('link', { name: 'আমাদের কথা' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'ভালো খাবারের জায়গা মানুষের পাতে, ডাস্টবিনে নয়।',
    );
    expect(screen.getByRole('link', { name: 'সাইন ইন' })).toHaveAttribute(
      'href',
      '/api/auth/login?returnTo=%2F&lang=bn',
    );
    expect(localStorage.getItem('lang')).toBe('bn');
    expect(document.documentElement.lang).toBe('bn');
    // The footer's year in Bengali digits, not grouped.
    expect(screen.getByText(/©/).textContent).toMatch(/^© [\u09e6-\u09ef]{4} /);

    await user.selectOptions(screen.getByRole('combobox', { name: 'ভাষা' }), 'en');
    expect(await screen.findByRole('link', { name: 'About Us' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it("opens in the language chosen before, else the browser's", async () => {
    localStorage.setItem('lang', 'hi');
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'हमारे बारे में' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'भाषा' })).toHaveValue('hi');
  });
});

describe('theme', () => {
  it('switches to dark, saves it under darkMode, and keeps it after a reload', async () => {
    const user = userEvent.setup();
    const first = renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Dark theme' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('darkMode')).toBe('true');

    first.unmount();
    document.documentElement.classList.remove('dark');
    renderApp('/');
    expect(screen.getByRole('button', { name: 'Dark theme' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(document.documentElement).toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Dark theme' }));
    expect(localStorage.getItem('darkMode')).toBe('false');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it("follows the device's dark setting until the toggle is used, then the choice", async () => {
    let listener: ((event: MediaQueryListEvent) => void) | undefined;
    const query = {
      matches: true,
      addEventListener: (_: string, l: (event: MediaQueryListEvent) => void) => (listener = l),
      removeEventListener: () => undefined,
    };
    vi.stubGlobal('matchMedia', (text: string) =>
      text === '(prefers-color-scheme: dark)' ? query : { ...query, matches: false },
    );
    try {
      const user = userEvent.setup();
      renderApp('/');
      expect(document.documentElement).toHaveClass('dark');
      // Nothing is saved by only looking: the device decides.
      expect(localStorage.getItem('darkMode')).toBeNull();
      act(() => listener?.({ matches: false } as MediaQueryListEvent));
      expect(document.documentElement).not.toHaveClass('dark');
      // Chosen with the toggle: kept, whatever the device does after.
      await user.click(screen.getByRole('button', { name: 'Dark theme' }));
      expect(localStorage.getItem('darkMode')).toBe('true');
      act(() => listener?.({ matches: false } as MediaQueryListEvent));
      expect(document.documentElement).toHaveClass('dark');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('page loader', () => {
  it('covers the page while it changes, then goes away', async () => {
    vi.useFakeTimers();
    renderApp('/');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1300));
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('is not shown on the profile page', () => {
    renderApp('/profile', { user: buildSessionUser() });
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });
});
