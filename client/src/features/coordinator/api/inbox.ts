import {
  AuditListSchema,
  ContactMessageListSchema,
  type CoordinatorReason,
  ReportListSchema,
} from '@almquest/contracts/coordinator';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ignoreBody } from '../../../lib/api-client';
import { coordinatorKey } from './waiting';

/** GET /api/coordinator/reports: open reports first. */
export function useReports() {
  return useQuery({
    queryKey: [...coordinatorKey, 'reports'] as const,
    queryFn: () => api.get('/coordinator/reports', ReportListSchema),
  });
}

/** POST /api/coordinator/reports/:id/close, with what was done. */
export function useCloseReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CoordinatorReason }) =>
      api.post(`/coordinator/reports/${id}/close`, body, ignoreBody),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coordinatorKey }),
  });
}

/** GET /api/coordinator/messages: newest first, with the unread count. */
export function useMessages() {
  return useQuery({
    queryKey: [...coordinatorKey, 'messages'] as const,
    queryFn: () => api.get('/coordinator/messages', ContactMessageListSchema),
  });
}

/** PATCH /api/coordinator/messages/:id: read or unread. */
export function useMarkMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isRead }: { id: string; isRead: boolean }) =>
      api.patch(`/coordinator/messages/${id}`, { isRead }, ignoreBody),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coordinatorKey }),
  });
}

/** GET /api/coordinator/audit?cursor=: newest first, a page at a time. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: [...coordinatorKey, 'audit'] as const,
    queryFn: ({ pageParam }) =>
      api.get(`/coordinator/audit${pageParam ? `?cursor=${pageParam}` : ''}`, AuditListSchema),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
