import type { RequestHandler } from 'express';
import { lt, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { AppError } from '../errors';

export type RateLimitOptions = {
  /** Names the limit in logs and keeps separate limits apart. */
  name: string;
  max: number;
  /** Scales max (config.rateLimitMultiplier). */
  multiplier?: number;
  /**
   * Keeps the counters of separate app instances on one database apart (config.rateLimitScope:
   * empty in real use, where every process must share them; each test app has its own).
   */
  scope?: string;
  windowMs: number;
  message: string;
  /**
   * Defaults to the client address (req.ip, an IPv6 address by its /64), which is only as good as
   * TRUST_PROXY: behind a proxy it must name that proxy, or every client would share the
   * proxy's address.
   */
  key?: (req: Parameters<RequestHandler>[0]) => string;
};

type Counted = { hits: number; retry_after_ms: number };

/**
 * Who a client address counts as: an IPv4 address as itself, an IPv6 address by its /64 (one
 * home or phone is handed a whole /64, so counting single addresses would let it rotate through
 * billions of them). IPv4 written as IPv6 (::ffff:1.2.3.4) counts as the IPv4 address.
 */
export function clientAddressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = (ip.split('%')[0] ?? '').toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => (group || '0').replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Counts a signed-in person as themselves, anyone else by their address. */
export const personOrAddressKey: NonNullable<RateLimitOptions['key']> = (req) =>
  req.user?.id ?? clientAddressKey(req.ip);

/**
 * A fixed-window counter per key, kept in PostgreSQL so that every server process counts against
 * the same limit. One statement per limited request: the window restarts when it has passed,
 * otherwise the count goes up, atomically, whichever process asks.
 */
export function rateLimit(db: AppDb, options: RateLimitOptions): RequestHandler {
  const max = Math.max(1, Math.round(options.max * (options.multiplier ?? 1)));
  return async (req, res, next) => {
    const key = options.key?.(req) ?? clientAddressKey(req.ip);
    const bucket = `${options.scope ?? ''}${options.name}:${key}`;
    const [counted] = await queryRows<Counted>(
      db,
      sql`
        insert into ${rateLimitHits} as r (bucket, hits, reset_at)
        values (${bucket}, 1, now() + ${options.windowMs} * interval '1 millisecond')
        on conflict (bucket) do update set
          hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
          reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
        returning hits,
          greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as retry_after_ms`,
    );
    const hits = counted?.hits ?? 1;
    res.setHeader('RateLimit-Limit', String(max));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, max - hits)));
    if (hits > max) {
      res.setHeader(
        'Retry-After',
        String(Math.max(1, Math.ceil((counted?.retry_after_ms ?? 0) / 1000))),
      );
      req.log?.warn({ limit: options.name }, 'rate limited');
      throw new AppError(429, 'rate_limited', options.message);
    }
    next();
  };
}

/** Forgets windows that have ended (a background job; a live window is never touched). */
export async function deleteExpiredRateLimits(db: AppDb): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.resetAt, sql`now()`));
}
