import type { RequestHandler } from 'express';
import type { Config } from '../../config';
import type { UserRow } from '../../db/rows';
import { forbidden, unauthenticated, words } from '../../errors';

/** Coordinators are the e-mails in COORDINATOR_EMAILS, whatever else they are. */
export function isCoordinator(config: Pick<Config, 'coordinatorEmails'>, user: UserRow): boolean {
  return config.coordinatorEmails.has(user.email.toLowerCase());
}

/** Every /api/coordinator route: 401 for a visitor, 403 for anyone not a coordinator. */
export function requireCoordinator(config: Pick<Config, 'coordinatorEmails'>): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) throw unauthenticated();
    if (!isCoordinator(config, req.user))
      throw forbidden('Only coordinators can do that.', words('coordinatorsOnly'));
    next();
  };
}
