import {
  StandingChangeRequestSchema,
  StandingDayPathSchema,
  StandingDayRequestSchema,
  StandingDonationRequestSchema,
  type StandingDonation,
  type StandingList,
  StandingPathSchema,
} from '@almquest/contracts/standing';
import { Router } from 'express';
import { requireRegistered, sessionUser } from '../../middleware/authenticate';
import { limiter } from '../../middleware/limits';
import { validate } from '../../middleware/validate';
import { fenceChangedPackages } from '../packages/package-reads';
import { assertUserType } from '../users/users.policy';
import {
  changeStanding,
  clearStandingDay,
  createStanding,
  endStanding,
  getStanding,
  listStanding,
  setStandingDay,
  stopEveryDay,
  takeEveryDay,
} from './standing.service';
import type { RouteDeps } from '../route-deps';

/**
 * Standing donations (decision 041): a donor's own, and a distributor taking one every day. Every
 * route checks who asks: a donor sees and changes only their own (404 for anyone else's).
 */
export function standingRoutes({
  config,
  database,
  notifier,
  rematcher,
  reads,
}: Pick<RouteDeps, 'config' | 'database' | 'notifier' | 'rematcher' | 'reads'>): Router {
  const router = Router();
  const db = database.db;

  router.get('/standing-donations', requireRegistered, async (req, res) => {
    const user = sessionUser(req);
    assertUserType(user, 'donor');
    const body: StandingList = { standingDonations: await listStanding(db, user) };
    res.json(body);
  });

  router.post(
    '/standing-donations',
    requireRegistered,
    limiter(db, config, 'donation'),
    validate({ body: StandingDonationRequestSchema }, async ({ body }, req, res) => {
      const user = sessionUser(req);
      assertUserType(user, 'donor');
      const created: StandingDonation = await createStanding(db, user, body);
      req.log.info({ standingId: created.id }, 'standing donation set up');
      res.status(201).json(created);
    }),
  );

  router.get(
    '/standing-donations/:id',
    requireRegistered,
    validate({ params: StandingPathSchema }, async ({ params }, req, res) => {
      const user = sessionUser(req);
      assertUserType(user, 'donor');
      const body: StandingDonation = await getStanding(db, user, params.id);
      res.json(body);
    }),
  );

  router.patch(
    '/standing-donations/:id',
    requireRegistered,
    validate(
      { params: StandingPathSchema, body: StandingChangeRequestSchema },
      async ({ params, body }, req, res) => {
        const user = sessionUser(req);
        assertUserType(user, 'donor');
        const changed: StandingDonation = await changeStanding(db, user, params.id, body);
        req.log.info({ standingId: params.id, state: changed.state }, 'standing donation changed');
        res.json(changed);
      },
    ),
  );

  router.post(
    '/standing-donations/:id/end',
    requireRegistered,
    validate({ params: StandingPathSchema }, async ({ params }, req, res) => {
      const user = sessionUser(req);
      assertUserType(user, 'donor');
      const ended: StandingDonation = await endStanding(db, user, params.id);
      req.log.info({ standingId: params.id }, 'standing donation ended');
      res.json(ended);
    }),
  );

  router.put(
    '/standing-donations/:id/days/:date',
    requireRegistered,
    validate(
      { params: StandingDayPathSchema, body: StandingDayRequestSchema },
      async ({ params, body }, req, res) => {
        const user = sessionUser(req);
        assertUserType(user, 'donor');
        const result = await setStandingDay(db, user, params.id, params.date, body);
        notifier.notify(result.notifications);
        for (const freed of result.freed) rematcher.schedule(freed);
        for (const cancelled of result.cancelled) reads.forget(cancelled);
        if (result.cancelled.length > 0) await fenceChangedPackages(database, req.log);
        req.log.info(
          { standingId: params.id, date: params.date, cancelled: result.cancelled },
          'standing donation day changed',
        );
        res.json(result.standing);
      },
    ),
  );

  router.delete(
    '/standing-donations/:id/days/:date',
    requireRegistered,
    validate({ params: StandingDayPathSchema }, async ({ params }, req, res) => {
      const user = sessionUser(req);
      assertUserType(user, 'donor');
      const body: StandingDonation = await clearStandingDay(db, user, params.id, params.date);
      res.json(body);
    }),
  );

  router.put(
    '/standing-donations/:id/pickup',
    requireRegistered,
    validate({ params: StandingPathSchema }, async ({ params }, req, res) => {
      const user = sessionUser(req);
      assertUserType(user, 'distributor');
      await takeEveryDay(db, user, params.id);
      req.log.info({ standingId: params.id }, 'standing pickup taken');
      res.status(204).end();
    }),
  );

  router.delete(
    '/standing-donations/:id/pickup',
    requireRegistered,
    validate({ params: StandingPathSchema }, async ({ params }, req, res) => {
      await stopEveryDay(db, sessionUser(req), params.id);
      req.log.info({ standingId: params.id }, 'standing pickup stopped');
      res.status(204).end();
    }),
  );

  return router;
}
