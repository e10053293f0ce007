import type { RequestHandler } from 'express';
import { lt, type SQL, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../db/client';
import { rateLimitHits } from '../db/schema';
import type { Config } from '../config';
import { AppError, type Words } from '../errors';

export type RateLimitOptions = {
  /** Names the limit in logs and keeps separate limits apart. */
  name: string;
  max: number;
  /** How long a count lasts: ten minutes unless given. */
  windowMs?: number;
  message: string;
  /** The message's words, for a client to say it in the reader's language. */
  said: Words;
  /**
   * Defaults to the client address (req.ip: an IPv6 address by its /64, with its /48 as a
   * network), which is only as good as TRUST_PROXY: behind a proxy it must name that proxy, or
   * every client would share the proxy's address.
   */
  key?: (req: Parameters<RequestHandler>[0]) => RateLimitKey;
  /**
   * Answers that give the request back: it did not happen as far as the limit is concerned (a
   * code that could not be sent is not one of the person's codes).
   */
  refundStatuses?: readonly number[];
};

/**
 * Whom a request counts as, and for an IPv6 client also the network it is part of: someone
 * handed a whole /48 (65,536 /64s) could otherwise rotate through /64s, so the /48 has a limit of
 * its own, NETWORK_SCALE times the single limit.
 */
export type RateLimitKey = { key: string; network?: string };
const NETWORK_SCALE = 16;

type Counted = { bucket: string; hits: number; retry_after_ms: number; max: number };

/**
 * The address a proxy reported, without the port some proxies append (`1.2.3.4:5678`,
 * `[2001:db8::1]:5678`) or the brackets: otherwise each new port would count as a new client.
 */
function bareAddress(ip: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(ip);
  if (bracketed) return bracketed[1] as string;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(ip);
  return v4WithPort ? (v4WithPort[1] as string) : ip;
}

/** The eight groups of an IPv6 address, leading zeros dropped. */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail] = (ip.split('%')[0] ?? '').toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return groups.map((group) => (group || '0').replace(/^0+(?=.)/, ''));
}

/**
 * Who a client address counts as: an IPv4 address as itself, an IPv6 address by its /64 (one
 * home or phone is handed a whole /64, so counting single addresses would let it rotate through
 * billions of them) within its /48. IPv4 written as IPv6 (::ffff:1.2.3.4) counts as the IPv4
 * address.
 */
export function clientAddressKey(reported: string | undefined): RateLimitKey {
  if (!reported) return { key: 'unknown' };
  const ip = bareAddress(reported.trim());
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return { key: mapped[1] as string };
  if (!ip.includes(':')) return { key: ip };
  const groups = ipv6Groups(ip);
  return {
    key: `${groups.slice(0, 4).join(':')}::/64`,
    network: `${groups.slice(0, 3).join(':')}::/48`,
  };
}

/** Counts a signed-in person as themselves, anyone else by their address. */
export const personOrAddressKey: NonNullable<RateLimitOptions['key']> = (req) =>
  req.user ? { key: req.user.id } : clientAddressKey(req.ip);

/**
 * A fixed-window counter per key, kept in PostgreSQL so that every server process counts against
 * the same limit. One statement per limited request: the window restarts when it has passed,
 * otherwise the count goes up, atomically, whichever process asks.
 */
