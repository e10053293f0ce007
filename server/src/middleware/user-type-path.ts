import { UserTypeSchema } from '@almquest/contracts/session';
import type { RequestHandler } from 'express';

/**
 * First step of every `/:userType/...` route: a path whose first segment is not a role
 * (`/package/…`, `/places/…`) is not this route's business, so it goes on to the next route (and
 * ends in 404 like any unknown path) instead of being refused as a bad user type.
 */
export const onlyUserTypes: RequestHandler = (req, _res, next) => {
  next(UserTypeSchema.safeParse(req.params.userType).success ? undefined : 'route');
};
