import {
  type NotificationList,
  type UnseenCount,
  UnseenCountSchema,
} from '@almquest/contracts/notifications';
import type { SessionUser } from '@almquest/contracts/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

/** POST /api/{userType}/{id}/notifSeen: every notification of the person is seen now. */
export function markAllSeen(user: Pick<SessionUser, 'id' | 'userType'>): Promise<UnseenCount> {
  return api.post(`/${user.userType}/${user.id}/notifSeen`, undefined, UnseenCountSchema);
}

/** Opening the panel marks everything seen (SPEC section 4). */
export function useMarkAllSeen(user: SessionUser | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllSeen(user ?? { id: '', userType: null }),
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
