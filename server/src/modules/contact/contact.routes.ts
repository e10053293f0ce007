import { type ContactAccepted, ContactMessageSchema } from '@almquest/contracts/contact';
import { Router } from 'express';
import { limiter } from '../../middleware/limits';
import { validate } from '../../middleware/validate';
import { acceptContactMessage } from './contact.service';
import type { Mailer } from './mailer';
import type { RouteDeps } from '../route-deps';

/** POST /api/contact: public, rate limited, stored before anything else happens. */
export function contactRoutes({
  config,
  database,
  mailer,
  logger,
}: Pick<RouteDeps, 'config' | 'database' | 'logger'> & {
  mailer: Mailer | null;
}): Router {
  const router = Router();

  router.post(
    '/contact',
    limiter(database.db, config, 'contact'),
    validate({ body: ContactMessageSchema }, async ({ body }, req, res) => {
      const id = await acceptContactMessage(
        { db: database.db, mailer, logger: req.log, backgroundLogger: logger },
        body,
      );
      const accepted: ContactAccepted = { id, status: 'received' };
      res.status(202).json(accepted);
    }),
  );

  return router;
}
