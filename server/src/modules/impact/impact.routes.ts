import type { Impact } from '@almquest/contracts/impact';
import { Router } from 'express';
import type { Database } from '../../db/client';
import { cachedImpact } from './impact.service';

/** GET /api/impact: public totals for the landing page. No session needed. */
export function impactRoutes({ database }: { database: Database }): Router {
  const router = Router();
  const impact = cachedImpact(database.db);
  router.get('/impact', async (_req, res) => {
    const body: Impact = await impact();
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.json(body);
  });
  return router;
}
