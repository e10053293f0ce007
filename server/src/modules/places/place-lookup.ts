import type { Place } from '@almquest/contracts/places';
import type { Config } from '../../config';
import type { AppDb } from '../../db/client';
import { serviceUnavailable, words } from '../../errors';
import { ExpiringMap } from '../../lib/expiring-map';
import type { Logger } from '../../logger';
import { reverseGooglePlace, searchGooglePlaces } from './google-places';
import { findNearestPlace, searchPlaces } from './places.service';

export type GazetteerStatus = { isReady: () => boolean };

export type PlaceLookupDeps = {
  db: AppDb;
  google: Config['googlePlaces'];
  gazetteer: GazetteerStatus;
  logger: Logger;
  /** The gazetteer's recent answers (createPlaceAnswers); none kept without it. */
  answers?: PlaceAnswers;
};

/**
 * The gazetteer's answers to recent searches, in this process: everyone typing a
 * city types the same first letters, and the list does not change once loaded. The least
 * recently asked goes first when full; an answer older than the TTL is asked again.
 */
export type PlaceAnswers = {
  get(q: string, limit: number): Place[] | undefined;
  set(q: string, limit: number, places: Place[]): void;
};

export function createPlaceAnswers({
  // Up to 20 places each: about 25 MB at most.
  maxEntries = 2_000,
  ttlMs = 10 * 60_000,
}: { maxEntries?: number; ttlMs?: number } = {}): PlaceAnswers {
  const kept = new ExpiringMap<Place[]>(maxEntries, ttlMs);
  return {
    get: (q, limit) => kept.get(`${limit}:${q}`),
    set: (q, limit, places) => kept.set(`${limit}:${q}`, Object.freeze(places) as Place[]),
  };
}

function requireReady(gazetteer: GazetteerStatus) {
  if (!gazetteer.isReady()) {
    throw serviceUnavailable(
      'Place search is getting ready (first start loads the list of places). Try again in a minute.',
      words('placesLoading'),
    );
  }
}

/**
 * Place search: Google Places when configured, the offline gazetteer otherwise or when Google
 * fails. Says which answered, since their answers may be cached differently.
 */
export async function lookUpPlaces(
  { db, google, gazetteer, logger, answers }: PlaceLookupDeps,
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
  // Kept only once the list is loaded (requireReady): it does not change after that.
  const known = answers?.get(q, limit);
  if (known) return { places: known, source: 'gazetteer' };
  const places = await searchPlaces(db, q, limit);
  answers?.set(q, limit, places);
  return { places, source: 'gazetteer' };
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
