import {
  type CoordinatorReason,
  PeopleListSchema,
  PersonDetailSchema,
} from '@almquest/contracts/coordinator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { coordinatorKey } from './waiting';

/** GET /api/coordinator/people?q=: by name, e-mail or phone (2 characters at least). */
export function usePeopleSearch(q: string) {
  return useQuery({
    queryKey: [...coordinatorKey, 'people', q] as const,
    queryFn: () => api.get(`/coordinator/people?q=${encodeURIComponent(q)}`, PeopleListSchema),
    enabled: q.trim().length >= 2,
  });
}

const personKey = (id: string) => [...coordinatorKey, 'person', id] as const;

/** GET /api/coordinator/people/:id: the person, their packages and reliability. */
export function usePerson(id: string | null) {
  return useQuery({
    queryKey: personKey(id ?? ''),
    queryFn: () => api.get(`/coordinator/people/${id}`, PersonDetailSchema),
    enabled: id !== null,
  });
}

/** POST /api/coordinator/people/:id/suspend or /reinstate, with a reason. */
export function useSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: {
      kind: 'suspend' | 'reinstate';
      personId: string;
      body: CoordinatorReason;
    }) =>
      api.post(
        `/coordinator/people/${change.personId}/${change.kind}`,
        change.body,
        PersonDetailSchema,
      ),
    onSuccess: (person) => queryClient.setQueryData(personKey(person.id), person),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coordinatorKey }),
  });
}

/** POST /api/coordinator/people/:id/registration: the number was checked, or not. */
export function useVerifyRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      personId,
      ...body
    }: {
      personId: string;
      isVerified: boolean;
      /** The number the coordinator looked up. */
      number: string;
    }) => api.post(`/coordinator/people/${personId}/registration`, body, PersonDetailSchema),
    onSuccess: (person) => queryClient.setQueryData(personKey(person.id), person),
  });
}
