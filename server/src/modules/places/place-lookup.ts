import type { Place } from '@almquest/contracts/places';
import type { Config } from '../../config';
import type { AppDb } from '../../db/client';
import { serviceUnavailable } from '../../errors';
import type { Logger } from '../../logger';
import { reverseGooglePlace, searchGooglePlaces } from './google-places';
import { findNearestPlace, searchPlaces } from './places.service';

export type GazetteerStatus = { isReady: () => boolean };

export type PlaceLookupDeps = {
  db: AppDb;
  google: Config['googlePlaces'];
  gazetteer: GazetteerStatus;
  logger: Logger;
};

function requireReady(gazetteer: GazetteerStatus) {
  if (!gazetteer.isReady()) {
    throw serviceUnavailable(
      'Place search is getting ready (first start loads the list of places). Try again in a minute.',
    );
  }
}

/**
 * Place search: Google Places when configured, the offline gazetteer otherwise or when Google
 * fails. Says which answered, since their answers may be cached differently.
 */
export async function lookUpPlaces(
  { db, google, gazetteer, logger }: PlaceLookupDeps,
  q: string,
  limit: number,
): Promise<{ places: Place[]; source: 'google' | 'gazetteer' }> {
  if (google) {
    try {
      return { places: await searchGooglePlaces(google, q, limit), source: 'google' };
    } catch (err) {
      logger.warn({ err }, 'Google place search failed; using the gazetteer');
    }
  }
  requireReady(gazetteer);
  return { places: await searchPlaces(db, q, limit), source: 'gazetteer' };
}

/** The place at a point, by the same rules as lookUpPlaces; null when nothing is known near. */
export async function lookUpPlaceAt(
  { db, google, gazetteer, logger }: PlaceLookupDeps,
  lat: number,
  lng: number,
): Promise<Place | null> {
  if (google) {
    try {
      const place = await reverseGooglePlace(google, lat, lng);
      if (place) return place;
    } catch (err) {
      logger.warn({ err }, 'Google reverse geocoding failed; using the gazetteer');
    }
  }
  requireReady(gazetteer);
  return findNearestPlace(db, lat, lng);
}
