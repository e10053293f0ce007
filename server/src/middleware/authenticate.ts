import type { RequestHandler } from 'express';
import type { Database } from '../db/client';
import { forbidden, unauthenticated, words } from '../errors';
import { readCookie } from '../lib/cookies';
import type { UserRow } from '../db/rows';
import { findSessionUser } from '../db/sessions';

export const SESSION_COOKIE = 'aq_session';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user, set by `authenticate` when the session cookie is valid. */
    user?: UserRow;
    /** The raw session token, for sign-out. */
    sessionToken?: string;
  }
}

/** Loads the signed-in user from the session cookie, if any. Never refuses by itself. */
export function authenticate(database: Database): RequestHandler {
  return async (req, _res, next) => {
    const token = readCookie(req, SESSION_COOKIE);
    if (token) {
      // From memory the read goes on in this tick; otherwise one query.
      const found = findSessionUser(database, token);
      const user = found instanceof Promise ? await found : found;
      if (user) {
        req.user = user;
        req.sessionToken = token;
      }
    }
    next();
  };
}

/** Refuses with 401 unless someone is signed in. */
export const requireSession: RequestHandler = (req, _res, next) => {
  if (!req.user) throw unauthenticated();
  next();
};

/** Refuses unless the signed-in user has registered as a donor or distributor. */
export const requireRegistered: RequestHandler = (req, _res, next) => {
  if (!req.user) throw unauthenticated();
  if (!req.user.userType)
    throw forbidden('Please register as a donor or a distributor first.', words('registerFirst'));
  next();
};

/** The signed-in user inside a handler that sits behind requireSession. */
export function sessionUser(req: { user?: UserRow }): UserRow {
  if (!req.user) throw unauthenticated();
  return req.user;
}
