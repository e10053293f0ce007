import {
  type LiveEvent,
  LiveEventSchema,
  type NotificationList,
} from '@almquest/contracts/notifications';
import type { SessionUser } from '@almquest/contracts/session';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import {
  addNotification,
  allNotificationsQueryKey,
  notificationsQueryKey,
} from '../api/get-notifications';
import { usePublicConfig } from '../../system/api/get-public-config';
import { packageListQueryRoot } from '../../profile/api/get-packages';
import { profileQueryRoot } from '../../profile/api/get-profile';
import { packageQueryKey } from '../../transaction/api/get-package';
import { OfferQuickAnswer } from '../../transaction/components/offer-quick-answer';

type Unsubscribe = () => void;

/** Server-Sent Events, the default transport. */
function listenWithSse(onData: (data: string) => void): Unsubscribe {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource('/api/events');
  const handler = (message: MessageEvent<string>) => onData(message.data);
  source.addEventListener('notification', handler as EventListener);
  return () => {
    source.removeEventListener('notification', handler as EventListener);
    source.close();
  };
}

/** Pusher Channels, when the server uses it: the user's private channel, authorized by the API. */
function listenWithPusher(
  key: string,
  cluster: string,
  userId: string,
  onData: (data: string) => void,
): Unsubscribe {
  let isStopped = false;
  let stop: Unsubscribe = () => undefined;
  void import('pusher-js').then(({ default: Pusher }) => {
    if (isStopped) return;
    const pusher = new Pusher(key, {
      cluster,
      channelAuthorization: { endpoint: '/api/realtime/auth', transport: 'ajax' },
    });
    const channel = pusher.subscribe(`private-user-${userId}`);
    channel.bind('notification', (data: unknown) =>
      onData(typeof data === 'string' ? data : JSON.stringify(data)),
    );
    stop = () => pusher.disconnect();
  });
  return () => {
    isStopped = true;
    stop();
  };
}

/**
 * Listens to the signed-in user's live events, by the transport /api/config names: Server-Sent
 * Events at /api/events (the browser's EventSource reconnects by itself and sends Last-Event-ID,
 * so the server replays what was missed) or Pusher Channels.
 * Each event updates the bell at once, shows a notif toast linking to the package, and refreshes
 * the package, profile counters and transactions if they are on screen.
 */
export function useLiveEvents(user: SessionUser | null) {
  const queryClient = useQueryClient();
  const { showAlert } = useAlerts();
  const toasted = useRef(new Set<number>());
  const { t } = useI18n();
  const userId = user?.isRegistered ? user.id : null;
  const realtime = usePublicConfig().data?.realtime;

  useEffect(() => {
    if (!userId || !realtime) return;
    const onData = (data: string) => {
      let event: LiveEvent;
      try {
        // Read through its contract: a malformed or foreign message changes nothing on screen.
        event = LiveEventSchema.parse(JSON.parse(data));
      } catch {
        return;
      }
      queryClient.setQueryData<NotificationList>(notificationsQueryKey(userId), (old) =>
        addNotification(old, event.notification),
      );
      void queryClient.invalidateQueries({ queryKey: allNotificationsQueryKey(userId) });
      if (event.pid) void queryClient.invalidateQueries({ queryKey: packageQueryKey(event.pid) });
      void queryClient.invalidateQueries({ queryKey: profileQueryRoot });
      void queryClient.invalidateQueries({ queryKey: packageListQueryRoot });
      if (toasted.current.has(event.notification.id)) return;
      toasted.current.add(event.notification.id);
      showAlert({
        type: 'notif',
        title: t('notifications.live.title', { state: t(`state.${event.state}`) }),
        msg: t(`notification.${event.notification.kind}`),
        ...(event.photo ? { img: event.photo } : {}),
        ...(event.pid ? { link: `/transaction/${event.pid}` } : {}),
        // An offer can be answered right in the toast.
        ...(event.notification.kind === 'offered' && event.pid
          ? { actions: <OfferQuickAnswer packageId={event.pid} /> }
          : {}),
      });
    };
    return realtime.transport === 'pusher' && realtime.pusherKey && realtime.pusherCluster
      ? listenWithPusher(realtime.pusherKey, realtime.pusherCluster, userId, onData)
      : listenWithSse(onData);
  }, [userId, realtime, queryClient, showAlert, t]);
}
