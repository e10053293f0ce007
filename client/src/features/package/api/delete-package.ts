import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ignoreBody } from '../../../lib/api-client';
import { packageQueryKey } from '../../../api/get-package';
import { invalidateOwnData } from '../../../api/mark-package';

/** DELETE /api/donor/:donorId/package/:packageId: a donor withdraws a Not Paired package. */
export function deletePackage({ donorId, packageId }: { donorId: string; packageId: string }) {
  return api.delete(`/donor/${donorId}/package/${packageId}`, ignoreBody);
}

export function useDeletePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePackage,
    onSuccess: (_result, { packageId }) => {
      queryClient.removeQueries({ queryKey: packageQueryKey(packageId) });
      invalidateOwnData(queryClient);
    },
  });
}
