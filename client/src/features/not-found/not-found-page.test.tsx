import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';

describe('an address that is no page', () => {
  it('says so on the page and in the tab, and the tab is the site again after leaving', async () => {
    const app = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · AlmQuest');
    app.unmount();
    expect(document.title).not.toContain('Page not found');
  });
});
