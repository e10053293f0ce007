import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSessionUser as person } from '../../test/data';
import { renderApp } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

describe('the console’s export', () => {
  it('says the days chosen as the rest of the app says days (30 Nov 2026, not Nov 30, 2026)', async () => {
    // The audit panel beside it asks the API; here it answers with nothing.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ items: [] }), { status: 200 }))),
    );
    renderApp('/coordinator?tab=audit', { user: person({ isCoordinator: true }) });
    const from = await screen.findByLabelText('Donated from', {}, { timeout: 5000 });
    const hint = document.getElementById(from.getAttribute('aria-describedby')!.split(' ')[0]!);
    // The day first; Indian English writes September "Sept".
    expect(hint?.textContent).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
  });
});
