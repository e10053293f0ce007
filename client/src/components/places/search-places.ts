import { type Place, PlaceListSchema } from '@almquest/contracts/places';
import { api } from '../../lib/api-client';

/** GET /api/places?q=: up to eight places whose names start like the text typed. */
export async function searchPlaces(q: string, signal?: AbortSignal): Promise<Place[]> {
  return (await api.get('/places', PlaceListSchema, { params: { q, limit: 8 }, signal })).places;
}
