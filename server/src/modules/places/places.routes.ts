import {
  type PlaceList,
  PlaceSearchQuerySchema,
  ReversePlaceQuerySchema,
} from '@almquest/contracts/places';
import { Router } from 'express';
import { notFound, words } from '../../errors';
import { limiter } from '../../middleware/limits';
import { validate } from '../../middleware/validate';
import {
  createPlaceAnswers,
  type GazetteerStatus,
  lookUpPlaceAt,
  lookUpPlaces,
  type PlaceLookupDeps,
} from './place-lookup';
import type { RouteDeps } from '../route-deps';

/** Public place search over India's postal localities: no session needed, no personal data. */
export function placesRoutes({
  config,
  database,
  gazetteer,
  logger,
}: Pick<RouteDeps, 'config' | 'database' | 'logger'> & {
  gazetteer: GazetteerStatus;
}): Router {
  const router = Router();
  // Someone typing sends a search every few letters; this only stops a flood from one address
  // (or one IPv6 /64) from holding the database's connections.
  const searchLimit = limiter(database.db, config, 'places');

  const lookup: PlaceLookupDeps = {
    db: database.db,
    google: config.googlePlaces,
    gazetteer,
    logger,
    answers: createPlaceAnswers(),
  };

  router.get(
    '/places',
    searchLimit,
    validate({ query: PlaceSearchQuerySchema }, async ({ query }, _req, res) => {
      const found = await lookUpPlaces(lookup, query.q, query.limit);
      const body: PlaceList = { places: found.places };
      res.setHeader(
        'Cache-Control',
        found.source === 'google' ? 'private, max-age=300' : 'public, max-age=3600',
      );
      res.json(body);
    }),
  );

  router.get(
    '/places/reverse',
    searchLimit,
    validate({ query: ReversePlaceQuerySchema }, async ({ query }, _req, res) => {
      const place = await lookUpPlaceAt(lookup, query.lat, query.lng);
      if (!place) throw notFound('No known place near that point.', words('noPlaceNear'));
      res.json({ place });
    }),
  );

  return router;
}
