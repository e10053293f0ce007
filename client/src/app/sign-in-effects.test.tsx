import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
