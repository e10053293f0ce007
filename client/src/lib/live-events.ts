import {
  type LiveEvent,
  LiveEventSchema,
  type NotificationList,
} from '@almquest/contracts/notifications';
import type { SessionUser } from '@almquest/contracts/session';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAlerts } from './alerts';
import { addNotification, notificationsQueryKey } from './notifications';
import { packageQueryKey } from './query-keys';

/**
 * Listens to the signed-in user's live events (Server-Sent Events at /api/events). The browser's
 * EventSource reconnects by itself and sends Last-Event-ID, so the server replays what was missed.
 * Each event updates the bell at once, shows a notif toast linking to the package, and refreshes
 * the package, profile counters and transactions if they are on screen.
 */
export function useLiveEvents(user: SessionUser | null) {
  const queryClient = useQueryClient();
  const { showAlert } = useAlerts();
  const toasted = useRef(new Set<number>());
  const userId = user?.isRegistered ? user.id : null;

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    const onEvent = (message: MessageEvent<string>) => {
      let event: LiveEvent;
      try {
        event = LiveEventSchema.parse(JSON.parse(message.data));
      } catch {
        return;
      }
      queryClient.setQueryData<NotificationList>(notificationsQueryKey(userId), (old) =>
        addNotification(old, event.notification),
      );
      void queryClient.invalidateQueries({ queryKey: [...notificationsQueryKey(userId), 'all'] });
      if (event.pid) void queryClient.invalidateQueries({ queryKey: packageQueryKey(event.pid) });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      void queryClient.invalidateQueries({ queryKey: ['packages'] });
      if (toasted.current.has(event.notification.id)) return;
      toasted.current.add(event.notification.id);
      showAlert({
        type: 'notif',
        title: `Package ${event.state}`,
        msg: event.message,
        ...(event.photo ? { img: event.photo } : {}),
        ...(event.pid ? { pid: event.pid } : {}),
      });
    };
    source.addEventListener('notification', onEvent as EventListener);
    return () => {
      source.removeEventListener('notification', onEvent as EventListener);
      source.close();
    };
  }, [userId, queryClient, showAlert]);
}
