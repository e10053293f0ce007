import {
  CandidateListSchema,
  type CoordinatorOffer,
  type CoordinatorReason,
  WaitingListSchema,
  type WaitingQuery,
} from '@almquest/contracts/coordinator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { coordinatorQueryRoot } from '../../../api/coordinator-root';
import { api } from '../../../lib/api-client';

export const coordinatorKey = coordinatorQueryRoot;
const waitingKey = (query: WaitingQuery) => [...coordinatorKey, 'waiting', query] as const;

/** GET /api/coordinator/packages: waiting packages, oldest deadline first. */
export function useWaitingPackages(query: WaitingQuery) {
  const params = new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && !!e[1]),
  );
  return useQuery({
    queryKey: waitingKey(query),
    queryFn: () => api.get(`/coordinator/packages?${params}`, WaitingListSchema),
    refetchInterval: 30_000,
  });
}

/** GET /api/coordinator/packages/:id/candidates: the nearest distributors, and who can take it. */
export function useCandidates(packageId: string | null) {
  return useQuery({
    queryKey: [...coordinatorKey, 'candidates', packageId] as const,
    queryFn: () => api.get(`/coordinator/packages/${packageId}/candidates`, CandidateListSchema),
    enabled: packageId !== null,
  });
}

const StateAnswer = z.object({ state: z.string() });

/** POST /api/coordinator/packages/:id/offer and .../cancel. */
export function useWaitingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action:
        | { kind: 'offer'; packageId: string; body: CoordinatorOffer }
        | { kind: 'cancel'; packageId: string; body: CoordinatorReason },
    ) =>
      api.post(
        `/coordinator/packages/${action.packageId}/${action.kind}`,
        action.body,
        StateAnswer,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coordinatorKey }),
  });
}
