import { DonationGroupSchema, type ReasonRequest } from '@almquest/contracts/packages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { packageListQueryRoot } from '../../../api/get-packages';
import { invalidateOwnData } from '../../../api/mark-package';

/**
 * Under the package lists' root: every live event about the donor's packages (a part accepted,
 * received, …) refreshes the donation's page as it refreshes their lists.
 */
export const donationQueryKey = (groupId: string) =>
  [...packageListQueryRoot, 'donation', groupId] as const;

/** How often a donation with parts still waiting is looked at again. */
const WAITING_REFRESH_MS = 15_000;

/** GET /api/donations/:groupId: a split donation and its parts (its donor only). */
export function useDonation(groupId: string) {
  return useQuery({
    queryKey: donationQueryKey(groupId),
    queryFn: () => api.get(`/donations/${groupId}`, DonationGroupSchema),
    refetchInterval: (query) =>
      query.state.data?.parts.some((p) => ['Not Paired', 'Offered'].includes(p.current_state))
        ? WAITING_REFRESH_MS
        : false,
  });
}

/** POST /api/donations/:groupId/cancel: every part not yet Received. */
export function useCancelDonation(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReasonRequest) =>
      api.post(`/donations/${groupId}/cancel`, body, DonationGroupSchema),
    onSuccess: (group) => {
      queryClient.setQueryData(donationQueryKey(groupId), group);
      invalidateOwnData(queryClient);
    },
  });
}
