import type { Impact } from '@almquest/contracts/impact';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ResponseParser } from '../../../lib/api-client';

/**
 * ImpactSchema's check written out by hand: the landing page shows these totals, and zod stays
 * out of its code (get-impact.test.ts holds the two equal).
 */
export const impactAnswer: ResponseParser<Impact> = {
  parse(data) {
    const v = data as Partial<Impact> | null;
    const isCount = (n: unknown) => typeof n === 'number' && Number.isFinite(n);
    if (
      isCount(v?.mealsDonated) &&
      isCount(v?.packagesDistributed) &&
      isCount(v?.activeDistributors) &&
      typeof v?.countedAt === 'string'
    ) {
      return v as Impact;
    }
    throw new Error('Not an impact answer');
  },
};

/** GET /api/impact: public totals (the server counts them at most once a minute). */
export function getImpact(): Promise<Impact> {
  return api.get('/impact', impactAnswer);
}

export const impactQueryOptions = queryOptions({
  queryKey: ['impact'] as const,
  queryFn: getImpact,
  staleTime: 60_000,
});

export function useImpact() {
  return useQuery(impactQueryOptions);
}
