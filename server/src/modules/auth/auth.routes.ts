import { isLocale } from '@almquest/contracts/locales';
import type { SessionResponse, SessionUser } from '@almquest/contracts/session';
import type { SignInErrorCode } from '@almquest/contracts/sign-in-errors';
import { Router } from 'express';
import { clearCookie, readCookie, setCookie } from '../../lib/cookies';
import { requireSession, SESSION_COOKIE, sessionUser } from '../../middleware/authenticate';
import { limiter } from '../../middleware/limits';
import { serviceUnavailable, words } from '../../errors';
import { isCoordinator } from '../coordinator/coordinator.policy';
import { presentSessionUser } from '../users/users.presenter';
import { safeReturnTo, saveAuthRequest, takeAuthRequest, upsertSignedInUser } from './auth.service';
import { type OidcClient, SignInError } from './oidc-client';
import type { LiveEvents } from '../../realtime/live-events';
import { createSession, deleteSession, hashToken } from '../../db/sessions';
import type { RouteDeps } from '../route-deps';

const AUTH_COOKIE = 'aq_auth';
/** Set at sign-out: the next sign-in asks the provider to show its page (choose an account). */
const SIGNED_OUT_COOKIE = 'aq_signed_out';
const AUTH_COOKIE_PATH = '/api/auth';

/**
 * Sends the browser back into the app with a note the client turns into an alert. The path was
 * made safe when the sign-in started; it is checked again here, so nothing else can lead off-site.
 */
function backToApp(
  returnTo: string,
  params: { signedIn: '1' } | { signInError: SignInErrorCode },
): string {
  const url = new URL(safeReturnTo(returnTo), 'http://app.invalid');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}${url.hash}`;
}

export function authRoutes({
  config,
  database,
  oidcClient,
  logger,
  live,
}: Pick<RouteDeps, 'config' | 'database' | 'logger'> & {
  oidcClient: OidcClient;
  live: Pick<LiveEvents, 'hub'>;
}): Router {
  const router = Router();
  const isSecure = config.origin.startsWith('https://');
  const signInLimit = limiter(database.db, config, 'sign-in');

  router.get('/auth/login', signInLimit, async (req, res) => {
    // Opened under another name for this same machine (127.0.0.1 for localhost): the provider
    // sends the person back to the app's own address, where this sign-in's cookie would be
    // missing. Start it there instead, so it can finish.
    const returnTo = safeReturnTo(req.query.returnTo);
    let start;
    try {
      start = await oidcClient.startLogin({
        isAfterSignOut: readCookie(req, SIGNED_OUT_COOKIE) === '1',
        // The app's language, passed on to the provider's sign-in page; anything else is ignored.
        locale: isLocale(req.query.lang) ? req.query.lang : undefined,
      });
    } catch (err) {
      req.log.error({ err }, 'sign-in provider unreachable');
      throw serviceUnavailable(
        'Sign-in is unavailable right now. Please try again in a minute.',
        words('signInUnavailable'),
      );
    }
    const id = await saveAuthRequest(database.db, start, returnTo);
    setCookie(res, AUTH_COOKIE, id, { maxAgeMs: 10 * 60 * 1000, path: AUTH_COOKIE_PATH, isSecure });
    clearCookie(res, SIGNED_OUT_COOKIE, { path: AUTH_COOKIE_PATH, isSecure });
    res.redirect(303, start.url);
  });

  router.get('/auth/callback', signInLimit, async (req, res) => {
    const requestId = readCookie(req, AUTH_COOKIE);
    clearCookie(res, AUTH_COOKIE, { path: AUTH_COOKIE_PATH, isSecure });
    const pending = requestId ? await takeAuthRequest(database.db, requestId) : null;
    if (!pending) {
      res.redirect(303, backToApp('/', { signInError: 'expired' }));
      return;
    }
    if (req.query.error !== undefined) {
      // The provider's own words (error_description) are never passed on: only a fixed code.
      const code = req.query.error === 'access_denied' ? 'cancelled' : 'provider';
      res.redirect(303, backToApp(pending.returnTo, { signInError: code }));
      return;
    }
    try {
      const callbackUrl = new URL(req.originalUrl, config.origin);
      const identity = await oidcClient.finishLogin(callbackUrl, {
        state: pending.state,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
      });
      const { id: userId, isSuspended } = await upsertSignedInUser(database.db, identity);
      if (isSuspended) {
        logger.info({ userId }, 'sign-in refused: suspended');
        res.redirect(303, backToApp(pending.returnTo, { signInError: 'suspended' }));
        return;
      }
      // A fresh session id at every sign-in; an older session cookie is dropped.
      const previous = readCookie(req, SESSION_COOKIE);
      if (previous) await deleteSession(database, previous);
      const token = await createSession(database.db, userId, config.sessionTtlMs);
      setCookie(res, SESSION_COOKIE, token, { maxAgeMs: config.sessionTtlMs, isSecure });
      logger.info({ userId }, 'signed in');
      res.redirect(303, backToApp(pending.returnTo, { signedIn: '1' }));
    } catch (error) {
      const code = error instanceof SignInError ? error.code : 'failed';
      if (!(error instanceof SignInError)) req.log.warn({ err: error }, 'sign-in failed');
      res.redirect(303, backToApp(pending.returnTo, { signInError: code }));
    }
  });

  router.post('/auth/logout', async (req, res) => {
    if (req.sessionToken) {
      await deleteSession(database, req.sessionToken);
      // Live streams opened with this session end now (other processes notice at the heartbeat).
      live.hub.closeSession(hashToken(req.sessionToken));
    }
    clearCookie(res, SESSION_COOKIE, { isSecure });
    setCookie(res, SIGNED_OUT_COOKIE, '1', {
      maxAgeMs: 30 * 24 * 60 * 60 * 1000,
      path: AUTH_COOKIE_PATH,
      isSecure,
    });
    res.status(204).end();
  });

  // The app asks on every page load; a visitor is an answer, not an error (no 401 in the console).
  router.get('/session', (req, res) => {
    const body: SessionResponse = {
      user: req.user
        ? presentSessionUser(sessionUser(req), isCoordinator(config, sessionUser(req)))
        : null,
    };
    res.json(body);
  });

  router.get('/me', requireSession, (req, res) => {
    const body: SessionUser = presentSessionUser(
      sessionUser(req),
      isCoordinator(config, sessionUser(req)),
    );
    res.json(body);
  });

  return router;
}
