import {
  type LiveEvent,
  LiveEventSchema,
  type NotificationList,
} from '@almquest/contracts/notifications';
import type { SessionUser } from '@almquest/contracts/session';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { donatedGroup, useAlerts } from '../../../lib/alerts';
import { fetchSessionUser, sessionQueryKey } from '../../../lib/session/session';
import {
  addNotification,
  allNotificationsQueryKey,
  notificationsQueryKey,
} from '../api/get-notifications';
import { usePublicConfig } from '../../../lib/public-config';
import { packageListQueryRoot } from '../../../api/get-packages';
import { profileQueryRoot } from '../../../api/get-profile';
import { packageQueryKey } from '../../../api/get-package';
import { coordinatorQueryRoot } from '../../../api/coordinator-root';
import { OfferQuickAnswer } from '../components/offer-quick-answer';
import { describeMeals, notificationLink } from '../components/notification-row';

type Unsubscribe = () => void;

/**
 * How long to wait before opening a refused stream again (a busy server says 503, and may be
 * refusing every page at once): 5 s, then twice as long each time up to a minute, each spread
 * by half either way so pages refused together do not come back together.
 */
export function reopenDelayMs(failures: number, random: number = Math.random()): number {
  return Math.min(60_000, 5_000 * 2 ** failures) * (0.5 + random);
}

/**
 * Server-Sent Events, the default transport. The browser reconnects by itself after a dropped
 * connection; when the server refuses the stream (the session ended: signed out elsewhere, or
 * suspended by a coordinator) the source closes for good and `onClosed` is told.
 */
function listenWithSse(
  onData: (data: string) => void,
  onClosed: () => void,
  onOpen: () => void,
  /** The newest notification the page has: the stream starts after it, so nothing between is lost. */
  after: string | null,
): Unsubscribe {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(
    after ? `/api/events?lastEventId=${encodeURIComponent(after)}` : '/api/events',
  );
  const handler = (message: MessageEvent<string>) => onData(message.data);
  const onError = () => {
    if (source.readyState === EventSource.CLOSED) onClosed();
  };
  source.addEventListener('notification', handler as EventListener);
  source.addEventListener('error', onError);
  source.addEventListener('open', onOpen);
  return () => {
    source.removeEventListener('notification', handler as EventListener);
    source.removeEventListener('error', onError);
    source.removeEventListener('open', onOpen);
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
  const toasted = useRef(new Set<string>());
  const { t } = useI18n();
  // A coordinator hears of packages at risk whether or not they also donate or distribute.
  const userId = user?.isRegistered || user?.isCoordinator ? user.id : null;
  const realtime = usePublicConfig().data?.realtime;
  // Bumped to open the stream again after the server refused it while the session still holds.
  const [attempt, setAttempt] = useState(0);
  // Refusals in a row since a stream last opened: each waits longer before trying again.
  const refusals = useRef(0);

  useEffect(() => {
    if (!userId || !realtime) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const reopenLater = () => {
      retry = setTimeout(() => setAttempt((n) => n + 1), reopenDelayMs(refusals.current));
      refusals.current++;
    };
    const onClosed = () => {
      void queryClient
        .fetchQuery({ queryKey: sessionQueryKey, queryFn: fetchSessionUser, staleTime: 0 })
        .then((now) => {
          if (now) {
            reopenLater();
            return;
          }
          // The session is gone (suspended, or signed out on another device): say so at once;
          // the page's guard takes the person home.
          showAlert({ type: 'info', title: t('session.ended.title'), msg: t('session.ended.msg') });
        })
        .catch(reopenLater);
    };
    const onData = (data: string) => {
      let event: LiveEvent;
      try {
        // Read through its contract: a malformed or foreign message changes nothing on screen.
        event = LiveEventSchema.parse(JSON.parse(data));
      } catch {
        return;
      }
      // One the page already lists (a catch-up may send it again) is not news: no toast.
      const isKnown = queryClient
        .getQueryData<NotificationList>(notificationsQueryKey(userId))
        ?.notifs.some((n) => n.id === event.notification.id);
      if (isKnown) toasted.current.add(event.notification.id);
      queryClient.setQueryData<NotificationList>(notificationsQueryKey(userId), (old) =>
        addNotification(old, event.notification),
      );
      void queryClient.invalidateQueries({ queryKey: allNotificationsQueryKey(userId) });
      if (event.pid) void queryClient.invalidateQueries({ queryKey: packageQueryKey(event.pid) });
      void queryClient.invalidateQueries({ queryKey: profileQueryRoot });
      void queryClient.invalidateQueries({ queryKey: packageListQueryRoot });
      if (event.notification.kind === 'atRisk') {
        void queryClient.invalidateQueries({ queryKey: coordinatorQueryRoot });
      }
      if (toasted.current.has(event.notification.id)) return;
      toasted.current.add(event.notification.id);
      const { about } = event.notification;
      const link = notificationLink(event.notification);
      // What the donor's own toast says on donating, about the donation (split) or the package.
      const { kind } = event.notification;
      const saidOf = kind === 'splitDonor' ? about?.donation?.id : event.pid;
      const said =
        saidOf && (kind === 'pairedDonor' || kind === 'notPaired' || kind === 'splitDonor')
          ? donatedGroup(saidOf, kind)
          : null;
      showAlert({
        type: 'notif',
        // Setting out changes no state: its title says the news, not "Package Paired" again.
        title:
          kind === 'onWay'
            ? t('notifications.live.onWay')
            : t('notifications.live.title', { state: t(`state.${event.state}`) }),
        // Which package: its meals, and the donation it is a part of.
        msg: `${t(`notification.${event.notification.kind}`)}${about ? ` (${describeMeals(about, t)})` : ''}`,
        ...(event.photo ? { img: event.photo } : {}),
        ...(link ? { link } : {}),
        // What the donor was just told on donating (the page's own toast), in other words: one
        // of the two, whichever came first.
        ...(said ? { group: said, unlessShown: said } : {}),
        // An offer can be answered right in the toast.
        ...(event.notification.kind === 'offered' && event.pid
          ? { actions: <OfferQuickAnswer packageId={event.pid} /> }
          : {}),
      });
    };
    const stop =
      realtime.transport === 'pusher' && realtime.pusherKey && realtime.pusherCluster
        ? listenWithPusher(realtime.pusherKey, realtime.pusherCluster, userId, onData)
        : listenWithSse(
            onData,
            onClosed,
            () => {
              refusals.current = 0;
            },
            queryClient.getQueryData<NotificationList>(notificationsQueryKey(userId))?.notifs[0]
              ?.id ?? null,
          );
    return () => {
      clearTimeout(retry);
      stop();
    };
  }, [userId, realtime, queryClient, showAlert, t, attempt]);
}
