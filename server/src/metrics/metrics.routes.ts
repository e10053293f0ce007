import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Router } from 'express';
import type { Config } from '../config';
import { queryRows, type Database } from '../db/client';
import type { Logger } from '../logger';
import type { LiveEvents } from '../realtime/live-events';
import {
  collectProcessMetrics,
  databaseUp,
  expiredUnpaired,
  liveConnections,
  metricsRegistry,
  packageEvents,
  packagesAtRisk,
  packagesByState,
  poolConnections,
} from './metrics';

/** A scrape that finds the database slow answers without its figures rather than hang. */
const DATABASE_WAIT_MS = 2000;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The timeline's events by kind, counted as they are added: each scrape reads only the events
 * written since the last one (by id), so a long history costs one count at the first scrape.
 */
export function createEventCounter(database: Database) {
  const counts = new Map<string, number>();
  let lastId = 0;
  // Scrapes at once take turns: two reading past the same id would count its events twice.
  let turn: Promise<unknown> = Promise.resolve();
  const readNew = async () => {
    const rows = await queryRows<{ kind: string; n: number; last: string | null }>(
      database.db,
      sql`select kind, count(*)::int as n, max(id)::text as last
            from package_events where id > ${lastId} group by kind`,
    );
    for (const row of rows) {
      counts.set(row.kind, (counts.get(row.kind) ?? 0) + row.n);
      lastId = Math.max(lastId, Number(row.last));
    }
    return counts;
  };
  return (): Promise<Map<string, number>> => {
    const mine = turn.then(readNew, readNew);
    turn = mine.catch(() => undefined);
    return mine;
  };
}

/** Reads what the service holds; false when the database did not answer in time. */
async function readDatabaseFigures(
  database: Database,
  eventCounts: () => Promise<Map<string, number>>,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer')), DATABASE_WAIT_MS);
  });
  try {
    const [states, [risk], counts] = await Promise.race([
      Promise.all([
        queryRows<{ state: string; n: number }>(
          database.db,
          sql`select state, count(*)::int as n from packages group by state`,
        ),
        queryRows<{ at_risk: number; expired_unpaired: number }>(
          database.db,
          sql`select count(*) filter (where raised_at is not null
                                        and state in ('Not Paired', 'Offered'))::int as at_risk,
                     count(*) filter (where state = 'Expired' and paired_at is null)::int
                       as expired_unpaired
                from packages`,
        ),
        eventCounts(),
      ]),
      late,
    ]);
    packagesByState.reset();
    for (const { state, n } of states) packagesByState.set({ state }, n);
    packagesAtRisk.set(risk?.at_risk ?? 0);
    expiredUnpaired.set(risk?.expired_unpaired ?? 0);
    for (const [kind, n] of counts) packageEvents.set({ kind }, n);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /metrics in Prometheus's text format, on the app's port only with METRICS_TOKEN set and
 * asked for as `Authorization: Bearer <token>` (401 otherwise); without METRICS_TOKEN, 404, as
 * for any path that does not exist. Nothing about the service is public.
 */
export function metricsRoutes({
  config,
  database,
  live,
  logger,
}: {
  config: Config;
  database: Database;
  live: LiveEvents;
  logger: Logger;
}): Router {
  const router = Router();
  const token = config.metricsToken;
  if (token === null) {
    // Not the client's page either (it answers every other path).
    router.get('/metrics', (_req, res) => {
      res.status(404).json({ error: { code: 'not_found', message: 'Not found.' } });
    });
    return router;
  }
  collectProcessMetrics();
  const expected = digest(`Bearer ${token}`);
  const eventCounts = createEventCounter(database);
  router.get('/metrics', async (req, res, next) => {
    try {
      const given = req.headers.authorization ?? '';
      // Compared as digests of equal length, in constant time.
      if (!timingSafeEqual(digest(given), expected)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
        res.status(401).json({
          error: { code: 'unauthorized', message: 'Send the metrics token as a bearer token.' },
        });
        return;
      }
      const isUp = await readDatabaseFigures(database, eventCounts);
      if (!isUp) logger.warn('metrics: the database did not answer in time');
      databaseUp.set(isUp ? 1 : 0);
      liveConnections.set(live.hub.connectionCount);
      const pool = database.poolStats();
      if (pool) for (const [state, n] of Object.entries(pool)) poolConnections.set({ state }, n);
      res.setHeader('Content-Type', metricsRegistry.contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.send(await metricsRegistry.metrics());
    } catch (error) {
      next(error);
    }
  });
  return router;
}
