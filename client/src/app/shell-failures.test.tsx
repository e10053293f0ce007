import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildSessionUser as person } from '../test/data';
import { renderApp } from '../test/render';

// Offline with no service worker: the account menu's and the sign-in return's code cannot load.
vi.mock('./signed-in-area', () => {
  throw new Error('Failed to fetch dynamically imported module');
});
vi.mock('./sign-in-effects', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a part of the shell whose code cannot load', () => {
  it('leaves the page, and the person’s picture where their menu would be', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/?signedIn=1', { user: person({ name: 'Asha Rao' }) });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    // Her initials, drawn where the menu's button would be.
    expect(screen.getByRole('banner')).toHaveTextContent('AR');
  });
});
