import {
  type Package,
  PackageResponseSchema,
  type MarkPackageRequest,
} from '@almquest/contracts/packages';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { packageListQueryRoot } from './get-packages';
import { profileQueryRoot } from './get-profile';
import { packageQueryKey } from './get-package';

/** POST /api/distributor/togglePackage: the distributor marks it Received, then Distributed. */
export async function markPackage(body: MarkPackageRequest): Promise<Package> {
  return (await api.post('/distributor/togglePackage', body, PackageResponseSchema)).package;
}

/** Counters on the profile and the transactions list change with a package's state. */
export function invalidateOwnData(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: profileQueryRoot });
  void queryClient.invalidateQueries({ queryKey: packageListQueryRoot });
}

/** Marks the package, then refetches it (SPEC section 4). */
export function useMarkPackage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPackage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: packageQueryKey(id) });
      invalidateOwnData(queryClient);
    },
  });
}
