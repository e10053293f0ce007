import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../i18n/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { fakeApi } from '../../../test/fake-api';
import { ImpactTotals } from './impact-totals';

function totals(mealsDonated: number, packagesDistributed: number, activeDistributors: number) {
  fakeApi({
    'GET /impact': () => ({
      status: 200,
      data: { mealsDonated, packagesDistributed, activeDistributors, countedAt: '2026-11-27' },
    }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider>
        <MemoryRouter>
          <ImpactTotals />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the landing page totals', () => {
  it('name one of a thing in the singular', async () => {
    totals(1, 1, 1);
    expect(await screen.findByText('distributor ready to collect')).toBeTruthy();
    expect(screen.getByText('meal donated')).toBeTruthy();
    expect(screen.getByText('package distributed')).toBeTruthy();
  });

  it('and more, or none, in the plural', async () => {
    totals(0, 2, 300);
    expect(await screen.findByText('distributors ready to collect')).toBeTruthy();
    expect(screen.getByText('meals donated')).toBeTruthy();
    expect(screen.getByText('packages distributed')).toBeTruthy();
  });
});
