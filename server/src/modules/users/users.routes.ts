import {
  CheckExistRequestSchema,
  DistributorRegistrationSchema,
  DistributorUpdateSchema,
  DonorRegistrationSchema,
  DonorUpdateSchema,
  IdPathSchema,
  type ProfileResponse,
  type ToggleActivityResponse,
} from '@almquest/contracts/users';
import { LocaleRequestSchema, type UserType } from '@almquest/contracts/session';
import { Router } from 'express';
import type { z } from 'zod';
import type { AppDb } from '../../db/client';
import type { ProfileRows } from '../../db/rows';
import { clearCookie } from '../../lib/cookies';
import {
  requireRegistered,
  requireSession,
  SESSION_COOKIE,
  sessionUser,
} from '../../middleware/authenticate';
import { limiter } from '../../middleware/limits';
import { ownPathRoute } from './own-path';
import { validate } from '../../middleware/validate';
import { presentCheckExist, presentProfile } from './users.presenter';
import { assertEmailEcho, assertOwnEmail, assertOwnPath } from './users.policy';
import {
  setAccountLocale,
  deleteAccount,
  donorTypeOf,
  getProfileRows,
  registerDistributor,
  registerDonor,
  toggleDistributorActivity,
  updateDistributor,
  updateDonor,
} from './users.service';
import type { RouteDeps } from '../route-deps';

export type UserEvents = {
  /** A distributor appeared, came back, or has more room: Not Paired packages may now match. */
  onDistributorCapacityChanged: (distributorId: string) => void;
};

export function usersRoutes({
  config,
  database,
  events,
}: Pick<RouteDeps, 'config' | 'database'> & {
  events: UserEvents;
}): Router {
  const isSecure = config.origin.startsWith('https://');
  const router = Router();
  const db = database.db;

  router.post(
    '/checkExist',
    requireSession,
    validate({ body: CheckExistRequestSchema }, async ({ body }, req, res) => {
      const user = sessionUser(req);
      assertOwnEmail(user, body.email);
      const donorType = user.userType === 'donor' ? await donorTypeOf(db, user.id) : null;
      res.json(presentCheckExist(user, donorType));
    }),
  );

  /**
   * The steps of a registration, for the role named in its path: the body by that role's
   * schema, the e-mail echo checked, the profile made; a new distributor may take waiting
   * packages.
   */
  const registration = <T extends { email?: string | undefined }>(
    userType: UserType,
    schema: z.ZodType<T>,
    register: (db: AppDb, userId: string, body: T) => Promise<ProfileRows>,
  ) => [
    requireSession,
    limiter(db, config, 'registration'),
    validate({ body: schema }, async ({ body }, req, res) => {
      const user = sessionUser(req);
      assertEmailEcho(user, body.email);
      const rows = await register(db, user.id, body);
      // Every process reads the person's new role from now on (their session is cached).
      await database.sessions.fence();
      req.log.info({ userId: user.id }, `registered as ${userType}`);
      if (userType === 'distributor') events.onDistributorCapacityChanged(user.id);
      const response: ProfileResponse = { data: presentProfile(rows, config.matching) };
      res.status(201).json(response);
    }),
  ];
  router.post('/donor/register', ...registration('donor', DonorRegistrationSchema, registerDonor));
  router.post(
    '/distributor/register',
    ...registration('distributor', DistributorRegistrationSchema, registerDistributor),
  );

  /** The steps of a profile update, for the role named in its path. */
  const update = <T>(
    userType: UserType,
    schema: z.ZodType<T>,
    save: (db: AppDb, userId: string, patch: T) => Promise<ProfileRows>,
  ) => [
    requireRegistered,
    validate({ params: IdPathSchema, body: schema }, async ({ params, body }, req, res) => {
      const user = sessionUser(req);
      assertOwnPath(user, { id: params.id, userType });
      const rows = await save(db, user.id, body);
      await database.sessions.fence();
      if (userType === 'distributor') events.onDistributorCapacityChanged(user.id);
      const response: ProfileResponse = { data: presentProfile(rows, config.matching) };
      res.json(response);
    }),
  ];
  router.patch('/donor/update/:id', ...update('donor', DonorUpdateSchema, updateDonor));
  router.patch(
    '/distributor/update/:id',
    ...update('distributor', DistributorUpdateSchema, updateDistributor),
  );

  // Routes that do the same for both roles are declared once, at /:userType/...; those whose body
  // or effect differ by role (register, update, toggle) name their role in the path.
  router.get(
    '/:userType/:id',
    ...ownPathRoute(async ({ user, params }, _req, res) => {
      const rows = await getProfileRows(db, user.id, params.userType);
      const response: ProfileResponse = { data: presentProfile(rows, config.matching) };
      res.json(response);
    }),
  );

  // The language chosen in the app, kept on the account (also for someone not yet registered).
  router.put(
    '/me/locale',
    requireSession,
    validate({ body: LocaleRequestSchema }, async ({ body }, req, res) => {
      await setAccountLocale(db, sessionUser(req).id, body.locale);
      await database.sessions.fence();
      res.status(204).end();
    }),
  );

  router.post(
    '/distributor/toggle/:id',
    requireRegistered,
    validate({ params: IdPathSchema }, async ({ params }, req, res) => {
      const user = sessionUser(req);
      assertOwnPath(user, { id: params.id, userType: 'distributor' });
      const isActive = await toggleDistributorActivity(db, user.id);
      if (isActive) events.onDistributorCapacityChanged(user.id);
      res.json({ isActive } satisfies ToggleActivityResponse);
    }),
  );

  router.delete(
    '/:userType/:id',
    ...ownPathRoute(async ({ user }, req, res) => {
      await deleteAccount(db, user.id);
      // Its sessions are gone; no process may honour one after this answer.
      await database.sessions.fence();
      clearCookie(res, SESSION_COOKIE, { isSecure });
      req.log.info({ userId: user.id }, 'account deleted');
      res.status(204).end();
    }),
  );

  return router;
}
