import { asc, gt } from 'drizzle-orm';
import { Router } from 'express';
import { z } from 'zod';
import { notifications } from '../../db/schema';
import { conflict, words } from '../../errors';
import type { SimClock } from '../../lib/sim-clock';
import { validate } from '../../middleware/validate';
import { requireCoordinator } from '../coordinator/coordinator.policy';
import { nextDeadline } from '../packages/lifecycle/changes';
import type { DeadlineSweeper } from '../packages/lifecycle/deadlines';
import type { StandingLister } from '../standing/standing.service';
import type { RouteDeps } from '../route-deps';

const MoveClockSchema = z.strictObject({
  at: z.iso.datetime({ offset: true, error: 'at must be a time like 2026-11-24T18:30:00+05:30' }),
});

const NotificationsAfterSchema = z.strictObject({
  after: z.coerce
    .number({ error: 'after must be a number' })
    .int('after must be a whole number')
    .min(0, 'after must be at least 0')
    .default(0),
});

/**
 * /api/sim/*: only with SIM_CLOCK (config.simClock), only for coordinators (the simulation signs
 * in as one). The simulation moves the clock, and reads what each simulated person's phone would
 * show, as the world around the app; everything people do goes through the app's own routes.
 */
export function simulationRoutes({
  config,
  database,
  clock,
  deadlines,
  standing,
  rematcher,
}: Pick<RouteDeps, 'config' | 'database' | 'rematcher'> & {
  clock: SimClock;
  deadlines: DeadlineSweeper;
  standing: StandingLister;
}): Router {
  const router = Router();
  router.use('/sim', requireCoordinator(config));

  // Moves the clock on, then does what is due by then (lapsed offers, expiry) and what that sets
  // off (matching again), so the answer comes when the app is settled at the new time.
  router.post(
    '/sim/clock',
    validate({ body: MoveClockSchema }, async ({ body }, _req, res) => {
      const to = Date.parse(body.at);
      if (to < clock.now())
        throw conflict('The simulation clock only moves forward.', words('clockOnlyForward'));
      clock.moveTo(to);
      // The standing donations' days due by then are listed first, then deadlines swept.
      await standing.runOnce();
      const swept = await deadlines.runOnce();
      await rematcher.whenIdle();
      res.json({ now: new Date(clock.now()).toISOString(), swept });
    }),
  );

  // What reached people since `after` (the last `seq` read), oldest first: a simulated person
  // answers what their phone shows. And when the next deadline falls, for the clock to go there.
  router.get(
    '/sim/notifications',
    validate({ query: NotificationsAfterSchema }, async ({ query }, _req, res) => {
      const rows = await database.db
        .select({
          seq: notifications.id,
          userId: notifications.userId,
          packageId: notifications.packageId,
          kind: notifications.kind,
          state: notifications.state,
        })
        .from(notifications)
        .where(gt(notifications.id, query.after))
        .orderBy(asc(notifications.id))
        .limit(5000);
      const next = await nextDeadline(database.db, config.matching);
      res.json({ notifications: rows, nextDeadline: next?.toISOString() ?? null });
    }),
  );
  return router;
}