export function rateLimit(
  db: AppDb,
  config: Pick<Config, 'rateLimitMultiplier' | 'rateLimitScope'>,
  options: RateLimitOptions,
): RequestHandler {
  const max = Math.max(1, Math.round(options.max * config.rateLimitMultiplier));
  const windowMs = options.windowMs ?? 10 * 60_000;
  return async (req, res, next) => {
    const { key, network } = options.key?.(req) ?? clientAddressKey(req.ip);
    // The scope keeps the counters of separate app instances on one database apart: empty in real
    // use, where every process must share them; each test app has its own.
    const prefix = `${config.rateLimitScope}${options.name}:`;
    const window = sql`now() + ${windowMs} * interval '1 millisecond'`;
    // Counted only while under its limit (or once its window has passed): a client already
    // refused is answered from the stored row, with no write, so a flood of refused requests
    // costs a read each and never a new row version to vacuum.
    const upsert = (bucket: string, limit: number, from: SQL = sql`(select 1) as one`) => sql`
      insert into ${rateLimitHits} as r (bucket, hits, reset_at)
      select ${bucket}, 1, ${window} from ${from}
      on conflict (bucket) do update set
        hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
        reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
      where r.reset_at <= now() or r.hits <= ${limit}
      returning bucket, hits,
        greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as retry_after_ms`;
    /**
     * A bucket the statement left alone (`written` is empty): its latest version was over its
     * limit within a window still running, which is all the WHERE above lets through. So it is
     * over, whatever the row this statement's snapshot holds says (another process may have
     * counted it up since); the stored row gives only its time left.
     */
    const stored = (bucket: string, limit: number, written: SQL) => sql`
      select bucket, greatest(hits, ${limit + 1})::int as hits,
        greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as retry_after_ms
      from ${rateLimitHits} where bucket = ${bucket} and not exists (select 1 from ${written})`;
    // PostgreSQL's text holds no NUL: a key made from what a client sent (a calendar feed's
    // address, say) carries it escaped, or the count itself failed with a 500.
    const ownBucket = `${prefix}${key.replaceAll('\0', '\\0')}`;
    const networkMax = max * NETWORK_SCALE;
    // The network's count goes up only for a request its /64 allowed: one client over its own
    // limit must not spend the allowance of everyone else in its /48. One statement either way.
    const counted = await queryRows<Counted>(
      db,
      network
        ? sql`
            with own_written as (${upsert(ownBucket, max)}),
            own as (select * from own_written union all ${stored(ownBucket, max, sql`own_written`)}),
            net_written as (${upsert(
              `${prefix}${network}`,
              networkMax,
              sql`own where own.hits <= ${max}`,
            )}),
            net as (
              select * from net_written
              union all ${stored(`${prefix}${network}`, networkMax, sql`net_written`)}
                and exists (select 1 from own where own.hits <= ${max})
            )
            select bucket, hits, retry_after_ms, ${max}::int as max from own
            union all
            select bucket, hits, retry_after_ms, ${networkMax}::int as max from net`
        : sql`
            with own_written as (${upsert(ownBucket, max)}),
            own as (select * from own_written union all ${stored(ownBucket, max, sql`own_written`)})
            select *, ${max}::int as max from own`,
    );
    // No row at all: the bucket was made and counted past its limit by others after this
    // statement's snapshot was taken (a burst at a tiny limit). Refused: never let through uncounted.
    const own = counted.find((row) => row.bucket === ownBucket) ?? {
      bucket: ownBucket,
      hits: max + 1,
      retry_after_ms: 1000,
      max,
    };
    if (!counted.includes(own)) counted.push(own);
    res.setHeader('RateLimit-Limit', String(max));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, max - own.hits)));
    const over = counted.filter((row) => row.hits > row.max);
    if (over.length) {
      const waitMs = Math.max(...over.map((row) => row.retry_after_ms));
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
      req.log?.warn({ limit: options.name, network: over[0] !== own }, 'rate limited');
      throw new AppError(429, 'rate_limited', options.message, options.said);
    }
    if (options.refundStatuses?.length) {
      const buckets = counted.map((row) => row.bucket);
      res.once('finish', () => {
        if (!options.refundStatuses!.includes(res.statusCode)) return;
        void db
          .execute(
            sql`update ${rateLimitHits} set hits = greatest(0, hits - 1)
                 where bucket in (${sql.join(
                   buckets.map((bucket) => sql`${bucket}`),
                   sql`, `,
                 )}) and reset_at > now()`,
          )
          .catch((err: unknown) => req.log?.warn({ err }, 'a rate-limit refund failed'));
      });
    }
    next();
  };
}

/** Forgets windows that have ended (a background job; a live window is never touched). */
export async function deleteExpiredRateLimits(db: AppDb): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.resetAt, sql`now()`));
}
