import {
  type NotificationSettings,
  NotificationSettingsSchema,
  type NotificationSettingsUpdate,
  UnsubscribedSchema,
} from '@almquest/contracts/push';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const settingsKey = ['notification-settings'] as const;

/** GET /api/notification-settings: push and e-mail, for offers and for updates. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => api.get('/notification-settings', NotificationSettingsSchema),
  });
}

/** PATCH /api/notification-settings: one choice at a time, shown at once, put back on failure. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: NotificationSettingsUpdate) =>
      api.patch('/notification-settings', change, NotificationSettingsSchema),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: settingsKey });
      const before = queryClient.getQueryData<NotificationSettings>(settingsKey);
      if (before) queryClient.setQueryData(settingsKey, { ...before, ...change });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(settingsKey, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}

/** POST /api/mail/unsubscribe: the e-mail link's change, no sign-in needed. */
export function changeMailByToken(token: string, resubscribe: boolean) {
  return api.post('/mail/unsubscribe', { token, resubscribe }, UnsubscribedSchema);
}
