import {
  AuditListSchema,
  ContactMessageListSchema,
  type CoordinatorReason,
  type Report,
  ReportListSchema,
} from '@almquest/contracts/coordinator';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ignoreBody } from '../../../lib/api-client';
import { coordinatorKey } from './waiting';

const page = (cursor: string) => (cursor ? `?cursor=${encodeURIComponent(cursor)}` : '');

/** GET /api/coordinator/reports?cursor=: open reports first, newest first, a page at a time. */
export function useReports() {
  return useInfiniteQuery({
    queryKey: [...coordinatorKey, 'reports'] as const,
    queryFn: ({ pageParam }) => api.get(`/coordinator/reports${page(pageParam)}`, ReportListSchema),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * Each report once, where it was seen last: open ones come first, so a report closed while the
 * pages were read comes again among the closed ones, with its new state.
 */
export function latestOfEach(reports: Report[]): Report[] {
  const lastIndex = new Map(reports.map((r, i) => [r.id, i]));
  return reports.filter((r, i) => lastIndex.get(r.id) === i);
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

/** GET /api/coordinator/messages?cursor=: newest first, a page at a time, with the unread count. */
export function useMessages() {
  return useInfiniteQuery({
    queryKey: [...coordinatorKey, 'messages'] as const,
    queryFn: ({ pageParam }) =>
      api.get(`/coordinator/messages${page(pageParam)}`, ContactMessageListSchema),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
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
