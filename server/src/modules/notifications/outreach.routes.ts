import {
  NotificationSettingsUpdateSchema,
  type Unsubscribed,
  UnsubscribeSchema,
  type MailTopic,
} from '@almquest/contracts/push';
import { Router } from 'express';
import { badRequest, words } from '../../errors';
import { requireSession, sessionUser } from '../../middleware/authenticate';
import { limiter } from '../../middleware/limits';
import { parseOrThrow, validate } from '../../middleware/validate';
import type { Outreach } from './outreach';
import { readSettings, setMailTopic, updateSettings } from './settings.service';
import type { RouteDeps } from '../route-deps';

/**
 * How a person hears of their packages outside the page: their choices, and the
 * unsubscribe link of every notification e-mail. The link works without signing in: the token
 * is signed; `POST /api/mail/unsubscribe?token=` is also the one-click of RFC 8058, which mail
 * programs send as a form without a JSON body, from anywhere (app.ts exempts it from the
 * cross-site check: the token is the permission).
 */
export function outreachRoutes({
  config,
  database,
  outreach,
}: Pick<RouteDeps, 'config' | 'database'> & {
  outreach: Outreach;
}): Router {
  const router = Router();
  const db = database.db;
  const badTokenLimit = limiter(db, config, 'unsubscribe-bad-token');

  // A mail program without one-click opens the List-Unsubscribe address in a browser: send it to
  // the page, which asks nothing more and applies the link.
  router.get('/mail/unsubscribe', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    res.redirect(303, `/unsubscribe?token=${encodeURIComponent(token)}`);
  });

  router.post('/mail/unsubscribe', async (req, res) => {
    const fromQuery = typeof req.query.token === 'string' ? req.query.token : undefined;
    const isJson = typeof req.is('application/json') === 'string';
    const input = parseOrThrow(UnsubscribeSchema, isJson ? req.body : { token: fromQuery });
    const tokens = await outreach.mailTokens();
    const isUndo = input.resubscribe === true;
    const token: { userId: string; topic: MailTopic; issuedAt?: Date } | null = isUndo
      ? tokens.readUndo(input.token)
      : tokens.read(input.token);
    if (!token) {
      // Only bad tokens count against the sender's address: a big mail provider sends every
      // valid one-click from a few addresses.
      await new Promise<void>((resolve, reject) => {
        // The limiter answers through next(), or throws (429) from its promise.
        Promise.resolve(
          badTokenLimit(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
        ).catch(reject);
      });
      throw badRequest(
        isUndo
          ? 'Please check token: this undo has expired'
          : 'Please check token: this unsubscribe link is not valid',
        {
          token: isUndo
            ? 'This undo has expired. Change your e-mail settings on your profile.'
            : 'This unsubscribe link is not valid. Use the newest link from an AlmQuest e-mail.',
        },
        words(isUndo ? 'undoExpired' : 'unsubscribeInvalid'),
      );
    }
    const subscribed = isUndo && outreach.isMailAvailable;
    const { isKnown, isChanged, isSpent } = await setMailTopic(
      db,
      token.userId,
      token.topic,
      subscribed,
      token.issuedAt ?? null,
    );
    if (isSpent) {
      throw badRequest(
        'Please check token: this undo no longer applies',
        {
          token:
            'Your e-mail settings have changed since (or this undo was used). Change them on your profile.',
        },
        words('undoSpent'),
      );
    }
    await database.sessions.fence();
    if (!isKnown) {
      // The account was deleted: nothing will be mailed to it any more.
      req.log.info('unsubscribe for an account that no longer exists');
    }
    req.log.info({ topic: token.topic, subscribed, isChanged }, 'mail topic set by link');
    // An undo only for what this link turned off: an old or forwarded mail, after e-mails were
    // turned off on the profile, must not hand out a way to turn them back on.
    const body: Unsubscribed = {
      topic: token.topic,
      subscribed,
      ...(!subscribed && isChanged
        ? { undoToken: tokens.makeUndo(token.userId, token.topic) }
        : {}),
    };
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
      await database.sessions.fence();
      req.log.info({ change: body }, 'notification settings changed');
      res.json(settings);
    }),
  );

  return router;
}
