import type { Health } from '@almquest/contracts/system';
import { Router } from 'express';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { presentPublicConfig } from './system.presenter';

const HEALTH_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Public routes: health and client configuration. No session needed. */
export function systemRoutes({ config, database }: { config: Config; database: Database }): Router {
  const router = Router();
  const publicConfig = presentPublicConfig(config);

  router.get('/health', async (req, res) => {
    let body: Health;
    try {
      await withTimeout(database.ping(), HEALTH_TIMEOUT_MS);
      body = { status: 'ok', db: database.kind };
    } catch (err) {
      req.log.warn({ err }, 'health check failed');
      body = { status: 'unavailable', db: database.kind };
    }
    res.setHeader('Cache-Control', 'no-store');
    if (body.status !== 'ok') res.setHeader('Retry-After', '5');
    res.status(body.status === 'ok' ? 200 : 503).json(body);
  });

  router.get('/config', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(publicConfig);
  });

  return router;
}
