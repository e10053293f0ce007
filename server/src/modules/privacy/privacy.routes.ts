import {
  ConsentRequestSchema,
  PRIVACY_NOTICE_VERSION,
  type PrivacySettings,
  type Processor,
} from '@almquest/contracts/privacy';
import { Router } from 'express';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { notFound, words } from '../../errors';
import { requireRegistered, requireSession, sessionUser } from '../../middleware/authenticate';
import { limiter } from '../../middleware/limits';
import { validate } from '../../middleware/validate';
import { recordConsent } from './consent';
import { exportPersonalData } from './export';

/** The services this deployment hands personal data to, as its configuration turns them on. */
function processorsOf(config: Config): Processor[] {
  const on: [Processor, boolean][] = [
    ['email', config.notificationMail !== null],
    // Keys are made and kept at the first start when none are configured: always on.
    ['push', true],
    ['whatsapp', config.whatsapp !== null],
    ['sms', config.sms !== null],
    ['pusher', config.pusher !== null],
    ['places', config.googlePlaces !== null],
    ['routes', config.osrmUrl !== null],
  ];
  return on.filter(([, isOn]) => isOn).map(([name]) => name);
}

/**
 * Personal data under India's DPDP Act (decision 043): the notice's operator part (public), a
 * registered person accepting a newer notice, and everyone's download of their own data.
 */
export function privacyRoutes({ config, database }: { config: Config; database: Database }) {
  const router = Router();
  const db = database.db;
  const settings: PrivacySettings = {
    notice: PRIVACY_NOTICE_VERSION,
    operator: { name: config.privacy.operator, address: config.privacy.address },
    grievance: config.privacy.grievance,
    retention: {
      ...config.privacy.retention,
      dormantAccount:
        config.notificationMail === null ? null : config.privacy.retention.dormantAccount,
    },
    processors: processorsOf(config),
  };

  router.get('/privacy', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(settings);
  });

  router.post(
    '/me/consent',
    requireRegistered,
    limiter(db, config, 'consent'),
    validate({ body: ConsentRequestSchema }, async ({ body }, req, res) => {
      const user = sessionUser(req);
      if (!(await recordConsent(db, user.id, body.consent))) {
        throw notFound(
          'Your account no longer exists. Please sign in again.',
          words('accountGone'),
        );
      }
      // Every process reads the new version from now on (the session is cached).
      await database.sessions.fence();
      req.log.info({ userId: user.id, notice: body.consent.notice }, 'privacy notice accepted');
      res.status(204).end();
    }),
  );

  router.get('/me/export', requireSession, limiter(db, config, 'export'), async (req, res) => {
    const user = sessionUser(req);
    const data = await exportPersonalData(db, user.id, config.origin);
    if (!data)
      throw notFound('Your account no longer exists. Please sign in again.', words('accountGone'));
    req.log.info({ userId: user.id }, 'personal data exported');
    res
      .set('Cache-Control', 'no-store')
      .set('Content-Disposition', 'attachment; filename="almquest-my-data.json"')
      .type('application/json')
      .send(JSON.stringify(data, null, 2));
  });

  return router;
}
