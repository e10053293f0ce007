import { ImpactSchema } from '@almquest/contracts/impact';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/impact, every figure read through its schema (the landing page reads only totals). */
export function useImpactDetails() {
  return useQuery({
    queryKey: ['impact', 'details'] as const,
    queryFn: () => api.get('/impact', ImpactSchema),
    staleTime: 60_000,
  });
}
