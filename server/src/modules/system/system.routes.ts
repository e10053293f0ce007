import type { Health } from '@almquest/contracts/system';
import { sql } from 'drizzle-orm';
import { Router } from 'express';
import type { GazetteerStatus } from '../places/place-lookup';
import { presentPublicConfig } from './system.presenter';
import { withTimeout } from '../../lib/with-timeout';
import type { RouteDeps } from '../route-deps';

const HEALTH_TIMEOUT_MS = 2000;

/** PostgreSQL's "undefined table" (42P01), here or in an error's causes. */
function isUndefinedTable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    if ((e as Error & { code?: unknown }).code === '42P01') return true;
    e = e.cause;
  }
  return false;
}

/**
 * Whether the database takes writes: a request that failed on a full disk or a
 * read-only database says so, and readiness then tries a small write of its own at each check
 * until one succeeds again.
 */
export type WriteHealth = { refused(): void; isRefused(): boolean; recovered(): void };

export function createWriteHealth(): WriteHealth {
  let isRefused = false;
  return {
    refused: () => {
      isRefused = true;
    },
    isRefused: () => isRefused,
    recovered: () => {
      isRefused = false;
    },
  };
}

/** Public routes: health and client configuration. No session needed. */
export function systemRoutes({
  config,
  database,
  gazetteer,
  isStopping,
  writes,
}: Pick<RouteDeps, 'config' | 'database'> & {
  gazetteer: GazetteerStatus;
  isStopping: () => boolean;
  writes: WriteHealth;
}): Router {
  const router = Router();
  const publicConfig = presentPublicConfig(config);

  /** Liveness: the process runs and answers; nothing else is asked. */
  router.get('/health/live', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });

  /** Readiness: the database answers and takes writes, and the place list is loaded. */
  router.get('/health', async (req, res) => {
    const checks: Health['checks'] = {
      database: 'ok',
      places: 'ok',
      writes: 'ok',
      process: isStopping() ? 'stopping' : 'ok',
    };
    try {
      await withTimeout(database.ping(), HEALTH_TIMEOUT_MS);
    } catch (err) {
      req.log.warn({ err }, 'health check failed');
      checks.database = isUndefinedTable(err) ? 'notMigrated' : 'unreachable';
      checks.writes = 'unknown';
    }
    if (!gazetteer.isReady()) checks.places = 'loading';
    if (writes.isRefused() && checks.database === 'ok') {
      try {
        await withTimeout(
          database.db
            .execute(sql`insert into app_state (key, value) values ('write_check', now()::text)
            on conflict (key) do update set value = excluded.value`),
          HEALTH_TIMEOUT_MS,
        );
        writes.recovered();
      } catch (err) {
        req.log.warn({ err }, 'the database still refuses writes');
        checks.writes = 'refused';
      }
    }
    const isReady = Object.values(checks).every((c) => c === 'ok');
    const body: Health = { status: isReady ? 'ok' : 'unavailable', db: database.kind, checks };
    res.setHeader('Cache-Control', 'no-store');
    if (!isReady) res.setHeader('Retry-After', '5');
    res.status(isReady ? 200 : 503).json(body);
  });

  router.get('/config', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(publicConfig);
  });

  return router;
}
