import { useMutation, useQueryClient } from '@tanstack/react-query';
import { packageQueryKey } from '../../../api/get-package';
import { api, ignoreBody } from '../../../lib/api-client';

/**
 * PUT or DELETE /api/standing-donations/:id/pickup: the distributor of one of its days takes a
 * standing donation every day, or stops; the donor stops whoever takes it.
 */
export function useStandingPickup(packageId: string, standingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (take: boolean) =>
      take
        ? api.put(`/standing-donations/${standingId}/pickup`, {}, ignoreBody)
        : api.delete(`/standing-donations/${standingId}/pickup`, ignoreBody),
    onSettled: () => queryClient.invalidateQueries({ queryKey: packageQueryKey(packageId) }),
  });
}
