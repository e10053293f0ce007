import { DeliveryListSchema } from '@almquest/contracts/coordinator';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { coordinatorKey } from './waiting';

/**
 * GET /api/coordinator/deliveries?failed=&cursor=: the last seven days' notifications, newest
 * first, with how each channel did; `failedOnly`, those a channel gave up on.
 */
export function useDeliveries(failedOnly: boolean) {
  return useInfiniteQuery({
    queryKey: [...coordinatorKey, 'deliveries', failedOnly] as const,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams(failedOnly ? { failed: '1' } : {});
      if (pageParam) query.set('cursor', pageParam);
      const search = query.toString();
      return api.get(`/coordinator/deliveries${search ? `?${search}` : ''}`, DeliveryListSchema);
    },
    initialPageParam: '',
    getNextPageParam: (last) => (last.nextCursor === null ? undefined : String(last.nextCursor)),
  });
}
