import type { RequestHandler } from 'express';
import { forbidden, words } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by a page on another origin (CSRF), judged by the Origin
 * header browsers attach, or by Sec-Fetch-Site when Origin is absent. Requests with neither come
 * from programs, not browsers, and cannot ride on a visitor's cookies. `exempt` paths carry their
 * own permission (a signed token) and use no cookie.
 */
export function sameOrigin(
  allowedOrigin: string,
  { exempt = [] }: { exempt?: string[] } = {},
): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || exempt.includes(req.path)) return next();
    const origin = req.headers.origin;
    // A form posted from our own page says "Origin: null" (our pages send no referrer); the
    // browser's Sec-Fetch-Site then says whether it was ours. Without it, null is refused.
    if (origin === 'null') {
      if (req.headers['sec-fetch-site'] === 'same-origin') return next();
      throw forbidden('Requests from other websites are not accepted.', words('otherWebsites'));
    }
    if (origin !== undefined) {
      if (origin !== allowedOrigin) {
        throw forbidden('Requests from other websites are not accepted.', words('otherWebsites'));
      }
      return next();
    }
    const site = req.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') {
      throw forbidden('Requests from other websites are not accepted.', words('otherWebsites'));
    }
    next();
  };
}

/**
 * For downloads that are worth something to read or that leave a trace (a CSV export): a GET
 * started by another site's page (a link or an image tag riding on the visitor's cookie) is
 * refused. Browsers say where a request came from in Sec-Fetch-Site; programs send none.
 */
export function refuseCrossSite(): RequestHandler {
  return (req, _res, next) => {
    const site = req.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') {
      throw forbidden(
        'Downloads started from other websites are not accepted.',
        words('otherWebsites'),
      );
    }
    next();
  };
}
