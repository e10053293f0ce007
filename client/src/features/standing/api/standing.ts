import {
  type StandingChangeRequest,
  type StandingDayRequest,
  type StandingDonation,
  type StandingDonationRequest,
  StandingDonationSchema,
  StandingListSchema,
} from '@almquest/contracts/standing';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateOwnData } from '../../../api/mark-package';

export const standingQueryKey = ['standing-donations'] as const;

/** GET /api/standing-donations: the donor's own. */
export function useStandingDonations(isDonor: boolean) {
  return useQuery({
    queryKey: standingQueryKey,
    queryFn: () => api.get('/standing-donations', StandingListSchema),
    enabled: isDonor,
  });
}

/** One standing donation as the server now has it, put into the list in place. */
function putInList(queryClient: QueryClient, standing: StandingDonation) {
  queryClient.setQueryData(
    standingQueryKey,
    (list: { standingDonations: StandingDonation[] } | undefined) =>
      list
        ? {
            standingDonations: list.standingDonations.some((s) => s.id === standing.id)
              ? list.standingDonations.map((s) => (s.id === standing.id ? standing : s))
              : [standing, ...list.standingDonations],
          }
        : list,
  );
}

/** POST /api/standing-donations. */
export function useCreateStanding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StandingDonationRequest) =>
      api.post('/standing-donations', body, StandingDonationSchema),
    onSuccess: (standing) => putInList(queryClient, standing),
  });
}

/** PATCH /api/standing-donations/:id (pause, resume, usual quantity) and POST …/end. */
export function useChangeStanding(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StandingChangeRequest | 'end') =>
      change === 'end'
        ? api.post(`/standing-donations/${id}/end`, {}, StandingDonationSchema)
        : api.patch(`/standing-donations/${id}`, change, StandingDonationSchema),
    onSuccess: (standing) => putInList(queryClient, standing),
  });
}

/** PUT or DELETE /api/standing-donations/:id/days/:date: skip a day, change it, or undo that. */
export function useStandingDay(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, change }: { date: string; change: StandingDayRequest | 'undo' }) =>
      change === 'undo'
        ? api.delete(`/standing-donations/${id}/days/${date}`, StandingDonationSchema)
        : api.put(`/standing-donations/${id}/days/${date}`, change, StandingDonationSchema),
    onSuccess: (standing) => {
      putInList(queryClient, standing);
      // A skipped day's package may have been called off.
      invalidateOwnData(queryClient);
    },
  });
}
