import type { RequestHandler } from 'express';
import { AppError } from '../errors';

export type RateLimitOptions = {
  /** Names the limit in logs and keeps separate limits apart. */
  name: string;
  max: number;
  /** Scales max (config.rateLimitMultiplier). */
  multiplier?: number;
  windowMs: number;
  message: string;
  /** Defaults to the client IP. */
  key?: (req: Parameters<RequestHandler>[0]) => string;
};

/**
 * A fixed-window counter per key, in this process's memory. Enough to stop a script hammering one
 * server; several instances each count on their own.
 */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  const hits = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = Date.now() + options.windowMs;
  const max = Math.max(1, Math.round(options.max * (options.multiplier ?? 1)));
  return (req, res, next) => {
    const now = Date.now();
    if (now > nextSweep) {
      for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
      nextSweep = now + options.windowMs;
    }
    const key = options.key?.(req) ?? req.ip ?? 'unknown';
    let entry = hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + options.windowMs };
      hits.set(key, entry);
    }
    entry.count += 1;
    res.setHeader('RateLimit-Limit', String(max));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, max - entry.count)));
    if (entry.count > max) {
      const retryAfter = Math.ceil((entry.resetAt - now) / 1000);
      res.setHeader('Retry-After', String(retryAfter));
      req.log?.warn({ limit: options.name, key }, 'rate limited');
      throw new AppError(429, 'rate_limited', options.message);
    }
    next();
  };
}
