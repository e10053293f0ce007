import { INDIA_BOUNDS } from '@almquest/contracts/location';
import type { Place } from '@almquest/contracts/places';
import type { Config } from '../../config';

type Settings = NonNullable<Config['googlePlaces']>;
const TIMEOUT_MS = 4000;

type TextSearchAnswer = {
  places?: {
    id?: string;
    displayName?: { text?: string };
    formattedAddress?: string;
    location?: { latitude?: number; longitude?: number };
  }[];
};
type GeocodeAnswer = {
  status?: string;
  results?: { formatted_address?: string; place_id?: string }[];
};

/** A stable number for a Google place id (our Place ids are numbers). */
function numericId(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function isInIndia(lat: number, lng: number): boolean {
  return (
    lat >= INDIA_BOUNDS.minLat &&
    lat <= INDIA_BOUNDS.maxLat &&
    lng >= INDIA_BOUNDS.minLng &&
    lng <= INDIA_BOUNDS.maxLng
  );
}

/**
 * Place search with Google (Places API Text Search, restricted to India) when a key is set. The
 * key stays on the server. Throws on any failure, so the caller can fall back to the gazetteer.
 */
export async function searchGooglePlaces(
  settings: Settings,
  q: string,
  limit: number,
): Promise<Place[]> {
  const res = await fetch(`${settings.placesUrl}/v1/places:searchText`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Goog-Api-Key': settings.apiKey,
      'X-Goog-FieldMask': 'places.id,places.displayName,places.formattedAddress,places.location',
    },
    body: JSON.stringify({
      textQuery: q,
      regionCode: 'IN',
      languageCode: 'en',
      pageSize: limit,
      locationRestriction: {
        rectangle: {
          low: { latitude: INDIA_BOUNDS.minLat, longitude: INDIA_BOUNDS.minLng },
          high: { latitude: INDIA_BOUNDS.maxLat, longitude: INDIA_BOUNDS.maxLng },
        },
      },
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`Google Places answered ${res.status}`);
  const body = (await res.json()) as TextSearchAnswer;
  const places: Place[] = [];
  for (const p of body.places ?? []) {
    const lat = p.location?.latitude;
    const lng = p.location?.longitude;
    if (typeof lat !== 'number' || typeof lng !== 'number' || !isInIndia(lat, lng) || !p.id)
      continue;
    const name = p.displayName?.text ?? p.formattedAddress ?? 'Unnamed place';
    places.push({
      id: numericId(p.id),
      name,
      kind: 'locality',
      district: null,
      state: null,
      pin: null,
      address: p.formattedAddress ?? name,
      coordinates: [lat, lng],
    });
  }
  return places.slice(0, limit);
}

/** The address Google gives a point (Geocoding API), or null when it has none. */
export async function reverseGooglePlace(
  settings: Settings,
  lat: number,
  lng: number,
): Promise<Place | null> {
  const url = `${settings.geocodeUrl}/maps/api/geocode/json?latlng=${lat},${lng}&region=in&key=${encodeURIComponent(settings.apiKey)}`;
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`Google Geocoding answered ${res.status}`);
  const body = (await res.json()) as GeocodeAnswer;
  if (body.status === 'ZERO_RESULTS') return null;
  const first = body.results?.[0];
  if (body.status !== 'OK' || !first?.formatted_address)
    throw new Error(`Google Geocoding said ${body.status}`);
  return {
    id: numericId(first.place_id ?? first.formatted_address),
    name: first.formatted_address.split(',')[0] ?? first.formatted_address,
    kind: 'locality',
    district: null,
    state: null,
    pin: null,
    address: first.formatted_address,
    coordinates: [lat, lng],
  };
}
