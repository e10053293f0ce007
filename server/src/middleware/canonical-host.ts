import type { RequestHandler } from 'express';

/** This machine's own names: localhost, 127.0.0.0/8 and [::1]. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/**
 * True when a request came to this machine's loopback under another spelling than the app's own
 * loopback address, on the same port ("127.0.0.1:8080" for "http://localhost:8080"). Anything
 * else (a proxy that sends its upstream's Host, a public name) is left alone.
 */
export function isOtherLoopbackName(host: string | undefined, origin: string): boolean {
  if (!host) return false;
  const app = new URL(origin);
  let asked: URL;
  try {
    asked = new URL(`${app.protocol}//${host}`);
  } catch {
    return false;
  }
  return (
    isLoopback(app.hostname) &&
    isLoopback(asked.hostname) &&
    asked.hostname !== app.hostname &&
    asked.port === app.port
  );
}

/**
 * A page opened at another name for this machine (http://127.0.0.1:8080 for an app at
 * http://localhost:8080) moves to the app's own address: the sign-in returns there, and the
 * page's own requests would otherwise come from another origin and be refused. Health checks
 * and metrics answer where they are asked.
 */
export function ownLoopbackName(origin: string): RequestHandler {
  return (req, res, next) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      // A probe asks for the status itself: a redirect (which many probes count as healthy)
      // would hide a 503.
      req.path.startsWith('/api/health') ||
      // Nor a scrape: its tools read the answer as metrics (promtool failed on the redirect).
      req.path === '/metrics' ||
      !isOtherLoopbackName(req.headers.host, origin)
    )
      return next();
    const { pathname, search } = new URL(req.originalUrl, origin);
    res.redirect(303, `${origin}${pathname}${search}`);
  };
}
