import { type Place, ReversePlaceSchema } from '@almquest/contracts/places';
import { api } from '../../lib/api-client';

/** GET /api/places/reverse?lat=&lng=: the nearest known place to a point. */
export async function reversePlace(lat: number, lng: number): Promise<Place> {
  return (await api.get('/places/reverse', ReversePlaceSchema, { params: { lat, lng } })).place;
}
