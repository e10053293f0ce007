import {
  type NotificationList,
  NotificationIdSchema,
  NotificationListQuerySchema,
  type UnseenCount,
} from '@almquest/contracts/notifications';
import { Router } from 'express';
import { notFound, words } from '../../errors';
import { requireRegistered, requireSession, sessionUser } from '../../middleware/authenticate';
import { ownPathRoute } from '../users/own-path';
import { validate } from '../../middleware/validate';
import type { LiveEvents } from '../../realtime/live-events';
import { findSessionUser, hashToken } from '../../db/sessions';
import { openEventStream } from '../../realtime/event-stream';
import { presentNotification, toDelivery } from './notifications.presenter';
import {
  listNotifications,
  markAllSeen,
  markOneSeen,
  notificationsAfter,
  streamStartingPoint,
} from './notifications.service';
import type { RouteDeps } from '../route-deps';

const HEARTBEAT_MS = 25_000;

export function notificationsRoutes({
  database,
  live,
  heartbeatMs = HEARTBEAT_MS,
}: Pick<RouteDeps, 'database'> & {
  live: Pick<LiveEvents, 'hub'>;
  /** How often an open stream is pinged (and its session checked). */
  heartbeatMs?: number;
}): Router {
  const router = Router();
  const db = database.db;

  router.get(
    '/:userType/:id/getNotifs',
    ...ownPathRoute(async ({ user, query }, _req, res) => {
      const page = await listNotifications(db, user.id, query);
      const body: NotificationList = {
        notifs: page.rows.map(presentNotification),
        unseen_count: page.unseenCount,
        nextCursor: page.nextCursor,
      };
      res.json(body);
    }, NotificationListQuerySchema),
  );

  router.post(
    '/:userType/:id/notifSeen',
    ...ownPathRoute(async ({ user }, _req, res) => {
      await markAllSeen(db, user.id);
      res.json({ unseen_count: 0 } satisfies UnseenCount);
    }),
  );

  router.post(
    '/notifications/:id/seen',
    requireRegistered,
    validate({ params: NotificationIdSchema }, async ({ params }, req, res) => {
      const user = sessionUser(req);
      const result = await markOneSeen(db, user.id, params.id);
      if (!result) throw notFound('No such notification.', words('noSuchNotification'));
      res.json({ unseen_count: result.unseenCount } satisfies UnseenCount);
    }),
  );

  /** The signed-in user's live notifications (realtime/event-stream.ts does the streaming). */
  router.get('/events', requireSession, async (req, res) => {
    const user = sessionUser(req);
    const token = req.sessionToken ?? '';
    await openEventStream(req, res, {
      hub: live.hub,
      userId: user.id,
      sessionKey: hashToken(token),
      startingPoint: (lastEventId) => streamStartingPoint(db, user.id, lastEventId),
      missedAfter: async (afterId) => {
        const { rows, isComplete } = await notificationsAfter(db, user.id, afterId);
        return { deliveries: rows.map(toDelivery), isComplete };
      },
      isSessionAlive: async () => (await findSessionUser(database, token)) !== null,
      heartbeatMs,
    });
  });

  return router;
}
