import type { Impact, PersonalImpact } from '@almquest/contracts/impact';
import { Router } from 'express';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { refuseCrossSite } from '../../middleware/same-origin';
import { exportSelect, PACKAGE_COLUMNS, streamPackagesCsv } from '../coordinator/csv-export';
import { ownPathRoute } from '../users/own-path';
import { cachedImpact, personalImpact } from './impact.service';
import type { RouteDeps } from '../route-deps';

/** GET /api/impact: the public figures. No session needed. */
export function impactRoutes({
  config,
  database,
}: Pick<RouteDeps, 'database'> & {
  config: Pick<Config, 'impactCacheMs'>;
}): Router {
  const router = Router();
  const impact = cachedImpact(database.db, config.impactCacheMs);
  const maxAge = Math.round(config.impactCacheMs / 1000);
  router.get('/impact', async (_req, res) => {
    const body: Impact = await impact();
    res.setHeader('Cache-Control', maxAge > 0 ? `public, max-age=${maxAge}` : 'no-store');
    res.json(body);
  });
  return router;
}

/** The columns of a person's own export: their packages, as their pages show them. */
export const OWN_EXPORT_COLUMNS = [
  ...PACKAGE_COLUMNS,
  'donor_name',
  'distributor_name',
  'meet_address',
  'ready_until',
  'received_at',
  'distributed_at',
  'served_count',
];

/** A person's own figures and their own packages as CSV (their profile). */
export function personalImpactRoutes({ database }: { database: Database }): Router {
  const router = Router();
  const db = database.db;
  router.get(
    '/:userType/:id/impact',
    ...ownPathRoute(async ({ user }, _req, res) => {
      const body: PersonalImpact = await personalImpact(db, {
        id: user.id,
        userType: user.userType === 'donor' ? 'donor' : 'distributor',
      });
      res.json(body);
    }),
  );
  router.get(
    '/:userType/:id/packages.csv',
    refuseCrossSite(),
    ...ownPathRoute(async ({ user }, _req, res) => {
      await streamPackagesCsv(db, res, {
        filename: 'almquest-my-packages.csv',
        // A donor sees who took a package, and where they meet, once it was accepted, as their
        // package page does (packages.presenter.ts): an offer never accepted names nobody.
        select: exportSelect(
          OWN_EXPORT_COLUMNS,
          user.userType === 'donor'
            ? {
                distributor_name: sql`case when p.paired_at is not null then p.distributor_name end`,
                meet_address: sql`case when p.paired_at is not null then p.meet_address end`,
              }
            : {},
        ),
        // A distributor's: the packages they accepted (an offer they never took is not theirs).
        where:
          user.userType === 'donor'
            ? sql`p.donor_id = ${user.id}`
            : sql`p.distributor_id = ${user.id} and p.paired_at is not null`,
        columns: OWN_EXPORT_COLUMNS,
      });
    }),
  );
  return router;
}
