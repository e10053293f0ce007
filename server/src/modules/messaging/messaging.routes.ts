import { MessagingCodeSchema, MessagingUpdatesSchema } from '@almquest/contracts/messaging';
import { type RequestHandler, Router } from 'express';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { requireSession, sessionUser } from '../../middleware/authenticate';
import { limiter } from '../../middleware/limits';
import { validate } from '../../middleware/validate';
import {
  messagingSettings,
  setWhatsappUpdates,
  startWhatsapp,
  turnOffWhatsapp,
  unavailable,
  verifyWhatsapp,
} from './channels.service';

/**
 * The signed-in person's phone channels (decision 039): where each stands, turning WhatsApp on
 * (a code to the profile's number), proving it with the code, and turning it off.
 */
export function messagingRoutes({
  config,
  database,
}: {
  config: Config;
  database: Database;
}): Router {
  const router = Router();
  const db = database.db;
  const codes = limiter(db, config, 'messaging-codes');
  const guesses = limiter(db, config, 'messaging-verify');
  const codesToNumber = limiter(db, config, 'messaging-codes-number');
  // Before the limits: a server without WhatsApp says so, and counts nothing against anyone.
  const whatsappOn: RequestHandler = (_req, _res, next) => {
    if (!config.whatsapp) throw unavailable();
    next();
  };

  router.get('/messaging', requireSession, async (req, res) => {
    res.json(await messagingSettings(db, config, sessionUser(req)));
  });

  router.post(
    '/messaging/whatsapp',
    requireSession,
    whatsappOn,
    codes,
    codesToNumber,
    async (req, res) => {
      const user = sessionUser(req);
      const state = await startWhatsapp(db, config, user, req.log);
      if (state.state === 'verifying') req.log.info('WhatsApp code sent');
      res.status(state.state === 'verifying' ? 202 : 200).json(state);
    },
  );

  router.post(
    '/messaging/whatsapp/verify',
    requireSession,
    whatsappOn,
    guesses,
    validate({ body: MessagingCodeSchema }, async ({ body }, req, res) => {
      const state = await verifyWhatsapp(db, config, sessionUser(req), body.code);
      req.log.info('WhatsApp number verified');
      res.json(state);
    }),
  );

  router.patch(
    '/messaging/whatsapp',
    requireSession,
    whatsappOn,
    validate({ body: MessagingUpdatesSchema }, async ({ body }, req, res) => {
      res.json(await setWhatsappUpdates(db, config, sessionUser(req), body.updates));
    }),
  );

  router.delete('/messaging/whatsapp', requireSession, whatsappOn, async (req, res) => {
    res.json(await turnOffWhatsapp(db, config, sessionUser(req)));
  });

  return router;
}
