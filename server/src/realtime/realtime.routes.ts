import express, { Router } from 'express';
import { said } from '@almquest/contracts/field-words';
import { z } from 'zod';
import type { Config } from '../config';
import { notFound, words } from '../errors';
import { requireRegistered, sessionUser } from '../middleware/authenticate';
import { validate } from '../middleware/validate';
import { authorizeChannel } from './pusher';
import { assertOwnChannel } from './realtime.policy';

const AuthRequestSchema = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/, said('Not a valid id', 'field.invalidId')),
  channel_name: z.string().min(1).max(200),
});

/** POST /api/realtime/auth: pusher-js asks here before joining a private channel. */
export function realtimeRoutes({ config }: { config: Config }): Router {
  const router = Router();
  router.post(
    '/realtime/auth',
    requireRegistered,
    // pusher-js posts a form by default.
    express.urlencoded({ extended: false, limit: '2kb' }),
    validate({ body: AuthRequestSchema }, ({ body }, req, res) => {
      if (!config.pusher)
        throw notFound('Live events do not use Pusher on this server.', words('pusherNotUsed'));
      const user = sessionUser(req);
      assertOwnChannel(user.id, body.channel_name);
      res.json(authorizeChannel(config.pusher, body.socket_id, body.channel_name));
    }),
  );
  return router;
}
