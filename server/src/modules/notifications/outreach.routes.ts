import {
  NotificationSettingsUpdateSchema,
  type Unsubscribed,
  UnsubscribeSchema,
} from '@almquest/contracts/push';
import { Router } from 'express';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { badRequest } from '../../errors';
import { requireSession, sessionUser } from '../../middleware/authenticate';
import { rateLimit } from '../../middleware/rate-limit';
import { parseOrThrow, validate } from '../../middleware/validate';
import type { Outreach } from './outreach';
import { readSettings, setMailTopic, updateSettings } from './settings.service';

/**
 * How a person hears of their packages outside the page (issue #18): their choices, and the
 * unsubscribe link of every notification e-mail. The link works without signing in: the token
 * is signed; `POST /api/mail/unsubscribe?token=` is also the one-click of RFC 8058, which mail
 * programs send as a form without a JSON body.
 */
export function outreachRoutes({
  config,
  database,
  outreach,
}: {
  config: Config;
  database: Database;
  outreach: Outreach;
}): Router {
  const router = Router();
  const db = database.db;
  const unsubscribeLimit = rateLimit(db, {
    name: 'unsubscribe',
    max: 30,
    multiplier: config.rateLimitMultiplier,
    scope: config.rateLimitScope,
    windowMs: 10 * 60_000,
    message: 'Too many unsubscribe requests just now. Please wait a few minutes.',
  });

  router.post('/mail/unsubscribe', unsubscribeLimit, async (req, res) => {
    const fromQuery = typeof req.query.token === 'string' ? req.query.token : undefined;
    const isJson = typeof req.is('application/json') === 'string';
    const input = parseOrThrow(UnsubscribeSchema, isJson ? req.body : { token: fromQuery });
    const token = (await outreach.mailTokens()).read(input.token);
    if (!token) {
      throw badRequest('Please check token: this unsubscribe link is not valid', {
        token: 'This unsubscribe link is not valid. Use the newest link from an AlmQuest e-mail.',
      });
    }
    const subscribed = input.resubscribe === true && outreach.isMailAvailable;
    if (!(await setMailTopic(db, token.userId, token.topic, subscribed))) {
      // The account was deleted: nothing will be mailed to it any more.
      req.log.info('unsubscribe for an account that no longer exists');
    }
    req.log.info({ topic: token.topic, subscribed }, 'mail topic changed by link');
    const body: Unsubscribed = { topic: token.topic, subscribed };
    res.json(body);
  });

  router.get('/notification-settings', requireSession, async (req, res) => {
    res.json(await readSettings(db, sessionUser(req).id, outreach.isMailAvailable));
  });

  router.patch(
    '/notification-settings',
    requireSession,
    validate({ body: NotificationSettingsUpdateSchema }, async ({ body }, req, res) => {
      const settings = await updateSettings(
        db,
        sessionUser(req).id,
        body,
        outreach.isMailAvailable,
      );
      req.log.info({ change: body }, 'notification settings changed');
      res.json(settings);
    }),
  );

  return router;
}
