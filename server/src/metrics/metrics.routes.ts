import { createHash, timingSafeEqual } from 'node:crypto';
import { PACKAGE_STATES } from '@almquest/contracts/packages';
import { sql } from 'drizzle-orm';
import { Router } from 'express';
import type { Config } from '../config';
import { withTimeout } from '../lib/with-timeout';
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
 * Reads what the service holds: packages by state (0 for a state none is in), at risk, expired
 * while unpaired, and the timeline's events by kind, all counted afresh (a count past the last
 * one seen missed events whose transactions committed out of order). False when the database
 * did not answer in time: the figures are then left out of the scrape, not shown stale.
 */
async function readDatabaseFigures(database: Database): Promise<boolean> {
  try {
    const [states, [risk], events] = await withTimeout(
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
        queryRows<{ kind: string; n: number }>(
          database.db,
          sql`select kind, count(*)::int as n from package_events group by kind`,
        ),
      ]),
      DATABASE_WAIT_MS,
    );
    for (const state of PACKAGE_STATES) packagesByState.set({ state }, 0);
    for (const { state, n } of states) packagesByState.set({ state }, n);
    packagesAtRisk.set(risk?.at_risk ?? 0);
    expiredUnpaired.set(risk?.expired_unpaired ?? 0);
    packageEvents.reset();
    for (const { kind, n } of events) packageEvents.set({ kind }, n);
    return true;
  } catch {
    // The labelled ones lose their series; the two without labels are left as they are (a reset
    // would make them 0 for a scrape running alongside) and out of this scrape's answer.
    packagesByState.reset();
    packageEvents.reset();
    return false;
  }
}

/** The database's figures that have no labels, so cannot be emptied: left out when not read. */
const UNLABELLED_FIGURES = ['almquest_packages_at_risk', 'almquest_packages_expired_unpaired'];

/** An exposition without the named metrics (their HELP, TYPE and samples). */
export function withoutMetrics(text: string, names: readonly string[]): string {
  const isTheirs = (line: string) =>
    names.some(
      (name) =>
        line.startsWith(`# HELP ${name} `) ||
        line.startsWith(`# TYPE ${name} `) ||
        line.startsWith(`${name} `) ||
        line.startsWith(`${name}{`),
    );
  return text
    .split('\n')
    .filter((line) => !isTheirs(line))
    .join('\n');
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
  // Exactly /metrics: not /METRICS or /metrics/ as well (Express's default), which a proxy's
  // `location = /metrics` rule keeping the path private would not cover.
  const router = Router({ caseSensitive: true, strict: true });
  const token = config.metricsToken;
  if (token === null) {
    // Not the client's page either (it answers every other path).
    router.get('/metrics', (_req, res) => {
      res.status(404).json({ error: { code: 'not_found', message: 'Not found.' } });
    });
    return router;
  }
  collectProcessMetrics();
  const expected = digest(token);
  router.get('/metrics', async (req, res, next) => {
    try {
      // "Bearer <token>", the scheme in any case (RFC 9110); compared as digests of equal
      // length, in constant time.
      const given = /^bearer +(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(digest(given), expected)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
        res.status(401).json({
          error: { code: 'unauthorized', message: 'Send the metrics token as a bearer token.' },
        });
        return;
      }
      // Up is whether it answers at all; a lock or a slow count only leaves the figures out.
      const [isUp, hasFigures] = await Promise.all([
        withTimeout(database.ping(), DATABASE_WAIT_MS).then(
          () => true,
          () => false,
        ),
        readDatabaseFigures(database),
      ]);
      if (!hasFigures) logger.warn('metrics: the database figures were not read in time');
      databaseUp.set(isUp ? 1 : 0);
      liveConnections.set(live.hub.connectionCount);
      const pool = database.poolStats();
      if (pool) for (const [state, n] of Object.entries(pool)) poolConnections.set({ state }, n);
      res.setHeader('Content-Type', metricsRegistry.contentType);
      res.setHeader('Cache-Control', 'no-store');
      const text = await metricsRegistry.metrics();
      // A gauge without labels says 0 once reset: the figures not read are left out instead
      // (a 0 would be read as "nothing at risk", and set off the expired-unpaired alert later).
      res.send(hasFigures ? text : withoutMetrics(text, UNLABELLED_FIGURES));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
