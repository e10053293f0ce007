import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render';

describe('changing page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts the new page at the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { router } = renderApp('/', { user: null });
    scrollTo.mockClear();
    const links = await screen.findAllByRole('link', { name: /contact us/i });
    await userEvent.click(links[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
    // The page is loaded on demand; it starts at the top once it is shown.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });
});
