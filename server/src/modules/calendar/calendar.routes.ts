import type { CalendarLink, CalendarStatus } from '@almquest/contracts/calendar';
import { PackageIdPathSchema } from '@almquest/contracts/packages';
import { Router } from 'express';
import { z } from 'zod';
import { notFound, words } from '../../errors';
import { requireRegistered, sessionUser } from '../../middleware/authenticate';
import { limiter } from '../../middleware/limits';
import { validate } from '../../middleware/validate';
import { assertCanViewPackage } from '../packages/packages.policy';
import { getPackageWithEvents } from '../packages/packages.service';
import { refuseFormerDistributorByEvents } from '../packages/lifecycle/write';
import {
  calendarOwner,
  newCalendarToken,
  packageCalendar,
  personalCalendar,
  revokeCalendarToken,
} from './calendar.service';
import type { RouteDeps } from '../route-deps';

const FeedPathSchema = z.object({ file: z.string().max(100) });
const ICS = 'text/calendar; charset=utf-8';

/**
 * Calendars (decision 041): each person's private feed of their pickups and donations, at an
 * address only they know (revoked by making a new one), and any package's own .ics.
 */
export function calendarRoutes({
  config,
  database,
}: Pick<RouteDeps, 'config' | 'database'>): Router {
  const router = Router();
  const db = database.db;

  // The feed is read by calendar apps, with no session: its unguessable address is the key.
  router.get(
    '/calendar/:file',
    limiter(db, config, 'calendar-address'),
    limiter(db, config, 'calendar'),
    validate({ params: FeedPathSchema }, async ({ params }, _req, res) => {
      const token = params.file.replace(/\.ics$/, '');
      const owner = await calendarOwner(db, token);
      if (!owner) {
        throw notFound(
          'No such calendar: its address may have been replaced by a new one.',
          words('noSuchCalendar'),
        );
      }
      res
        .type(ICS)
        .set('Cache-Control', 'private, max-age=300')
        .send(await personalCalendar(db, owner, config.origin));
    }),
  );

  router.get('/me/calendar', requireRegistered, (req, res) => {
    const body: CalendarStatus = { isOn: sessionUser(req).calendarTokenHash !== null };
    res.json(body);
  });

  // A new address (the old one stops working); shown once: only its hash is kept.
  router.post('/me/calendar', requireRegistered, async (req, res) => {
    const token = await newCalendarToken(db, sessionUser(req));
    await database.sessions.fence();
    req.log.info('calendar feed address made');
    const body: CalendarLink = { url: `${config.origin}/api/calendar/${token}.ics` };
    res.status(201).json(body);
  });

  router.delete('/me/calendar', requireRegistered, async (req, res) => {
    await revokeCalendarToken(db, sessionUser(req));
    await database.sessions.fence();
    req.log.info('calendar feed turned off');
    res.status(204).end();
  });

  router.get(
    '/package/:id/ics',
    requireRegistered,
    validate({ params: PackageIdPathSchema }, async ({ params }, req, res) => {
      const user = sessionUser(req);
      const { pkg, events } = await getPackageWithEvents(db, params.id);
      refuseFormerDistributorByEvents(user, pkg, events);
      assertCanViewPackage(user, pkg);
      res
        .type(ICS)
        .set('Content-Disposition', `attachment; filename="almquest-${pkg.id}.ics"`)
        .set('Cache-Control', 'private, no-store')
        .send(packageCalendar(pkg, user, config.origin, events.length));
    }),
  );

  return router;
}
