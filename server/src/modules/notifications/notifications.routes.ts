import { type NotificationList, NOTIFICATION_PAGE_MAX } from '@almquest/contracts/notifications';
import { UserPathSchema } from '@almquest/contracts/users';
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { requireRegistered, requireSession, sessionUser } from '../../middleware/authenticate';
import { validate } from '../../middleware/validate';
import type { LiveEvents } from '../../realtime/live-events';
import { findSessionUser, hashToken } from '../auth/sessions.service';
import { assertIsSelf, assertUserType } from '../users/users.policy';
import {
  listNotifications,
  markAllSeen,
  markOneSeen,
  notificationsSince,
  presentNotification,
} from './notifications.service';
import { toLiveEvent } from '../../realtime/live-events';

const HEARTBEAT_MS = 25_000;
const ListQuerySchema = z.object({
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(20),
});
const NotificationIdSchema = z.object({ id: z.coerce.number().int().positive() });

export function notificationsRoutes(
  database: Database,
  live: LiveEvents,
  heartbeatMs = HEARTBEAT_MS,
): Router {
  const router = Router();
  const db = database.db;

  router.get(
    '/:userType/:id/getNotifs',
    requireRegistered,
    validate(
      { params: UserPathSchema, query: ListQuerySchema },
      async ({ params, query }, req, res) => {
        const user = sessionUser(req);
        assertIsSelf(user, params.id);
        assertUserType(user, params.userType);
        const page = await listNotifications(db, user.id, query);
        const body: NotificationList = {
          notifs: page.rows.map(presentNotification),
          unseen_count: page.unseenCount,
          nextCursor: page.nextCursor,
        };
        res.json(body);
      },
    ),
  );

  router.post(
    '/:userType/:id/notifSeen',
    requireRegistered,
    validate({ params: UserPathSchema }, async ({ params }, req, res) => {
      const user = sessionUser(req);
      assertIsSelf(user, params.id);
      assertUserType(user, params.userType);
      await markAllSeen(db, user.id);
      res.json({ unseen_count: 0 });
    }),
  );

  router.post(
    '/notifications/:id/seen',
    requireRegistered,
    validate({ params: NotificationIdSchema }, async ({ params }, req, res) => {
      const user = sessionUser(req);
      const result = await markOneSeen(db, user.id, params.id);
      if (!result) throw notFound('No such notification.');
      res.json({ unseen_count: result.unseenCount });
    }),
  );

  /**
   * Server-Sent Events: the signed-in user's live notifications. A reconnect with Last-Event-ID
   * first replays what was missed from the table; nothing is lost while a phone was offline.
   */
  router.get('/events', requireSession, async (req, res) => {
    const user = sessionUser(req);
    const header =
      req.get('Last-Event-ID') ??
      (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : '');
    const lastEventId = /^\d{1,15}$/.test(header) ? Number(header) : 0;
    const sessionKey = hashToken(req.sessionToken ?? '');
    if (!live.hub.hasRoomFor(user.id, sessionKey)) {
      // The newest is refused (EventSource does not retry a 429), so tabs never take turns
      // closing each other.
      res.setHeader('Retry-After', '60');
      throw new AppError(
        429,
        'rate_limited',
        'Too many live connections are open for this account. Close a tab and reload.',
      );
    }

    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 3000\n\n');

    let sentUpTo = lastEventId;
    let isReplaying = true;
    const buffered: { id: number; data: string }[] = [];
    const send = (id: number, data: string) => {
      if (id <= sentUpTo) return;
      sentUpTo = id;
      res.write(`id: ${id}\nevent: notification\ndata: ${data}\n\n`);
    };

    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
      res.end();
    };
    // Subscribe first and hold what arrives, so nothing slips between the replay and the stream.
    const unsubscribe = live.hub.subscribe(
      user.id,
      sessionKey,
      (delivery) => {
        const data = JSON.stringify(delivery.event);
        if (isReplaying) buffered.push({ id: delivery.id, data });
        else send(delivery.id, data);
      },
      stop,
    );
    // The heartbeat keeps proxies from closing the stream, and ends it once the session is gone.
    const heartbeat = setInterval(() => {
      res.write(': ping\n\n');
      findSessionUser(db, req.sessionToken ?? '')
        .then((stillThere) => {
          if (!stillThere) stop();
        })
        .catch(() => undefined);
    }, heartbeatMs);
    req.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });

    if (lastEventId > 0) {
      for (const row of await notificationsSince(db, user.id, lastEventId)) {
        send(row.id, JSON.stringify(toLiveEvent(row)));
      }
    }
    isReplaying = false;
    for (const item of buffered.sort((a, b) => a.id - b.id)) send(item.id, item.data);
  });

  return router;
}
