import type { Impact } from '@almquest/contracts/impact';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/impact: public totals (the server counts them at most once a minute). */
export async function getImpact(): Promise<Impact> {
  const res = await api.get('/impact');
  return res.data as Impact;
}

export const impactQueryOptions = queryOptions({
  queryKey: ['impact'] as const,
  queryFn: getImpact,
  staleTime: 60_000,
});

export function useImpact() {
  return useQuery(impactQueryOptions);
}
