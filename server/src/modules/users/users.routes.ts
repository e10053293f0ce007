import {
  CheckExistRequestSchema,
  DistributorRegistrationSchema,
  DistributorUpdateSchema,
  DonorRegistrationSchema,
  DonorUpdateSchema,
  IdPathSchema,
  type ProfileResponse,
  type ToggleActivityResponse,
  UserPathSchema,
} from '@almquest/contracts/users';
import { Router } from 'express';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { clearCookie } from '../../lib/cookies';
import {
  requireRegistered,
  requireSession,
  SESSION_COOKIE,
  sessionUser,
} from '../../middleware/authenticate';
import { personOrAddressKey, rateLimit } from '../../middleware/rate-limit';
import { onlyUserTypes } from '../../middleware/user-type-path';
import { validate } from '../../middleware/validate';
import { presentCheckExist, presentProfile } from './users.presenter';
import { assertEmailEcho, assertIsSelf, assertOwnEmail, assertUserType } from './users.policy';
import {
  deleteAccount,
  getProfileRows,
  registerDistributor,
  registerDonor,
  toggleDistributorActivity,
  updateDistributor,
  updateDonor,
} from './users.service';

export type UserEvents = {
  /** A distributor appeared, came back, or has more room: Not Paired packages may now match. */
  onDistributorCapacityChanged: (distributorId: string) => void;
};

export function usersRoutes({
  config,
  database,
  events,
}: {
  config: Config;
  database: Database;
  events: UserEvents;
}): Router {
  const isSecure = config.origin.startsWith('https://');
  const router = Router();
  const db = database.db;
  const registrationLimit = rateLimit(database.db, {
    name: 'registration',
    max: 20,
    multiplier: config.rateLimitMultiplier,
    scope: config.rateLimitScope,
    windowMs: 10 * 60_000,
    message: 'Too many registration attempts. Please wait a few minutes.',
    // Counted per person (it runs after requireSession): a visitor without a session is refused
    // before it counts, so nobody can use up the limit of others behind the same address.
    key: personOrAddressKey,
  });

  router.post(
    '/checkExist',
    requireSession,
    validate({ body: CheckExistRequestSchema }, ({ body }, req, res) => {
      const user = sessionUser(req);
      assertOwnEmail(user, body.email);
      res.json(presentCheckExist(user));
    }),
  );

  router.post(
    '/donor/register',
    requireSession,
    registrationLimit,
    validate({ body: DonorRegistrationSchema }, async ({ body }, req, res) => {
      const user = sessionUser(req);
      assertEmailEcho(user, body.email);
      const rows = await registerDonor(db, user.id, body);
      req.log.info({ userId: user.id }, 'registered as donor');
      const response: ProfileResponse = { data: presentProfile(rows) };
      res.status(201).json(response);
    }),
  );

  router.post(
    '/distributor/register',
    requireSession,
    registrationLimit,
    validate({ body: DistributorRegistrationSchema }, async ({ body }, req, res) => {
      const user = sessionUser(req);
      assertEmailEcho(user, body.email);
      const rows = await registerDistributor(db, user.id, body);
      req.log.info({ userId: user.id }, 'registered as distributor');
      events.onDistributorCapacityChanged(user.id);
      const response: ProfileResponse = { data: presentProfile(rows) };
      res.status(201).json(response);
    }),
  );

  // Routes that do the same for both roles are declared once, at /:userType/...; those whose body
  // or effect differ by role (register, update, toggle) name their role in the path.
  router.get(
    '/:userType/:id',
    onlyUserTypes,
    requireRegistered,
    validate({ params: UserPathSchema }, async ({ params }, req, res) => {
      const user = sessionUser(req);
      assertIsSelf(user, params.id);
      assertUserType(user, params.userType);
      const rows = await getProfileRows(db, user.id, params.userType);
      const response: ProfileResponse = { data: presentProfile(rows) };
      res.json(response);
    }),
  );

  router.patch(
    '/donor/update/:id',
    requireRegistered,
    validate(
      { params: IdPathSchema, body: DonorUpdateSchema },
      async ({ params, body }, req, res) => {
        const user = sessionUser(req);
        assertIsSelf(user, params.id);
        assertUserType(user, 'donor');
        const rows = await updateDonor(db, user.id, body);
        const response: ProfileResponse = { data: presentProfile(rows) };
        res.json(response);
      },
    ),
  );

  router.patch(
    '/distributor/update/:id',
    requireRegistered,
    validate(
      { params: IdPathSchema, body: DistributorUpdateSchema },
      async ({ params, body }, req, res) => {
        const user = sessionUser(req);
        assertIsSelf(user, params.id);
        assertUserType(user, 'distributor');
        const rows = await updateDistributor(db, user.id, body);
        const response: ProfileResponse = { data: presentProfile(rows) };
        events.onDistributorCapacityChanged(user.id);
        res.json(response);
      },
    ),
  );

  router.post(
    '/distributor/toggle/:id',
    requireRegistered,
    validate({ params: IdPathSchema }, async ({ params }, req, res) => {
      const user = sessionUser(req);
      assertIsSelf(user, params.id);
      assertUserType(user, 'distributor');
      const isActive = await toggleDistributorActivity(db, user.id);
      if (isActive) events.onDistributorCapacityChanged(user.id);
      res.json({ isActive } satisfies ToggleActivityResponse);
    }),
  );

  router.delete(
    '/:userType/:id',
    onlyUserTypes,
    requireRegistered,
    validate({ params: UserPathSchema }, async ({ params }, req, res) => {
      const user = sessionUser(req);
      assertIsSelf(user, params.id);
      assertUserType(user, params.userType);
      await deleteAccount(db, user.id);
      clearCookie(res, SESSION_COOKIE, { isSecure });
      req.log.info({ userId: user.id }, 'account deleted');
      res.status(204).end();
    }),
  );

  return router;
}
