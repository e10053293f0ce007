import type { Notification, NotificationList } from '@almquest/contracts/notifications';
import type { SessionUser } from '@almquest/contracts/session';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const notificationsQueryKey = (userId: string) => ['notifications', userId] as const;
const BELL_PAGE = 20;

export async function fetchNotifications(
  user: SessionUser,
  cursor?: number | null,
  limit = BELL_PAGE,
): Promise<NotificationList> {
  const res = await api.get(`/${user.userType}/${user.id}/getNotifs`, {
    params: { limit, ...(cursor ? { cursor } : {}) },
  });
  return res.data as NotificationList;
}

/** The newest notifications and the unseen count, for the bell. */
export function useBellNotifications(user: SessionUser | null) {
  return useQuery({
    queryKey: notificationsQueryKey(user?.id ?? ''),
    queryFn: () => fetchNotifications(user!),
    enabled: Boolean(user?.isRegistered),
    staleTime: 60_000,
  });
}

/** Every notification, a page at a time, for the notifications page. */
export function useAllNotifications(user: SessionUser | null) {
  return useInfiniteQuery({
    queryKey: [...notificationsQueryKey(user?.id ?? ''), 'all'],
    queryFn: ({ pageParam }) => fetchNotifications(user!, pageParam, 30),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(user?.isRegistered),
  });
}

/** Opening the panel marks everything seen (SPEC section 4). */
export function useMarkAllSeen(user: SessionUser | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/${user?.userType}/${user?.id}/notifSeen`),
    onSuccess: () => {
      if (!user) return;
      queryClient.setQueryData<NotificationList>(notificationsQueryKey(user.id), (old) =>
        old
          ? { ...old, unseen_count: 0, notifs: old.notifs.map((n) => ({ ...n, isSeen: true })) }
          : old,
      );
    },
  });
}

/** Puts a notification that just arrived at the top of the bell's list, once. */
export function addNotification(
  old: NotificationList | undefined,
  notification: Notification,
): NotificationList | undefined {
  if (!old) return old;
  if (old.notifs.some((n) => n.id === notification.id)) return old;
  return {
    ...old,
    notifs: [notification, ...old.notifs].sort((a, b) => b.id - a.id),
    unseen_count: old.unseen_count + (notification.isSeen ? 0 : 1),
  };
}

const units: [limit: number, size: number, suffix: string][] = [
  [60, 1, 's'],
  [60 * 60, 60, 'm'],
  [24 * 3600, 3600, 'h'],
  [7 * 86400, 86400, 'd'],
  [365 * 86400, 7 * 86400, 'w'],
  [Number.POSITIVE_INFINITY, 365 * 86400, 'y'],
];

/** SPEC: shortened relative times (1m, 2h, 3d, 1w, 1y); under a minute is "now". */
export function shortRelativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'now';
  for (const [limit, size, suffix] of units) {
    if (seconds < limit) return `${Math.floor(seconds / size)}${suffix}`;
  }
  return '';
}
