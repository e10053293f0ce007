import {
  type PlaceList,
  PlaceSearchQuerySchema,
  ReversePlaceQuerySchema,
} from '@almquest/contracts/places';
import { Router } from 'express';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import type { Logger } from '../../logger';
import { reverseGooglePlace, searchGooglePlaces } from './google-places';
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
export function placesRoutes({
  config,
  database,
  gazetteer,
  logger,
}: {
  config: Config;
  database: Database;
  gazetteer: GazetteerStatus;
  logger: Logger;
}): Router {
  const google = config.googlePlaces;
  const router = Router();
  // Someone typing sends a search every few letters; this only stops a flood from one address
  // (or one IPv6 /64) from holding the database's connections.
  const searchLimit = rateLimit(database.db, {
    name: 'places',
    max: 120,
    multiplier: config.rateLimitMultiplier,
    scope: config.rateLimitScope,
    windowMs: 60_000,
    message: 'Too many place searches just now. Please wait a minute and try again.',
  });

  router.get(
    '/places',
    searchLimit,
    validate({ query: PlaceSearchQuerySchema }, async ({ query }, _req, res) => {
      if (google) {
        try {
          const body: PlaceList = {
            places: await searchGooglePlaces(google, query.q, query.limit),
          };
          res.setHeader('Cache-Control', 'private, max-age=300');
          res.json(body);
          return;
        } catch (err) {
          logger.warn({ err }, 'Google place search failed; using the gazetteer');
        }
      }
      requireReady(gazetteer);
      const body: PlaceList = { places: await searchPlaces(database.db, query.q, query.limit) };
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.json(body);
    }),
  );

  router.get(
    '/places/reverse',
    searchLimit,
    validate({ query: ReversePlaceQuerySchema }, async ({ query }, _req, res) => {
      if (google) {
        try {
          const place = await reverseGooglePlace(google, query.lat, query.lng);
          if (place) {
            res.json({ place });
            return;
          }
        } catch (err) {
          logger.warn({ err }, 'Google reverse geocoding failed; using the gazetteer');
        }
      }
      requireReady(gazetteer);
      const place = await findNearestPlace(database.db, query.lat, query.lng);
      if (!place) throw notFound('No known place near that point.');
      res.json({ place });
    }),
  );

  return router;
}
