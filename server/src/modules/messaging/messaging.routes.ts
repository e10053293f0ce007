import {
  MESSAGING_CHANNELS,
  type MessagingChannel,
  MessagingCodeSchema,
  MessagingUpdatesSchema,
} from '@almquest/contracts/messaging';
import { type Request, type RequestHandler, Router } from 'express';
import { requireSession, sessionUser } from '../../middleware/authenticate';
import { limiter } from '../../middleware/limits';
import { validate } from '../../middleware/validate';
import {
  isOffered,
  messagingSettings,
  setChannelUpdates,
  startChannel,
  turnOffChannel,
  unavailable,
  verifyChannel,
} from './channels.service';
import type { RouteDeps } from '../route-deps';

/** The channel a request names (`/messaging/whatsapp`, `/messaging/sms`). */
const channelOf = (req: Request) => req.params['channel'] as MessagingChannel;

/**
 * The signed-in person's phone channels (decision 039): where each stands, turning WhatsApp or
 * SMS on (a code to the profile's number), proving it with the code, and turning it off.
 */
export function messagingRoutes({
  config,
  database,
}: Pick<RouteDeps, 'config' | 'database'>): Router {
  const router = Router();
  const db = database.db;
  const codes = limiter(db, config, 'messaging-codes');
  const guesses = limiter(db, config, 'messaging-verify');
  const codesToNumber = limiter(db, config, 'messaging-codes-number');
  // Before the limits: a channel this server does not send on says so, and counts nothing.
  const channelOn: RequestHandler = (req, _res, next) => {
    const channel = String(req.params['channel']);
    if (
      !(MESSAGING_CHANNELS as readonly string[]).includes(channel) ||
      !isOffered(config, channel as MessagingChannel)
    ) {
      throw unavailable();
    }
    next();
  };

  router.get('/messaging', requireSession, async (req, res) => {
    res.json(await messagingSettings(db, config, sessionUser(req)));
  });

  router.post(
    '/messaging/:channel',
    requireSession,
    channelOn,
    codes,
    codesToNumber,
    async (req, res) => {
      const channel = channelOf(req);
      const state = await startChannel(db, config, channel, sessionUser(req), req.log);
      if (state.state === 'verifying') req.log.info({ channel }, 'code sent to the phone');
      res.status(state.state === 'verifying' ? 202 : 200).json(state);
    },
  );

  router.post(
    '/messaging/:channel/verify',
    requireSession,
    channelOn,
    guesses,
    validate({ body: MessagingCodeSchema }, async ({ body }, req, res) => {
      const channel = channelOf(req);
      const state = await verifyChannel(db, config, channel, sessionUser(req), body.code);
      req.log.info({ channel }, 'phone number verified');
      res.json(state);
    }),
  );

  router.patch(
    '/messaging/:channel',
    requireSession,
    channelOn,
    validate({ body: MessagingUpdatesSchema }, async ({ body }, req, res) => {
      res.json(await setChannelUpdates(db, config, channelOf(req), sessionUser(req), body.updates));
    }),
  );

  router.delete('/messaging/:channel', requireSession, channelOn, async (req, res) => {
    res.json(await turnOffChannel(db, config, channelOf(req), sessionUser(req)));
  });

  return router;
}
