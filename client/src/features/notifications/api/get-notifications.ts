import {
  type Notification,
  type NotificationList,
  NotificationListSchema,
} from '@almquest/contracts/notifications';
import type { SessionUser } from '@almquest/contracts/session';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const notificationsQueryKey = (userId: string) => ['notifications', userId] as const;
/** The notifications page's list (every page of it). */
export const allNotificationsQueryKey = (userId: string) =>
  [...notificationsQueryKey(userId), 'all'] as const;
const BELL_PAGE = 20;
const PAGE = 30;

type Recipient = Pick<SessionUser, 'id' | 'userType'>;

/** GET /api/{userType}/{id}/getNotifs: newest first, a page at a time, with the unseen count. */
export function getNotifications(
  user: Recipient,
  cursor?: string | null,
  limit = BELL_PAGE,
): Promise<NotificationList> {
  return api.get(`/${user.userType}/${user.id}/getNotifs`, NotificationListSchema, {
    params: { limit, ...(cursor ? { cursor } : {}) },
  });
}

/** The newest notifications and the unseen count, for the bell. */
export const bellNotificationsQueryOptions = (user: Recipient) =>
  queryOptions({
    queryKey: notificationsQueryKey(user.id),
    queryFn: () => getNotifications(user),
    staleTime: 60_000,
  });

/** Every notification, a page at a time, for the notifications page. */
export const allNotificationsQueryOptions = (user: Recipient) =>
  infiniteQueryOptions({
    queryKey: allNotificationsQueryKey(user.id),
    queryFn: ({ pageParam }) => getNotifications(user, pageParam, PAGE),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useBellNotifications(user: SessionUser | null) {
  return useQuery({
    ...bellNotificationsQueryOptions(user ?? { id: '', userType: null }),
    enabled: Boolean(user?.isRegistered),
  });
}

export function useAllNotifications(user: SessionUser) {
  return useInfiniteQuery(allNotificationsQueryOptions(user));
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
    // Newest first; ids are random and say nothing about order, so the time does.
    notifs: [notification, ...old.notifs].sort((a, b) => b.timestamp.localeCompare(a.timestamp)),
    unseen_count: old.unseen_count + (notification.isSeen ? 0 : 1),
  };
}
