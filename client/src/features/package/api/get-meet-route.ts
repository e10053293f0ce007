import { type MeetRoute, MeetRouteSchema } from '@almquest/contracts/packages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { packageQueryKey } from '../../../api/get-package';

/** GET /api/package/:id/route: both sides' road routes to the meet point (straight lines without OSRM). */
export function getMeetRoute(id: string): Promise<MeetRoute> {
  return api.get(`/package/${id}/route`, MeetRouteSchema);
}

export const meetRouteQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...packageQueryKey(id), 'route'] as const,
    queryFn: () => getMeetRoute(id),
    staleTime: Infinity,
  });

export function useMeetRoute(id: string, isEnabled: boolean) {
  return useQuery({ ...meetRouteQueryOptions(id), enabled: isEnabled });
}
