import {
  type DisposeRequest,
  type Package,
  PackageResponseSchema,
} from '@almquest/contracts/packages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { packageQueryKey } from '../../../api/get-package';
import { invalidateOwnData } from '../../../api/mark-package';
import { api } from '../../../lib/api-client';

/** POST /api/package/:id/dispose: meals found unfit and disposed of. */
export function useDispose(packageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DisposeRequest): Promise<Package> =>
      (await api.post(`/package/${packageId}/dispose`, body, PackageResponseSchema)).package,
    onSuccess: (pkg) => {
      queryClient.setQueryData(packageQueryKey(packageId), pkg);
      invalidateOwnData(queryClient);
    },
  });
}
