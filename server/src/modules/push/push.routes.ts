import {
  type PushPublicKey,
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
} from '@almquest/contracts/push';
import { Router } from 'express';
import { requireSession, sessionUser } from '../../middleware/authenticate';
import { limiter } from '../../middleware/limits';
import { validate } from '../../middleware/validate';
import type { VapidKeys } from '../../lib/web-push';
import { subscribe, unsubscribe } from './push.service';
import type { RouteDeps } from '../route-deps';

/**
 * Web Push: the public key browsers subscribe with, and the signed-in person's
 * devices. The keys load once per process (`vapid`), before the first answer that needs them.
 */
export function pushRoutes({
  config,
  database,
  vapid,
}: Pick<RouteDeps, 'config' | 'database'> & {
  vapid: () => Promise<VapidKeys>;
}): Router {
  const router = Router();
  const db = database.db;
  const limit = limiter(db, config, 'push-subscriptions');

  router.get('/push/public-key', async (_req, res) => {
    const body: PushPublicKey = { publicKey: (await vapid()).publicKey };
    res.json(body);
  });

  router.post(
    '/push/subscriptions',
    requireSession,
    limit,
    validate({ body: PushSubscriptionSchema }, async ({ body }, req, res) => {
      await subscribe(db, sessionUser(req).id, body, config.push.extraOrigins);
      req.log.info({ pushHost: new URL(body.endpoint).host }, 'push device subscribed');
      res.status(201).json({ subscribed: true });
    }),
  );

  router.delete(
    '/push/subscriptions',
    requireSession,
    limit,
    validate({ body: PushUnsubscribeSchema }, async ({ body }, req, res) => {
      await unsubscribe(db, sessionUser(req).id, body.endpoint);
      res.status(204).end();
    }),
  );

  return router;
}
