import {
  type PlaceList,
  PlaceSearchQuerySchema,
  ReversePlaceQuerySchema,
} from '@almquest/contracts/places';
import { Router } from 'express';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { validate } from '../../middleware/validate';
import { findNearestPlace, searchPlaces } from './places.service';

export type GazetteerStatus = { isReady: () => boolean };

function requireReady(gazetteer: GazetteerStatus) {
  if (!gazetteer.isReady()) {
    throw new AppError(
      503,
      'service_unavailable',
      'Place search is getting ready (first start loads the list of places). Try again in a minute.',
    );
  }
}

/** Public place search over India's postal localities: no session needed, no personal data. */
export function placesRoutes(database: Database, gazetteer: GazetteerStatus): Router {
  const router = Router();

  router.get(
    '/places',
    validate({ query: PlaceSearchQuerySchema }, async ({ query }, _req, res) => {
      requireReady(gazetteer);
      const body: PlaceList = { places: await searchPlaces(database.db, query.q, query.limit) };
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.json(body);
    }),
  );

  router.get(
    '/places/reverse',
    validate({ query: ReversePlaceQuerySchema }, async ({ query }, _req, res) => {
      requireReady(gazetteer);
      const place = await findNearestPlace(database.db, query.lat, query.lng);
      if (!place) throw notFound('No known place near that point.');
      res.json({ place });
    }),
  );

  return router;
}
