import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { noteAnswer } from '../lib/pwa';
import { StatusBanners } from './status-banners';

// Offline with no service worker: the banner's code cannot be fetched.
vi.mock('./status-banner-view', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('status banners', () => {
  it('leave the page in place when their code cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <StatusBanners />
        <main>The page read earlier</main>
      </>,
    );
    act(() => noteAnswer(true));
    // Let the failed load settle: the page is still there, with no banner and no crash.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByText('The page read earlier')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
