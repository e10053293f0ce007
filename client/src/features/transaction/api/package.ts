import {
  type MeetRoute,
  MeetRouteSchema,
  type Package,
  PackageResponseSchema,
  type TogglePackageRequest,
} from '@almquest/contracts/packages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The key of one package's query; the live events refresh it when the package changes. */
export const packageQueryKey = (id: string) => ['package', id] as const;

export async function fetchPackage(id: string): Promise<Package> {
  const res = await api.get(`/package/${id}`);
  return PackageResponseSchema.parse(res.data).package;
}

export function usePackage(id: string, isEnabled: boolean) {
  return useQuery({
    queryKey: packageQueryKey(id),
    queryFn: () => fetchPackage(id),
    enabled: isEnabled,
  });
}

export async function fetchMeetRoute(id: string): Promise<MeetRoute> {
  const res = await api.get(`/package/${id}/route`);
  return MeetRouteSchema.parse(res.data);
}

export function useMeetRoute(id: string, isEnabled: boolean) {
  return useQuery({
    queryKey: [...packageQueryKey(id), 'route'],
    queryFn: () => fetchMeetRoute(id),
    enabled: isEnabled,
    staleTime: Infinity,
  });
}

/** POST /api/distributor/togglePackage, then refetch the package (SPEC section 4). */
export function useMarkPackage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TogglePackageRequest) => {
      const res = await api.post('/distributor/togglePackage', body);
      return PackageResponseSchema.parse(res.data).package;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: packageQueryKey(id) });
      invalidateOwnData(queryClient);
    },
  });
}

/** Counters on the profile and the transactions list change with a package's state. */
function invalidateOwnData(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: ['profile'] });
  void queryClient.invalidateQueries({ queryKey: ['packages'] });
}

export function useDeletePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ donorId, packageId }: { donorId: string; packageId: string }) =>
      api.delete(`/donor/${donorId}/package/${packageId}`),
    onSuccess: (_result, { packageId }) => {
      queryClient.removeQueries({ queryKey: packageQueryKey(packageId) });
      invalidateOwnData(queryClient);
    },
  });
}
